/**
 * The live odds grid: polls GET /api/live-odds every 3 s while the tab is visible and shows the first
 * three events as cards (a "more" tile fills the row, an empty state when nothing is on).
 */
import type { LiveOddsItem } from "../../../../api/schemas/events.ts";
import type { OddsFormat } from "../../lib/price-format.ts";
import { $, setText } from "./dom.ts";
import { clone, fillCard, makeCard, type Card } from "./live-card.ts";

const POLL_MS = 3000;
const FETCH_TIMEOUT_MS = 8000;
const CARDS = 3;

const grid = $("#live-grid");
const bannerCount = $("#live-banner-count");
const cardTpl = $<HTMLTemplateElement>("#live-card-template");
const moreTpl = $<HTMLTemplateElement>("#live-more-template");
const emptyTpl = $<HTMLTemplateElement>("#live-empty-template");
const cards: Card[] = [];
let moreEl: HTMLElement | null = null;
let emptyEl: HTMLElement | null = null;
let shown: Element[] = [];
let hasData = false;
/** A signed-in customer sees prices in their odds format (User Settings); visitors see decimal. */
let oddsFormat: OddsFormat = "decimal";

/** Swap the grid's children only when the set of nodes changes, so focus and hover survive polls. */
function show(nodes: Element[]): void {
  if (!grid) return;
  if (nodes.length !== shown.length || nodes.some((n, i) => n !== shown[i])) {
    grid.replaceChildren(...nodes);
    shown = nodes;
  }
  grid.setAttribute("aria-busy", "false");
}

function isItem(x: unknown): x is LiveOddsItem {
  const i = x as LiveOddsItem;
  return (
    !!i &&
    typeof i.id === "string" &&
    typeof i.homeTeam === "string" &&
    typeof i.awayTeam === "string" &&
    !!i.odds &&
    typeof i.odds.home === "string" &&
    typeof i.odds.away === "string"
  );
}

function renderBanner(items: LiveOddsItem[] | null): void {
  const n = items ? items.filter((i) => i.status === "live").length : 0;
  setText(bannerCount!, n > 0 ? `${n} event${n === 1 ? "" : "s"} in play` : "events in play");
}

function renderEmpty(): void {
  emptyEl ??= clone(emptyTpl);
  show([emptyEl]);
  renderBanner(null);
}

function renderLive(items: LiveOddsItem[]): void {
  if (items.length === 0) return renderEmpty();
  const top = items.slice(0, CARDS);
  const nodes: Element[] = top.map((item, i) => {
    const card = (cards[i] ??= makeCard(cardTpl));
    fillCard(card, item, oddsFormat);
    return card.root;
  });
  if (top.length < CARDS) {
    moreEl ??= clone(moreTpl);
    moreEl.dataset.span = String(CARDS - top.length);
    nodes.push(moreEl);
  }
  show(nodes);
  renderBanner(items);
}

let pollTimer = 0;
let inFlight = false;

async function poll(): Promise<void> {
  if (inFlight) return;
  inFlight = true;
  clearTimeout(pollTimer);
  const ac = new AbortController();
  const abort = setTimeout(() => ac.abort(), FETCH_TIMEOUT_MS);
  try {
    const res = await fetch("/api/live-odds", {
      credentials: "include",
      cache: "no-store",
      headers: { accept: "application/json" },
      signal: ac.signal,
    });
    if (!res.ok) throw new Error(`live odds ${res.status}`);
    const data: unknown = await res.json();
    if (!Array.isArray(data)) throw new Error("live odds: not a list");
    renderLive(data.filter(isItem));
    hasData = true;
  } catch {
    // Before the first good answer show the empty state; afterwards keep the last prices on screen.
    if (!hasData) renderEmpty();
  } finally {
    clearTimeout(abort);
    inFlight = false;
    if (!document.hidden) pollTimer = window.setTimeout(poll, POLL_MS);
  }
}

/** Reprices the cards at once when the signed-in customer's format differs from the current one. */
export function useOddsFormat(format: OddsFormat): void {
  if (format === oddsFormat) return;
  oddsFormat = format;
  void poll();
}

/** Without the grid and its card template there is nothing to poll for. */
export const hasLiveGrid = (): boolean => !!(grid && cardTpl);

/** Starts polling; a hidden tab stops and a visible one polls again at once. */
export function startPolling(): void {
  document.addEventListener("visibilitychange", () => {
    clearTimeout(pollTimer);
    if (!document.hidden) void poll();
  });
  void poll();
}
