/**
 * Bet builder rules (as the product spec sets them): one selection per market (choosing another in the same
 * market replaces it), total odds = product of the legs, and the odds boost AS COMPUTED: 10% for 3
 * or more selections (the label promises 20% for 5 or more, which the spec notes is never reached).
 * Potential win = stake x total odds x boost, in cents, rounded down.
 */
import { combinedOddsMilli, returnFor, type OddsMilli } from "../../../../../domain/shared/odds.ts";

export type BuilderPick = { marketId: string; marketName: string; outcomeId: string; outcomeName: string; oddsMilli: OddsMilli; odds: string };

export function choose(picks: readonly BuilderPick[], pick: BuilderPick): BuilderPick[] {
  const existing = picks.find((p) => p.marketId === pick.marketId);
  if (existing?.outcomeId === pick.outcomeId) return [...picks];
  return existing ? picks.map((p) => (p.marketId === pick.marketId ? pick : p)) : [...picks, pick];
}

export function remove(picks: readonly BuilderPick[], marketId: string): BuilderPick[] {
  return picks.filter((p) => p.marketId !== marketId);
}

/** As computed by the product: 10% from 3 selections; the advertised 20% tier never applies. */
export function boostPercent(count: number): number {
  return count >= 3 ? 10 : 0;
}

export function builderOddsMilli(picks: readonly BuilderPick[]): OddsMilli {
  return picks.length === 0 ? 0 : combinedOddsMilli(picks.map((p) => p.oddsMilli));
}

export function potentialWin(picks: readonly BuilderPick[], stakeCents: number): number {
  if (picks.length === 0 || stakeCents <= 0) return 0;
  const base = returnFor(stakeCents, picks.map((p) => p.oddsMilli));
  return Math.floor((base * (100 + boostPercent(picks.length))) / 100);
}
