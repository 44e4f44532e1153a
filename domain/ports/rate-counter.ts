/** Counts requests per bucket and fixed time window, shared by every instance (rate limits). */
export interface RateCounter {
  /** Count one request in the bucket's window; returns the window's count including this one. */
  hit(bucket: string, windowStart: number): Promise<number>;
  /** Take back one counted request (never below zero): for a request the limit should not charge. */
  forgive(bucket: string, windowStart: number): Promise<void>;
}
