/** Cash-out quotes and acceptance, and same game multi statistics, on libSQL. */
import type { Client, InStatement } from "@libsql/client";
import type { CashOutOutcome, CashOutPlan, CashOutQuote, CashOuts } from "../../domain/ports/cash-outs.ts";
import type { SameGameMultiCombination, SameGameMultis, SgmLegInput } from "../../domain/ports/same-game-multis.ts";
import { auditStatement } from "./audit.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";
import { ledgerStatements } from "./ledger-statements.ts";

/** Quotes live 10 seconds; ones older than this are removed when new ones are written. */
const KEEP_QUOTES_MS = 3_600_000;

export class LibsqlCashOuts implements CashOuts {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async saveQuote(q: CashOutQuote): Promise<void> {
    await this.client.batch(
      [
        { sql: "DELETE FROM cash_out_quotes WHERE expires_at < ?", args: [q.createdAt.getTime() - KEEP_QUOTES_MS] },
        {
          sql: "INSERT INTO cash_out_quotes (id, bet_id, user_id, amount, leg_prices, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
          args: [q.id, q.betId, q.userId, q.amount, JSON.stringify(q.legPrices), q.createdAt.getTime(), q.expiresAt.getTime()],
        },
      ],
      "write",
    );
  }

  async findQuote(id: string): Promise<CashOutQuote | null> {
    const rs = await this.client.execute({ sql: "SELECT * FROM cash_out_quotes WHERE id = ?", args: [id] });
    const r = rs.rows[0];
    if (!r) return null;
    return {
      id: String(r.id),
      betId: String(r.bet_id),
      userId: String(r.user_id),
      amount: Number(r.amount),
      createdAt: new Date(Number(r.created_at)),
      expiresAt: new Date(Number(r.expires_at)),
      legPrices: JSON.parse(String(r.leg_prices)) as CashOutQuote["legPrices"],
    };
  }

  async accept(plan: CashOutPlan): Promise<CashOutOutcome> {
    const { quote } = plan;
    const at = plan.at.getTime();
    const statements: InStatement[] = [
      // The settle-once trigger aborts the write if the bet is no longer pending.
      {
        sql: "UPDATE bets SET status = 'cashed_out', actual_return = ?, settled_at = ?, settled_by = ? WHERE id = ? AND user_id = ?",
        args: [quote.amount, at, quote.userId, quote.betId, quote.userId],
      },
      // ... and it must have been this customer's bet (an UPDATE of no row would let the payout through),
      assertStatement("changes() = 1", []),
      // the quote unexpired and for this bet and amount,
      assertStatement(
        "EXISTS (SELECT 1 FROM cash_out_quotes WHERE id = ? AND bet_id = ? AND user_id = ? AND amount = ? AND expires_at > ?)",
        [quote.id, quote.betId, quote.userId, quote.amount, at],
      ),
      // covering exactly the bet's legs,
      assertStatement("(SELECT COUNT(*) FROM bet_legs WHERE bet_id = ?) = ?", [quote.betId, quote.legPrices.length]),
      // each still at the quoted price in an open market of an unfinished event.
      ...quote.legPrices.map((l) =>
        assertStatement(
          `EXISTS (SELECT 1 FROM bet_legs bl JOIN outcomes o ON o.id = bl.outcome_id JOIN markets m ON m.id = o.market_id
                   JOIN events e ON e.id = m.event_id
                   WHERE bl.bet_id = ? AND bl.outcome_id = ? AND o.price_milli = ? AND m.status = 'open' AND e.status <> 'finished')`,
          [quote.betId, l.outcomeId, l.priceMilli],
        )),
      ...(plan.transaction ? ledgerStatements(plan.transaction) : []),
      auditStatement(plan.audit),
      { sql: "SELECT balance FROM ledger_accounts WHERE id = ?", args: [plan.walletAccountId] },
    ];
    try {
      const results = await this.client.batch(statements, "write");
      return { kind: "cashed_out", balance: Number(results[results.length - 1].rows[0]?.balance ?? 0) };
    } catch (e) {
      const c = constraintOf(e);
      if (c === "BET.NOT_PENDING") return { kind: "not_pending" };
      if (c === ASSERTION_FAILED) return { kind: "refused" };
      throw e;
    }
  }
}

/** Each same game multi as (event, sorted outcome ids joined by '|'). */
const COMBINATIONS = `
  SELECT b.id AS bet_id, MIN(l.event_id) AS event_id,
    (SELECT group_concat(outcome_id, '|') FROM (SELECT outcome_id FROM bet_legs WHERE bet_id = b.id ORDER BY outcome_id)) AS combo
  FROM bets b JOIN bet_legs l ON l.bet_id = b.id
  WHERE b.bet_type = 'same_game_multi'
  GROUP BY b.id`;

export class LibsqlSameGameMultis implements SameGameMultis {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async popular(limit: number): Promise<SameGameMultiCombination[]> {
    const rs = await this.client.execute({
      sql: `SELECT c.event_id, c.combo, COUNT(*) AS n FROM (${COMBINATIONS}) c JOIN events e ON e.id = c.event_id
            WHERE e.status <> 'finished' GROUP BY c.event_id, c.combo ORDER BY n DESC, c.combo LIMIT ?`,
      args: [limit],
    });
    return rs.rows.map((r) => ({ eventId: String(r.event_id), outcomeIds: String(r.combo).split("|"), punters: Number(r.n) }));
  }

  async punters(combinations: readonly (readonly string[])[]): Promise<number[]> {
    if (combinations.length === 0) return [];
    const keys = combinations.map((c) => [...c].sort().join("|"));
    const rs = await this.client.execute({
      sql: `SELECT c.combo, COUNT(*) AS n FROM (${COMBINATIONS}) c WHERE c.combo IN (${keys.map(() => "?").join(",")}) GROUP BY c.combo`,
      args: keys,
    });
    const counts = new Map(rs.rows.map((r) => [String(r.combo), Number(r.n)]));
    return keys.map((k) => counts.get(k) ?? 0);
  }

  async legInputs(outcomeIds: readonly string[]): Promise<SgmLegInput[]> {
    if (outcomeIds.length === 0) return [];
    const rs = await this.client.execute({
      sql: `SELECT o.id, o.code, m.id AS market_id, m.type, m.line, e.id AS event_id, e.model, e.state,
                   (SELECT json_group_array(code) FROM (SELECT x.code FROM outcomes x WHERE x.market_id = m.id ORDER BY x.sort_order)) AS codes
            FROM outcomes o JOIN markets m ON m.id = o.market_id JOIN events e ON e.id = m.event_id
            WHERE o.id IN (${outcomeIds.map(() => "?").join(",")})`,
      args: [...outcomeIds],
    });
    const parse = <T>(v: unknown): T | null => {
      if (typeof v !== "string" || v === "") return null;
      try {
        return JSON.parse(v) as T;
      } catch {
        return null;
      }
    };
    return rs.rows.map((r) => ({
      outcomeId: String(r.id),
      marketId: String(r.market_id),
      marketType: r.type as SgmLegInput["marketType"],
      line: r.line === null ? null : Number(r.line),
      code: r.code === null ? null : String(r.code),
      marketCodes: (parse<(string | null)[]>(r.codes) ?? []).filter((c): c is string => c !== null),
      eventId: String(r.event_id),
      model: parse<SgmLegInput["model"]>(r.model),
      state: parse<SgmLegInput["state"]>(r.state),
    }));
  }
}
