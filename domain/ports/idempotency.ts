/** Stored answers to requests sent with an idempotency key. */
export interface IdempotencyRecords {
  find(userId: string, key: string): Promise<{ requestHash: string; response: unknown } | null>;
}

