/** Live prices: which events changed since a reader's cursor. */
/** Where a reader of odds changes has got to; opaque to the domain. */
export interface OddsCursor {
  at: number;
  priceChangeId: number;
}

export interface OddsChanges {
  /** The position of the newest change now: a new reader starts here. */
  head(): Promise<OddsCursor>;
  /** Events whose prices, markets, score or status changed since the cursor, and the next cursor. */
  since(cursor: OddsCursor): Promise<{ eventIds: string[]; cursor: OddsCursor }>;
}
