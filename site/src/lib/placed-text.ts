/**
 * The bet slip's success toast: the price the server took, which under "accept any odds"
 * or "accept higher" can differ from the one the slip showed (the server's totalOdds counts), saying
 * so when it moved, and the potential return at that price.
 */
import type { PlaceBetResponse } from "../../../api/schemas/bets.ts";
import { formatMoney, oddsToMilli } from "./format.ts";

export function placedText(res: PlaceBetResponse, sentOddsMilli: number, price: (milli: number) => string): string {
  const taken = oddsToMilli(res.bet.totalOdds);
  const moved = sentOddsMilli > 0 && taken !== sentOddsMilli ? ` (price moved from ${price(sentOddsMilli)})` : "";
  return `Bet ID: ${res.bet.id} · Placed at ${price(taken)}${moved} · Potential return ${formatMoney(res.bet.potentialReturn)}`;
}
