/** My Bets: the each-way terms a bet is (was) settled on when withdrawals shrank the field (docs/money.md "Each-way terms after withdrawals"). */
import { formatPlaceTerms } from "../../../../domain/settlement/each-way.ts";

export interface SettledOn {
  fractionNum: number;
  fractionDen: number;
  places: number;
  runners: number;
}

/** "E/W terms now 1/4 1-2: 7 runners" while pending, "Settled on E/W 1/4 1-2: 7 runners" after; one place is win only. */
export function settledOnText(s: SettledOn, pending: boolean): string {
  const terms = s.places === 1 ? "win only" : formatPlaceTerms(s).slice("E/W ".length);
  return `${pending ? "E/W terms now" : "Settled on E/W"} ${terms}: ${s.runners} runners`;
}
