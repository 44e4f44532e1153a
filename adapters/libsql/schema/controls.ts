/**
 * Controls around results and people: markets held under review after an unsettlement (migration
 * 0046) and requests that wait for a second staff member's approval (migration 0047). Their
 * guard triggers are in those migrations.
 */
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { sql } from "drizzle-orm";
import { markets } from "./catalog.ts";
import { users } from "./users.ts";

/** A market whose result an operator withdrew: no automatic settlement until it is resettled or released. */
export const marketReviews = sqliteTable("market_reviews", {
  marketId: text("market_id").primaryKey().references(() => markets.id),
  openedAt: integer("opened_at").notNull(),
  openedBy: text("opened_by").notNull(),
  reason: text("reason").notNull(),
});

/** A change waiting for a second approver (domain/approvals); decided once, never deleted. */
export const approvalRequests = sqliteTable(
  "approval_requests",
  {
    id: text("id").primaryKey(),
    kind: text("kind", { enum: ["bet_resettle", "market_resettle", "market_unsettle", "market_limit", "bonus", "event_limit", "risk_setting"] }).notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    /** Cents: the money the change moves, or the new limit asked for. */
    amount: integer("amount").notNull(),
    summary: text("summary").notNull(),
    /** JSON: the request as made, and what it was made against (re-checked when approved). */
    payload: text("payload").notNull(),
    state: text("state", { enum: ["pending", "approved", "rejected", "stale"] }).notNull().default("pending"),
    requestedBy: text("requested_by").notNull().references(() => users.id),
    requestedAt: integer("requested_at").notNull(),
    decidedBy: text("decided_by").references(() => users.id),
    decidedAt: integer("decided_at"),
    decisionNote: text("decision_note"),
  },
  (t) => [
    index("approval_requests_state_idx").on(t.state, t.requestedAt),
    uniqueIndex("approval_requests_open_uq").on(t.kind, t.subjectId).where(sql`${t.state} = 'pending' AND ${t.kind} <> 'bonus'`),
    check("approval_requests_kind_ck", sql`${t.kind} IN ('bet_resettle','market_resettle','market_unsettle','market_limit','bonus','event_limit','risk_setting')`),
    check("approval_requests_state_ck", sql`${t.state} IN ('pending','approved','rejected','stale')`),
    check("approval_requests_amount_ck", sql`${t.amount} >= 0`),
    check("approval_requests_decided_ck", sql`(${t.state} = 'pending') = (${t.decidedBy} IS NULL)`),
    check("approval_requests_four_eyes_ck", sql`${t.decidedBy} IS NULL OR ${t.decidedBy} <> ${t.requestedBy}`),
  ],
);
