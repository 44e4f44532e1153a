/** The product spec's colours: 90% or more of a limit used is red, 70% or more yellow, otherwise green. The one rule, for admin and customer pages alike. */
export function usageColor(pct: number): "red" | "yellow" | "green" {
  return pct >= 90 ? "red" : pct >= 70 ? "yellow" : "green";
}

/** The same, from an amount used of a limit (no limit counts as nothing used). */
export const usageColorOf = (used: number, limit: number) => usageColor(limit > 0 ? (used / limit) * 100 : 0);
