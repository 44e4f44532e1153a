/**
 * Settlement exceptions on libSQL (migration 0044): a settlement a guard refused, recorded with its
 * audit entry in one write. The partial unique index keeps one open exception per bet and guard, so
 * the results job retrying a market adds nothing (the second write is refused whole, audit too);
 * the bets trigger resolves them when the bet leaves pending.
 */
import type { Client } from "@libsql/client";
import type { SettlementExceptionRecord, SettlementExceptions, SettlementExceptionView } from "../../domain/ports/index.ts";
import type { AuditEntry } from "../../domain/shared/types.ts";
import { auditStatement } from "./audit.ts";
import { constraintOf } from "./statements.ts";

export class LibsqlSettlementExceptions implements SettlementExceptions {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async record(x: SettlementExceptionRecord, audit: AuditEntry): Promise<"recorded" | "already_open"> {
    try {
      await this.client.batch(
        [
          {
            sql: `INSERT INTO settlement_exceptions (id, bet_id, market_id, code, message, attempted_status, attempted_return, via, created_at)
                  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            args: [x.id, x.betId, x.marketId, x.code, x.message, x.attemptedStatus, x.attemptedReturn, x.via, x.createdAt.getTime()],
          },
          auditStatement(audit),
        ],
        "write",
      );
      return "recorded";
    } catch (e) {
      // The open exception for this bet and guard is already there (a retry): nothing more is written.
      if (constraintOf(e) === "UNIQUE constraint failed: settlement_exceptions.bet_id") return "already_open";
      throw e;
    }
  }

  async list(opts: { includeResolved: boolean; limit: number }): Promise<SettlementExceptionView[]> {
    const rs = await this.client.execute({
      sql: `SELECT x.*, b.user_id, b.bet_type, b.stake, b.potential_return, b.status AS bet_status,
                   m.name AS market_name, e.name AS event_name
            FROM settlement_exceptions x
            JOIN bets b ON b.id = x.bet_id
            LEFT JOIN markets m ON m.id = x.market_id
            LEFT JOIN events e ON e.id = m.event_id
            ${opts.includeResolved ? "" : "WHERE x.resolved_at IS NULL"}
            ORDER BY x.created_at DESC, x.id DESC
            LIMIT ?`,
      args: [opts.limit],
    });
    return rs.rows.map((r) => ({
      id: String(r.id),
      betId: String(r.bet_id),
      marketId: r.market_id === null ? null : String(r.market_id),
      code: String(r.code),
      message: String(r.message),
      attemptedStatus: r.attempted_status as SettlementExceptionView["attemptedStatus"],
      attemptedReturn: Number(r.attempted_return),
      via: String(r.via),
      createdAt: new Date(Number(r.created_at)),
      resolvedAt: r.resolved_at === null ? null : new Date(Number(r.resolved_at)),
      userId: String(r.user_id),
      betType: String(r.bet_type),
      stake: Number(r.stake),
      potentialReturn: Number(r.potential_return),
      betStatus: String(r.bet_status),
      marketName: r.market_name === null ? null : String(r.market_name),
      eventName: r.event_name === null ? null : String(r.event_name),
    }));
  }
}
