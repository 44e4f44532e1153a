/** What a runner's withdrawal did to its race, as the operator's toast says it (POST .../withdraw `reform`). */

type Terms = { fractionNum: number; fractionDen: number; places: number };
export type Reform = { book: number; eachWay: Terms | null; eachWayBefore: Terms | null; reopens: boolean };

const termsText = (t: Terms) => `${t.fractionNum}/${t.fractionDen} ${Array.from({ length: t.places }, (_, i) => i + 1).join("-")}`;

/** " Re-formed at a 118.2% book; each way now 1/4 1-2." (the terms only when they changed); "" for another market type. */
export function reformText(r: Reform | null): string {
  if (!r) return "";
  if (!r.reopens) return " Fewer than two runners left: the market stays suspended.";
  const same = JSON.stringify(r.eachWay) === JSON.stringify(r.eachWayBefore);
  const terms = same ? "" : r.eachWay ? `; each way now ${termsText(r.eachWay)}` : "; no each way now";
  return ` Re-formed at a ${(r.book * 100).toFixed(1)}% book${terms}.`;
}
