/** The match clock as the customer reads it, shared by the betting page, /public and the landing page. */

/** "LIVE 67'", "LIVE HT", "LIVE Q3 04:12": the feed's clock, else the minute, else just LIVE. */
export function liveLabel(item: { clock?: string | null; minute: number | null }): string {
  if (item.clock) return `LIVE ${item.clock}`;
  return item.minute !== null ? `LIVE ${item.minute}'` : "LIVE";
}
