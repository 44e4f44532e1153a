/**
 * Steam moves: a price that moves hard one way in a short time, usually because informed money is
 * hitting it. Detected from the price history (price_changes) of each outcome:
 *
 *   within the last 10 minutes the outcome moved at least 3 times, every one of those moves in the
 *   same direction (no move against it), and together by at least 5 % of the price before them.
 *
 * Requiring every move in the window to agree is what separates steam from noise: a random walk
 * (like the demo feed's live prices, which move every few seconds) always has moves both ways in 10
 * minutes, while sustained one-way pressure does not. "Shortening" = the price falls (money coming
 * in), "drifting" = it rises. The move is identified by the first move of the one-way run, which
 * may lie before the window (up to the history given), so a run that keeps going is one steam
 * move, not a new one per move.
 */
import type { OddsMilli } from "../shared/odds.ts";

export const STEAM_RULE = { minMoves: 3, minChangePercent: 5, windowMs: 10 * 60_000 };
export type SteamRule = typeof STEAM_RULE;
/** How much history to read so a run's first move can be found before the window. */
export const STEAM_LOOKBACK_MS = 3 * STEAM_RULE.windowMs;

export interface PriceMove {
  id: number;
  outcomeId: string;
  marketId: string;
  oldMilli: OddsMilli;
  newMilli: OddsMilli;
  at: Date;
}

export interface SteamMove {
  outcomeId: string;
  marketId: string;
  direction: "shortening" | "drifting";
  /** Moves within the window. */
  moves: number;
  fromMilli: OddsMilli;
  toMilli: OddsMilli;
  changePercent: number;
  startedAt: Date;
  endedAt: Date;
  /** The id of the one-way run's first move: identifies the steam move while it continues. */
  firstMoveId: number;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const dir = (m: PriceMove) => Math.sign(m.newMilli - m.oldMilli);

export function detectSteam(moves: readonly PriceMove[], now: Date, rule: SteamRule = STEAM_RULE): SteamMove[] {
  const windowStart = now.getTime() - rule.windowMs;
  const byOutcome = new Map<string, PriceMove[]>();
  for (const m of moves) {
    if (m.at.getTime() > now.getTime() || m.newMilli === m.oldMilli) continue;
    const list = byOutcome.get(m.outcomeId) ?? [];
    list.push(m);
    byOutcome.set(m.outcomeId, list);
  }
  const out: SteamMove[] = [];
  for (const list of byOutcome.values()) {
    list.sort((a, b) => a.at.getTime() - b.at.getTime() || a.id - b.id);
    const inWindow = list.filter((m) => m.at.getTime() >= windowStart);
    if (inWindow.length < rule.minMoves) continue;
    const d = dir(inWindow[0]);
    if (!inWindow.every((m) => dir(m) === d)) continue;
    const first = inWindow[0];
    const last = inWindow[inWindow.length - 1];
    const change = (100 * Math.abs(last.newMilli - first.oldMilli)) / first.oldMilli;
    if (change < rule.minChangePercent) continue;
    // The run's true start: walk back over earlier moves in the same direction.
    let start = list.indexOf(first);
    while (start > 0 && dir(list[start - 1]) === d) start -= 1;
    out.push({
      outcomeId: first.outcomeId,
      marketId: first.marketId,
      direction: d < 0 ? "shortening" : "drifting",
      moves: inWindow.length,
      fromMilli: first.oldMilli,
      toMilli: last.newMilli,
      changePercent: round2(change),
      startedAt: first.at,
      endedAt: last.at,
      firstMoveId: list[start].id,
    });
  }
  return out;
}
