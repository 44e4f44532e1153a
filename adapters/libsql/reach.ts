/**
 * The demo sandbox in SQL (domain/shared/reach.ts): the filter every person-level list takes from
 * the actor's reach, and the owner of an object for the object checks. "Who is demo, who is a
 * sample" is written here once, as real-money.ts writes "demo money" once for the figures.
 */
import type { Client } from "@libsql/client";
import type { AccountKind, AccountKinds, ReachObject, SharedScope } from "../../domain/ports/account-kinds.ts";
import type { Reach } from "../../domain/shared/reach.ts";
import { DEMO_USER_IDS } from "./real-money.ts";

/** The ids of demo and sample accounts: a demo staff member's whole world. */
const SANDBOX_USER_IDS = "SELECT id FROM users WHERE is_demo = 1 OR is_sample = 1";

/**
 * SQL true when the user id in `column` (a NOT NULL column) is within `reach`: not a demo account
 * for real staff; a demo or sample account for demo staff.
 */
export const inReach = (reach: Reach, column: string): string =>
  reach === "real" ? `${column} NOT IN (${DEMO_USER_IDS})` : `${column} IN (${SANDBOX_USER_IDS})`;

/** The account kind of the users row aliased `u`. */
export const KIND_OF_USER = "CASE WHEN u.is_demo = 1 THEN 'demo' WHEN u.is_sample = 1 THEN 'sample' ELSE 'registered' END";

/** How to find an object's owner: a primary-key read of the object, then of its user. */
const OWNER_OF: Record<ReachObject, string> = {
  user: "?",
  bet: "(SELECT user_id FROM bets WHERE id = ?)",
  payment: "(SELECT user_id FROM payments WHERE id = ?)",
  fraud_alert: "(SELECT user_id FROM fraud_alerts WHERE id = ?)",
};

export class LibsqlAccountKinds implements AccountKinds {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async ownerKind(object: ReachObject, id: string): Promise<AccountKind | null> {
    const rs = await this.client.execute({ sql: `SELECT ${KIND_OF_USER} AS kind FROM users u WHERE u.id = ${OWNER_OF[object]}`, args: [id] });
    return rs.rows.length === 0 ? null : (String(rs.rows[0].kind) as AccountKind);
  }

  async registeredBetsOn(scope: SharedScope): Promise<boolean> {
    const registered = "u.is_demo = 0 AND u.is_sample = 0";
    if ("contestId" in scope) {
      const rs = await this.client.execute({
        sql: `SELECT EXISTS (SELECT 1 FROM fantasy_entries fe JOIN users u ON u.id = fe.user_id WHERE fe.contest_id = ? AND ${registered}) AS held`,
        args: [scope.contestId],
      });
      return Number(rs.rows[0].held) === 1;
    }
    // Legs found through their event (bet_legs_event_idx); a market narrows them to its own.
    const [where, args] =
      "marketId" in scope
        ? ["l.event_id = (SELECT event_id FROM markets WHERE id = ?) AND l.market_id = ?", [scope.marketId, scope.marketId]]
        : ["l.event_id = ?", [scope.eventId]];
    const rs = await this.client.execute({
      sql: `SELECT EXISTS (SELECT 1 FROM bet_legs l JOIN bets b ON b.id = l.bet_id JOIN users u ON u.id = b.user_id
              WHERE ${where} AND ${registered}) AS held`,
      args,
    });
    return Number(rs.rows[0].held) === 1;
  }
}
