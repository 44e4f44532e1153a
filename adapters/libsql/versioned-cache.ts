/**
 * Values kept with the counter they were read at, used only while that counter is at least the latest
 * one the counters' source has seen for their key (what a session lookup read): the wager-gate cache
 * (per customer, wager-gate-cache.ts) and the pricing cache (one counter for every outcome,
 * pricing-cache.ts). Bounded in number: when full, all are dropped.
 */
export interface SeenCounters {
  /** The highest counter a session lookup read for `key`, or undefined if none was. */
  latest(key: string): number | undefined;
}

export class VersionedCache<T> {
  private readonly kept = new Map<string, { version: number; value: T }>();
  private readonly versions: SeenCounters;
  private readonly maxEntries: number;
  constructor(versions: SeenCounters, maxEntries = 50_000) {
    this.versions = versions;
    this.maxEntries = maxEntries;
  }

  /** The kept value, if it was read at (or after) the counter the latest session lookup saw. */
  get(key: string): T | undefined {
    const latest = this.versions.latest(key);
    if (latest === undefined) return undefined;
    const entry = this.kept.get(key);
    return entry !== undefined && entry.version >= latest ? entry.value : undefined;
  }

  set(key: string, version: number, value: T) {
    if (!this.kept.has(key) && this.kept.size >= this.maxEntries) this.kept.clear();
    this.kept.set(key, { version, value });
  }

  delete(key: string) {
    this.kept.delete(key);
  }
}
