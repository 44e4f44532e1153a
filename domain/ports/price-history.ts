/** Price history: the outcomes whose price rose. */
export interface PriceRise {
  outcomeId: string;
  outcomeName: string;
  marketId: string;
  marketName: string;
  eventId: string;
  eventName: string;
  oldPriceMilli: number;
  newPriceMilli: number;
  changedAt: Date;
}

export interface PriceHistory {
  /** Outcomes of open markets on unfinished events now priced above their price at `since`, largest relative rise first. */
  risesSince(since: Date, limit: number): Promise<PriceRise[]>;
}
