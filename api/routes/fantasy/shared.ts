/** What the fantasy routes share: their OpenAPI tags, the fantasy port of the request, who is asking. */
import type { Context } from "hono";
import type { AppEnv } from "../../env.ts";
import { unwrap } from "../../errors.ts";
import type { Fantasy } from "../../../domain/ports/index.ts";
import type { Actor } from "../../../domain/shared/types.ts";
import { fantasyPort } from "../../../domain/fantasy/common.ts";

export const TAG = "Fantasy";
export const ADMIN_TAG = "Fantasy (admin)";

export function portOf(c: Context<AppEnv>): Fantasy {
  return unwrap(fantasyPort(c.get("deps")));
}

export const viewerId = (actor: Actor): string | null => (actor.kind === "user" ? actor.user.id : null);

