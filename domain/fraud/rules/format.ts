/** Small helpers the rules share for their texts and scores. */
export { formatMoney as money } from "../../shared/money.ts";
export const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
