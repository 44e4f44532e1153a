/**
 * The dead-heat rule (docs/trading.md "Results and Rule 4"): when runners tie for a position that
 * is paid, the places left from that position are shared among them. Each tied runner's stake (of
 * the part concerned: the win part, or the place part of an each-way bet) is paid at
 *   factor = min(places left, runners tied) / runners tied
 * where places left = places paid - runners finishing ahead. Two tied for 1st (one win place): 1/2;
 * two tied for 3rd with three places paid: 1/2; two tied for 2nd with three places: 1 (both full);
 * three tied for 2nd with three places: 2/3. Exact, reduced; null when no paid place is left.
 */
import type { DeadHeat } from "../shared/types.ts";

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/** The factor for `tied` runners sharing the `placesLeft` paid places left (null: none left, nothing paid). */
export function deadHeatFactor(placesLeft: number, tied: number): DeadHeat | null {
  if (!Number.isInteger(placesLeft) || !Number.isInteger(tied) || tied < 1 || placesLeft < 1) return null;
  const num = Math.min(placesLeft, tied);
  const g = gcd(num, tied);
  return { num: num / g, den: tied / g };
}

/** The factor for `tied` runners tied behind `ahead` runners when `places` places are paid. */
export function tiedPlaceFactor(places: number, ahead: number, tied: number): DeadHeat | null {
  return deadHeatFactor(places - ahead, tied);
}
