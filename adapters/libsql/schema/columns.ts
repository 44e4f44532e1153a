/** Column helpers shared by the schema's files (not tables: schema/index.ts does not re-export them). */
import { integer } from "drizzle-orm/sqlite-core";

export const createdAt = () => integer("created_at").notNull();
