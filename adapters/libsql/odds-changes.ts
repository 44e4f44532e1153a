/**
 * What changed in the prices, markets and events since a cursor (for the live-odds stream), and
 * the recent price rises (for the betting page's boosts). Both read the database only, so any
 * number of server instances see the same changes.
 *
 * A cursor is the newest change time seen plus the newest price_changes id seen. Price moves are
 * found by id (exact, in commit order). Score, status and market changes are found by their
 * updated_at at or after the cursor's time less a second of overlap, so a write stamped slightly
 * earlier by another instance's clock is still seen; a reader drops what it already sent.
 */
import type { Client } from "@libsql/client";
import type { OddsChanges, OddsCursor, PriceHistory, PriceRise } from "../../domain/ports/index.ts";

export const CHANGE_OVERLAP_MS = 1000;

export class LibsqlOddsChanges implements OddsChanges {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async head(): Promise<OddsCursor> {
    const rs = await this.client.execute(`SELECT
      MAX(COALESCE((SELECT MAX(updated_at) FROM events), 0), COALESCE((SELECT MAX(updated_at) FROM markets), 0),
          COALESCE((SELECT MAX(updated_at) FROM outcomes), 0)) AS at,
      COALESCE((SELECT MAX(id) FROM price_changes), 0) AS pc`);
    return { at: Number(rs.rows[0].at), priceChangeId: Number(rs.rows[0].pc) };
  }

  async since(cursor: OddsCursor): Promise<{ eventIds: string[]; cursor: OddsCursor }> {
    const from = cursor.at - CHANGE_OVERLAP_MS;
    const rs = await this.client.execute({
      sql: `SELECT id AS event_id, updated_at AS at, 0 AS pc FROM events WHERE updated_at >= ?1
            UNION ALL SELECT event_id, updated_at, 0 FROM markets WHERE updated_at >= ?1
            UNION ALL SELECT m.event_id, o.updated_at, 0 FROM outcomes o JOIN markets m ON m.id = o.market_id WHERE o.updated_at >= ?1
            UNION ALL SELECT m.event_id, 0, pc.id FROM price_changes pc JOIN markets m ON m.id = pc.market_id WHERE pc.id > ?2`,
      args: [from, cursor.priceChangeId],
    });
    const ids = new Set<string>();
    let at = cursor.at;
    let pc = cursor.priceChangeId;
    for (const r of rs.rows) {
      ids.add(String(r.event_id));
      at = Math.max(at, Number(r.at));
      pc = Math.max(pc, Number(r.pc));
    }
    return { eventIds: [...ids].sort(), cursor: { at, priceChangeId: pc } };
  }
}

export class LibsqlPriceHistory implements PriceHistory {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async risesSince(since: Date, limit: number): Promise<PriceRise[]> {
    const rs = await this.client.execute({
      sql: `SELECT * FROM (
              SELECT o.id AS outcome_id, o.name AS outcome_name, o.price_milli AS new_price,
                     m.id AS market_id, m.name AS market_name, e.id AS event_id, e.name AS event_name, w.last_at,
                     (SELECT p1.old_price_milli FROM price_changes p1
                       WHERE p1.outcome_id = o.id AND p1.changed_at >= ?1 ORDER BY p1.id LIMIT 1) AS old_price
              FROM (SELECT outcome_id, MAX(changed_at) AS last_at FROM price_changes WHERE changed_at >= ?1 GROUP BY outcome_id) w
              JOIN outcomes o ON o.id = w.outcome_id
              JOIN markets m ON m.id = o.market_id AND m.status = 'open'
              JOIN events e ON e.id = m.event_id AND e.status IN ('upcoming', 'live')
            ) WHERE new_price > old_price
            ORDER BY CAST(new_price AS REAL) / old_price DESC, last_at DESC, outcome_id
            LIMIT ?2`,
      args: [since.getTime(), limit],
    });
    return rs.rows.map((r) => ({
      outcomeId: String(r.outcome_id),
      outcomeName: String(r.outcome_name),
      marketId: String(r.market_id),
      marketName: String(r.market_name),
      eventId: String(r.event_id),
      eventName: String(r.event_name),
      oldPriceMilli: Number(r.old_price),
      newPriceMilli: Number(r.new_price),
      changedAt: new Date(Number(r.last_at)),
    }));
  }
}
