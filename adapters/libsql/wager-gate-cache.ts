/**
 * What placement reads of the rows that gate a customer's wagers (their loss limits, exclusions, the
 * register's answer, their price-change policy), kept in memory and used again while it is still
 * what the database holds.
 *
 * Every change to those rows moves the customer's `users.wager_gate_version` in the same write
 * (triggers of migration 0063), whoever makes it: this process, another server on the same database,
 * or an operator's SQL. The session lookup, which every signed-in request makes first, reads the
 * counter with the user and reports it here (`observe`). A kept entry carries the counter read in the
 * same statement as its rows, and is used only while it is at least the one the latest session lookup
 * saw: a request never gets rows older than the counter its own session lookup read. A customer not
 * seen by a session lookup in this process gets no kept entry. Counters only grow, so the highest
 * one seen is kept whatever order concurrent lookups report in.
 *
 * What is kept is exactly what a read would return at that counter, so nothing is decided on less
 * than before; the placement write still checks activity, exclusions, loss limits and the stake factor
 * itself (wager-guards.ts). What is kept is held in a VersionedCache (versioned-cache.ts), bounded
 * in number like the counters here: when full, all are dropped.
 */
const MAX_ENTRIES = 50_000;

export class WagerGateVersions {
  private readonly seen = new Map<string, number>();

  /** The counter a session lookup read for this customer. */
  observe(userId: string, version: number) {
    const known = this.seen.get(userId);
    if (known !== undefined && known >= version) return;
    if (known === undefined && this.seen.size >= MAX_ENTRIES) this.seen.clear();
    this.seen.set(userId, version);
  }

  /** The highest counter seen for this customer, or undefined if none was. */
  latest(userId: string): number | undefined {
    return this.seen.get(userId);
  }

  /** Stop using what is kept for this customer until their next session lookup. */
  forget(userId: string) {
    this.seen.delete(userId);
  }
}
