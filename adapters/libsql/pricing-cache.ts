/**
 * What placement read of the rows it prices a bet from (an outcome with its market and event), kept
 * in memory and used again while it is still what the database holds.
 *
 * Every change to those rows moves `pricing_version.n` in the same write (triggers of migration
 * 0064), whoever makes it: this process, another server on the same database, or an operator's SQL.
 * The session lookup, which every signed-in request makes first, reads the counter and reports it
 * here (`observe`). A kept row carries the counter read in the same statement as the row, and is used
 * only while that is at least the counter the latest session lookup saw: a request never prices from
 * rows older than what its own session lookup read. Until a session lookup has reported a counter,
 * nothing kept is used. Counters only grow, so the highest one seen is kept whatever order
 * concurrent lookups report in.
 *
 * What is kept is exactly what a read returned at that counter, so nothing is decided on less than a
 * read at the session lookup would give; the placement write still checks each leg's price and state
 * itself (bet_legs_price_guard). Kept rows are frozen (shared between requests) and bounded in
 * number: when full, all are dropped.
 */
import type { PricedOutcome } from "../../domain/shared/types.ts";
import { VersionedCache } from "./versioned-cache.ts";

const MAX_ENTRIES = 20_000;

export class PricingVersion {
  private seen: number | undefined;

  /** The counter a session lookup read. */
  observe(version: number) {
    if (this.seen === undefined || version > this.seen) this.seen = version;
  }

  /** The highest counter seen (one for every outcome), or undefined if no session lookup reported one yet. */
  latest(): number | undefined {
    return this.seen;
  }
}

export class PricedOutcomeCache {
  private readonly kept: VersionedCache<PricedOutcome>;
  constructor(versions: PricingVersion) {
    this.kept = new VersionedCache(versions, MAX_ENTRIES);
  }

  /** Every one of `outcomeIds`, if each was read at (or after) the counter the latest session lookup saw; else undefined. */
  get(outcomeIds: readonly string[]): PricedOutcome[] | undefined {
    const rows: PricedOutcome[] = [];
    for (const id of outcomeIds) {
      const row = this.kept.get(id);
      if (row === undefined) return undefined;
      rows.push(row);
    }
    return rows;
  }

  /** Rows read in one statement with the counter `version`. */
  set(version: number, rows: readonly PricedOutcome[]) {
    for (const row of rows) this.kept.set(row.outcomeId, version, Object.freeze(row));
  }
}
