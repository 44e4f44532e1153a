/**
 * The back office's list of every event a page at a time, searchable: read by admins and traders,
 * who both run the book.
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { ok, type Result } from "../shared/result.ts";
import type { AdminEventFilter, AdminEventRow, ListPage } from "../ports/admin-lists.ts";

export async function operatorEvents(ctx: Ctx, filter: AdminEventFilter): Promise<Result<ListPage<AdminEventRow> | "bad_cursor">> {
  const who = requireRole(ctx.actor, ["admin", "trader"], "read the events list");
  if (!who.ok) return who;
  return ok(await ctx.ports.adminLists.events(filter));
}
