/**
 * A customer's settings: how prices are shown, what placement does when a price moved between
 * seeing it and placing, and how often the reality check interrupts. Stored per user; a user
 * without a stored row has the defaults.
 */
export const ODDS_FORMATS = ["decimal", "fractional", "american"] as const;
export type OddsFormat = (typeof ODDS_FORMATS)[number];

/** refuse: any change refuses the bet; accept_higher: a better price is taken; accept_any: any current price is taken. */
export const PRICE_CHANGE_POLICIES = ["refuse", "accept_higher", "accept_any"] as const;
export type PriceChangePolicy = (typeof PRICE_CHANGE_POLICIES)[number];

/** Reality-check intervals in minutes (the product spec's choices: 30, 60, 90, 120); 0 switches it off. */
export const REALITY_CHECK_OPTIONS = [0, 30, 60, 90, 120] as const;
export type RealityCheckMinutes = (typeof REALITY_CHECK_OPTIONS)[number];

export interface UserSettings {
  oddsFormat: OddsFormat;
  priceChangePolicy: PriceChangePolicy;
  realityCheckMinutes: RealityCheckMinutes;
}

/** Refusing any price change is what placement has always done, so it stays the default. */
export const DEFAULT_SETTINGS: UserSettings = Object.freeze({
  oddsFormat: "decimal",
  priceChangePolicy: "refuse",
  realityCheckMinutes: 60,
});

export const isOddsFormat = (v: unknown): v is OddsFormat => (ODDS_FORMATS as readonly unknown[]).includes(v);
export const isPriceChangePolicy = (v: unknown): v is PriceChangePolicy =>
  (PRICE_CHANGE_POLICIES as readonly unknown[]).includes(v);
export const isRealityCheckMinutes = (v: unknown): v is RealityCheckMinutes =>
  (REALITY_CHECK_OPTIONS as readonly unknown[]).includes(v);

/** The stored settings merged over the current ones; unknown values are refused by the caller's schema. */
export function mergeSettings(current: UserSettings, change: Partial<UserSettings>): UserSettings {
  return {
    oddsFormat: change.oddsFormat ?? current.oddsFormat,
    priceChangePolicy: change.priceChangePolicy ?? current.priceChangePolicy,
    realityCheckMinutes: change.realityCheckMinutes ?? current.realityCheckMinutes,
  };
}
