/**
 * The landing page's only script (no framework): live odds cards polled from GET /api/live-odds,
 * demo logins (POST /api/demo/login) and a tiny toast that behaves like the islands' Radix one:
 * one at a time, 5 s, close button, Escape, swipe right 50 px, F8 focuses it.
 * Server strings only ever reach the page through textContent.
 */
import type { LiveOddsItem } from "../../../api/schemas/events.ts";
import type { CurrentUser, DemoLoginResponse } from "../../../api/schemas/auth.ts";
import { formatPrice, type OddsFormat } from "../lib/price-format.ts";
import { liveLabel } from "../lib/live-label.ts";
import { formatLocal } from "../lib/local-time.ts";

const POLL_MS = 3000;
const FETCH_TIMEOUT_MS = 8000;
const TOAST_MS = 5000;
const REDIRECT_DELAY_MS = 1000;
const SWIPE_PX = 50;
const CARDS = 3;

const $ = <T extends Element = HTMLElement>(sel: string, root: ParentNode = document) => root.querySelector<T>(sel);

/* ------------------------------------------------------------------ toast */

type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };
type ActiveToast = { el: HTMLLIElement; timer: number; remaining: number; startedAt: number; paused: boolean };

const viewport = $<HTMLOListElement>("#toast-viewport");
let active: ActiveToast | null = null;

function dismissToast(t: ActiveToast | null = active): void {
  if (!t) return;
  clearTimeout(t.timer);
  if (active === t) active = null;
  const { el } = t;
  if (el.contains(document.activeElement)) $<HTMLElement>("#toast-region")?.focus();
  el.dataset.state = "closed";
  const remove = () => el.remove();
  el.addEventListener("animationend", remove, { once: true });
  setTimeout(remove, 250); // in case animations are disabled
}

function runTimer(t: ActiveToast): void {
  t.paused = false;
  t.startedAt = Date.now();
  t.timer = window.setTimeout(() => dismissToast(t), t.remaining);
}

function pauseTimer(t: ActiveToast): void {
  if (t.paused) return;
  t.paused = true;
  clearTimeout(t.timer);
  t.remaining = Math.max(0, t.remaining - (Date.now() - t.startedAt));
}

function showToast({ title, description, variant = "default" }: ToastInput): void {
  if (!viewport) return;
  if (active) {
    clearTimeout(active.timer);
    active.el.remove();
    active = null;
  }
  const el = document.createElement("li");
  el.className = `sb-toast lp-toast${variant === "destructive" ? " sb-toast--destructive" : ""}`;
  el.setAttribute("role", "status");
  el.setAttribute("aria-live", "polite");
  el.setAttribute("aria-atomic", "true");
  el.tabIndex = 0;
  el.dataset.testid = "toast";
  el.dataset.state = "open";
  el.dataset.variant = variant;

  const titleEl = document.createElement("div");
  titleEl.className = "sb-toast__title";
  titleEl.dataset.testid = "toast-title";
  titleEl.textContent = title;
  el.append(titleEl);
  if (description) {
    const descEl = document.createElement("div");
    descEl.className = "sb-toast__description";
    descEl.dataset.testid = "toast-description";
    descEl.textContent = description;
    el.append(descEl);
  }
  const close = document.createElement("button");
  close.type = "button";
  close.className = "sb-toast__close";
  close.setAttribute("aria-label", "Close");
  close.textContent = "×";
  el.append(close);

  const t: ActiveToast = { el, timer: 0, remaining: TOAST_MS, startedAt: 0, paused: false };
  active = t;
  close.addEventListener("click", () => dismissToast(t));
  el.addEventListener("keydown", (e) => {
    if (e.key === "Escape") dismissToast(t);
  });
  el.addEventListener("pointerenter", () => pauseTimer(t));
  el.addEventListener("pointerleave", () => active === t && !el.contains(document.activeElement) && runTimer(t));
  el.addEventListener("focusin", () => pauseTimer(t));
  el.addEventListener("focusout", (e) => {
    if (active === t && !el.contains(e.relatedTarget as Node | null) && !el.matches(":hover")) runTimer(t);
  });

  // Swipe right to dismiss.
  let startX: number | null = null;
  el.addEventListener("pointerdown", (e) => {
    if ((e.target as Element).closest("button")) return;
    startX = e.clientX;
    el.setPointerCapture(e.pointerId);
  });
  el.addEventListener("pointermove", (e) => {
    if (startX === null) return;
    el.style.transform = `translateX(${Math.max(0, e.clientX - startX)}px)`;
  });
  const endSwipe = (e: PointerEvent) => {
    if (startX === null) return;
    const dx = e.clientX - startX;
    startX = null;
    el.style.transform = "";
    if (dx >= SWIPE_PX) {
      el.style.setProperty("--radix-toast-swipe-end-x", `${dx}px`);
      el.dataset.swipe = "end";
      dismissToast(t);
    }
  };
  el.addEventListener("pointerup", endSwipe);
  el.addEventListener("pointercancel", endSwipe);

  viewport.append(el);
  runTimer(t);
}

