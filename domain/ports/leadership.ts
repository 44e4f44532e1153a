/**
 * Leadership among processes sharing one database: only the holder of a lease runs a singleton job
 * (the fantasy runner). The libSQL adapter keeps the lease in a table (adapters/libsql/lease.ts).
 */
export interface Leadership {
  /** Acquire or renew; true when this process holds the lease until now + ttl. */
  tryAcquire(): Promise<boolean>;
  /** Give the lease up (on shutdown), so another process takes over at once. */
  release(): Promise<void>;
  readonly holder: string;
}
