/** Small helpers the rules share for their texts and scores. */
export const money = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));