document.addEventListener("keydown", (e) => {
  if (e.key !== "F8") return;
  e.preventDefault();
  (active?.el ?? $<HTMLElement>("#toast-region"))?.focus();
});

/* ------------------------------------------------------------- demo login */

const demoButtons = Array.from(document.querySelectorAll<HTMLButtonElement>("button[data-demo-role]"));
let loginPending = false;

function setDemoBusy(busy: boolean, clicked?: HTMLButtonElement): void {
  loginPending = busy;
  for (const b of demoButtons) {
    b.disabled = busy;
    if (busy && b === clicked) b.setAttribute("aria-busy", "true");
    else b.removeAttribute("aria-busy");
  }
}

/** Only same-origin paths; anything else falls back to the spec's per-role destination. */
function safeRedirect(to: unknown, role: string): string {
  if (typeof to === "string" && /^\/(?![/\\])/.test(to)) return to;
  return role === "admin" ? "/admin" : role === "customer" ? "/betting" : "/public";
}

function errorMessage(body: unknown): string {
  const msg = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof msg === "string" && msg.trim() ? msg : "Something went wrong";
}

async function demoLogin(role: string, button: HTMLButtonElement): Promise<void> {
  if (loginPending) return;
  setDemoBusy(true, button);
  let body: unknown = null;
  try {
    const res = await fetch("/api/demo/login", {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/json", accept: "application/json" },
      // "Start over" asks for a new demo account; otherwise a signed-in demo user gets the same one back.
      body: JSON.stringify(button.hasAttribute("data-demo-start-over") ? { role, startOver: true } : { role }),
    });
    body = await res.json().catch(() => null);
    const ok = body as DemoLoginResponse | null;
    if (!res.ok || !ok?.user || typeof ok.user.firstName !== "string") throw new Error("demo login failed");
    showToast({ title: "Demo Login Successful", description: `Welcome, ${ok.user.firstName}! Redirecting…` });
    const target = safeRedirect(ok.redirectTo, ok.user.role);
    // Buttons stay disabled until the browser leaves the page.
    setTimeout(() => {
      location.href = target;
    }, REDIRECT_DELAY_MS);
  } catch {
    showToast({ title: "Demo Login Failed", description: errorMessage(body), variant: "destructive" });
    setDemoBusy(false);
  }
}

for (const b of demoButtons) b.addEventListener("click", () => void demoLogin(b.dataset.demoRole ?? "", b));

// Coming back with the Back button restores this page from the bfcache: re-enable the buttons.
addEventListener("pageshow", (e) => {
  if (e.persisted) setDemoBusy(false);
});

/* ------------------------------------------------------------- live odds */

type Side = "home" | "draw" | "away";
const SIDES: Side[] = ["home", "draw", "away"];

interface Card {
  root: HTMLElement;
  f: Record<string, HTMLElement>;
  price: Record<Side, HTMLAnchorElement>;
  move: Record<Side, HTMLElement>;
  moveTimer: Record<Side, number>;
}

