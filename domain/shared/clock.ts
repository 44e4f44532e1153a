/** Time and identity come in from outside so that rules can be replayed with a fixed clock. */
export interface Clock {
  now(): Date;
}
export interface Ids {
  /** A new unique id with a short readable prefix, e.g. "bet_…". */
  next(prefix: string): string;
}
