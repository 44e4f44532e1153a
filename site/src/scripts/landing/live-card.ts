/**
 * One live odds card: built from the page's template, then refilled in place on every poll so focus
 * and hover survive. A price that moved since the last poll flashes up or down.
 */
import type { LiveOddsItem } from "../../../../api/schemas/events.ts";
import { formatPrice, type OddsFormat } from "../../lib/price-format.ts";
import { liveLabel } from "../../lib/live-label.ts";
import { formatLocal } from "../../lib/local-time.ts";
import { $, setText } from "./dom.ts";

type Side = "home" | "draw" | "away";
const SIDES: Side[] = ["home", "draw", "away"];

export interface Card {
  root: HTMLElement;
  f: Record<string, HTMLElement>;
  price: Record<Side, HTMLAnchorElement>;
  move: Record<Side, HTMLElement>;
  moveTimer: Record<Side, number>;
}

/** The last price shown per event and side, to tell a rise from a fall. */
const lastOdds = new Map<string, number>();

export function clone(tpl: HTMLTemplateElement | null): HTMLElement {
  return (tpl!.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
}

export function makeCard(tpl: HTMLTemplateElement | null): Card {
  const root = clone(tpl);
  // A suspended price is not a way in to a bet.
  root.addEventListener("click", (e) => {
    if ((e.target as Element).closest?.('[aria-disabled="true"]')) e.preventDefault();
  });
  const f: Record<string, HTMLElement> = {};
  for (const el of root.querySelectorAll<HTMLElement>("[data-f]")) f[el.dataset.f!] = el;
  const price = {} as Record<Side, HTMLAnchorElement>;
  const move = {} as Record<Side, HTMLElement>;
  for (const s of SIDES) {
    price[s] = $<HTMLAnchorElement>(`[data-side="${s}"]`, root)!;
    move[s] = $<HTMLElement>(".lp-price__move", price[s])!;
  }
  return { root, f, price, move, moveTimer: { home: 0, draw: 0, away: 0 } };
}

function statusText(item: LiveOddsItem): string {
  if (item.status === "live") return liveLabel(item);
  if (item.status === "finished") return "FT";
  const time = formatLocal(item.startTime, "time");
  return time === "—" ? "Soon" : time;
}

function fillPrice(card: Card, item: LiveOddsItem, side: Side, off: boolean, format: OddsFormat): void {
  const odds = item.odds[side];
  const a = card.price[side];
  a.hidden = odds == null;
  if (odds == null) return;
  if (off) {
    // The name stays the visible text ("Home Liverpool Suspended"): a label that differed from it
    // would fail WCAG's label-in-name.
    a.setAttribute("aria-disabled", "true");
    a.tabIndex = -1;
    setText(card.f[`${side}Odds`], "Suspended");
    return;
  }
  if (a.hasAttribute("aria-disabled")) {
    a.removeAttribute("aria-disabled");
    a.removeAttribute("tabindex");
  }
  setText(card.f[`${side}Odds`], formatPrice(odds, format));
  const key = `${item.id}:${side}`;
  const now = Number(odds);
  const before = lastOdds.get(key);
  lastOdds.set(key, now);
  if (before !== undefined && before !== now) {
    // Flash the price green when it rises, red when it falls.
    delete a.dataset.move;
    void a.offsetWidth; // restart the CSS animation if it is still running
    a.dataset.move = now > before ? "up" : "down";
    setText(card.move[side], now > before ? "▲" : "▼");
    clearTimeout(card.moveTimer[side]);
    card.moveTimer[side] = window.setTimeout(() => {
      delete a.dataset.move;
      setText(card.move[side], "");
    }, 1600);
  }
}

export function fillCard(card: Card, item: LiveOddsItem, format: OddsFormat): void {
  const { root, f } = card;
  root.dataset.eventId = item.id;
  root.dataset.status = item.status;
  // No bets now (a score change being priced, a race running): the prices read "Suspended".
  const off = item.suspended || item.marketStatus !== "open";
  root.dataset.market = off && item.marketStatus === "open" ? "suspended" : item.marketStatus;
  setText(f.sport, item.sportName);
  setText(f.league, item.league);
  setText(f.status, statusText(item));
  setText(f.homeTeam, item.homeTeam);
  setText(f.awayTeam, item.awayTeam);
  setText(f.homeScore, item.homeScore == null ? "–" : String(item.homeScore));
  setText(f.awayScore, item.awayScore == null ? "–" : String(item.awayScore));
  setText(f.market, !off ? item.marketName : `${item.marketName} · ${item.marketStatus === "closed" ? "Closed" : "Suspended"}`);
  setText(f.homeSr, ` ${item.homeTeam}`);
  setText(f.awaySr, ` ${item.awayTeam}`);
  for (const side of SIDES) fillPrice(card, item, side, off, format);
}