const grid = $("#live-grid");
const bannerCount = $("#live-banner-count");
const cardTpl = $<HTMLTemplateElement>("#live-card-template");
const moreTpl = $<HTMLTemplateElement>("#live-more-template");
const emptyTpl = $<HTMLTemplateElement>("#live-empty-template");
const cards: Card[] = [];
const lastOdds = new Map<string, number>();
let moreEl: HTMLElement | null = null;
let emptyEl: HTMLElement | null = null;
let shown: Element[] = [];
let hasData = false;

function clone(tpl: HTMLTemplateElement | null): HTMLElement {
  return (tpl!.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
}

function makeCard(): Card {
  const root = clone(cardTpl);
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

function setText(el: HTMLElement | undefined, text: string): void {
  if (el && el.textContent !== text) el.textContent = text;
}

function statusText(item: LiveOddsItem): string {
  if (item.status === "live") return liveLabel(item);
  if (item.status === "finished") return "FT";
  const time = formatLocal(item.startTime, "time");
  return time === "—" ? "Soon" : time;
}

function fillCard(card: Card, item: LiveOddsItem): void {
  const { root, f, price } = card;
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
  for (const side of SIDES) {
    const odds = item.odds[side];
    const a = price[side];
    a.hidden = odds == null;
    if (odds == null) continue;
    if (off) {
      // The name stays the visible text ("Home Liverpool Suspended"): a label that differed from it
      // would fail WCAG's label-in-name.
      a.setAttribute("aria-disabled", "true");
      a.tabIndex = -1;
      setText(f[`${side}Odds`], "Suspended");
      continue;
    }
    if (a.hasAttribute("aria-disabled")) {
      a.removeAttribute("aria-disabled");
      a.removeAttribute("tabindex");
    }
    setText(f[`${side}Odds`], formatPrice(odds, oddsFormat));
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
}

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
    const card = (cards[i] ??= makeCard());
    fillCard(card, item);
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

/** Signed in as a demo customer: the demo card offers "Start over" (a new demo account). */
function showStartOver(user: Partial<CurrentUser>): void {
  const again = $<HTMLElement>("[data-demo-again]");
  if (!again || !user.isDemoUser || user.role !== "customer") return;
  setText($<HTMLElement>("[data-demo-name]", again) ?? undefined, `${user.firstName ?? ""} ${user.lastName ?? ""}`.trim());
  again.hidden = false;
}

/**
 * Signed in (a real or demo account): the header offers the way back in ("Betting" for a customer,
 * "Back office" for staff, with the name) instead of Login and the demo buttons.
 */
function showSignedIn(user: Partial<CurrentUser>): void {
  const login = $<HTMLAnchorElement>("[data-testid='login-link']");
  if (login) {
    const staff = user.role === "admin" || user.role === "trader";
    login.href = staff ? "/admin" : "/betting";
    login.textContent = staff ? "Back office" : "Betting";
    login.setAttribute("aria-label", `${staff ? "Back office" : "Betting"}, signed in as ${`${user.firstName ?? ""} ${user.lastName ?? ""}`.trim()}`);
    login.dataset.signedIn = "true";
  }
  const demo = $<HTMLElement>(".lp-nav__demo");
  if (demo) demo.hidden = true;
}

/** A signed-in customer sees prices in their odds format (User Settings); visitors see decimal. */
let oddsFormat: OddsFormat = "decimal";
async function loadOddsFormat(): Promise<void> {
  try {
    const res = await fetch("/api/auth/session", { credentials: "include", headers: { accept: "application/json" } });
    if (!res.ok) return;
    const user = ((await res.json()) as { user: Partial<CurrentUser> | null }).user;
    if (user) {
      showStartOver(user);
      showSignedIn(user);
    }
    const format = user?.settings?.oddsFormat;
    if (format && format !== oddsFormat) {
      oddsFormat = format;
      void poll();
    }
  } catch {
    /* keep decimal */
  }
}

if (grid && cardTpl) {
  void loadOddsFormat();
  document.addEventListener("visibilitychange", () => {
    clearTimeout(pollTimer);
    if (!document.hidden) void poll();
  });
  void poll();
}
