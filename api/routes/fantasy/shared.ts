/** What the fantasy routes share: their OpenAPI tags, who is asking. */
import type { Actor } from "../../../domain/shared/types.ts";

export const TAG = "Fantasy";
export const ADMIN_TAG = "Fantasy (admin)";


export const viewerId = (actor: Actor): string | null => (actor.kind === "user" ? actor.user.id : null);

