/**
 * Cumulative layout shift of the customer pages, measured in Debian's Chromium.
 *
 *   npx astro build && node bench/cls.ts [--runs 3] [--port 4620] [--json] [--url http://host:port]
 *                                         [--only /betting:customer,/public] [--budget 0.1] [--jitter 800]
 *                                         [--widths 375,768,1024,1280] [--slow]
 *
 * Starts the product (bench/lib/server.ts, a fresh database, the built dist/) unless --url is given,
 * then for every page, visitor state and width loads the page in a fresh browser context, waits for
 * the network to go idle plus 2 s, and reads a `layout-shift` PerformanceObserver installed before
 * any page script runs (buffered, so shifts before the observer could see them still count).
 *
 * CLS here is the SUM of every layout-shift entry without recent input (the strictest reading, chosen so no shift hides in a quiet window; it
 * is never smaller than Google's "largest 5-second session window", which is printed beside it as
 * `window`). Each case runs --runs times (default 3) and the worst run is reported, since data
 * arrives in a different order from run to run. Then the largest shifting elements of the worst
 * runs: each entry's value is shared among its sources in proportion to the area they moved over.
 *
 * --jitter MS holds every API response back a random 0..MS ms, so the data arrives in a different
 * order each run (locally it all comes within a few ms, which can hide a shift a slow network shows).
 *
 * --slow throttles the network like Chrome's "Slow 4G" preset (150 ms latency, 1.6 Mbit/s down), so
 * the HTML arrives in pieces and the browser paints parts of it before the rest (the order of the
 * page's source then matters too), and the scripts arrive long after the first paint.
 *
 * Exit code 1 when some case is above --budget (default 0.1), so the suite can gate on it.
 */
import { chromium, type Browser, type Request } from "@playwright/test";
import { startProduct, type RunningServer } from "./lib/server.ts";

interface Case {
  page: string;
  /** "customer": signed in with POST /api/demo/login {"role":"customer"}; "visitor": no session. */
  who: "customer" | "visitor";
}

const CASES: Case[] = [
  { page: "/betting", who: "customer" },
  { page: "/betting", who: "visitor" },
  { page: "/public", who: "visitor" },
  { page: "/public", who: "customer" },
  { page: "/account", who: "customer" },
  { page: "/account", who: "visitor" },
  { page: "/fantasy", who: "customer" },
  { page: "/fantasy", who: "visitor" },
];
/** Phone 375x812 and desktop 1280x800 by default; --widths 375,768,1024,1280 for more (height 812 under 640 px, else 800). */
const DEFAULT_WIDTHS = "375,1280";
const SETTLE_MS = 2000;

interface Source {
  node: string;
  share: number;
  from: string;
  to: string;
}
interface Shift {
  t: number;
  value: number;
  sources: Source[];
}
interface Measure {
  sum: number;
  window: number;
  shifts: Shift[];
}

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1]! : fallback;
}

/** Runs in the page before its scripts: records every layout shift with a description of its sources. */
function observeShifts() {
  const w = window as unknown as { __shifts: Shift[] };
  w.__shifts = [];
  const describe = (node: Node | null): string => {
    if (!node) return "(removed)";
    const el = node.nodeType === 1 ? (node as Element) : node.parentElement;
    if (!el) return "#text";
    const one = (e: Element) => {
      const testid = e.getAttribute("data-testid");
      // The app's own classes say what it is; Radix's (rt-Flex, sm:rt-r-gap-3) do not.
      const cls = [...e.classList].filter((c) => !/(^|:)rt-/.test(c)).slice(0, 2).join(".");
      return `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}${cls ? `.${cls}` : ""}${testid ? `[${testid}]` : ""}`;
    };
    // The element and its nearest ancestor with an id or data-testid (which says which section it is).
    let anchor: Element | null = el.parentElement;
    while (anchor && !anchor.id && !anchor.getAttribute("data-testid") && anchor !== document.body) anchor = anchor.parentElement;
    return anchor && anchor !== document.body && !el.id && !el.getAttribute("data-testid") ? `${one(anchor)} > … ${one(el)}` : one(el);
  };
  const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
  const area = (r: DOMRectReadOnly) => Math.max(0, r.width) * Math.max(0, r.height);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] })[]) {
      if (entry.hadRecentInput) continue;
      const sources = entry.sources ?? [];
      const weights = sources.map((s) => area(s.previousRect) + area(s.currentRect));
      const total = weights.reduce((a, b) => a + b, 0) || 1;
      w.__shifts.push({
        t: Math.round(entry.startTime),
        value: entry.value,
        sources: sources.map((s, i) => ({ node: describe(s.node), share: (entry.value * weights[i]!) / total, from: rect(s.previousRect), to: rect(s.currentRect) })),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
}

/** Google's CLS: the largest session window (shifts less than 1 s apart, at most 5 s long). */
function sessionWindow(shifts: Shift[]): number {
  let best = 0;
  let current = 0;
  let start = -Infinity;
  let last = -Infinity;
  for (const s of shifts) {
    if (s.t - last > 1000 || s.t - start > 5000) {
      current = 0;
      start = s.t;
    }
    current += s.value;
    last = s.t;
    best = Math.max(best, current);
  }
  return best;
}

async function measure(browser: Browser, base: string, c: Case, viewport: { width: number; height: number }, jitterMs: number, slow: boolean): Promise<Measure> {
  const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
  try {
    if (c.who === "customer") {
      const res = await context.request.post(`${base}/api/demo/login`, { data: { role: "customer" } });
      if (!res.ok()) throw new Error(`demo login: HTTP ${res.status()} ${await res.text()}`);
    }
    const page = await context.newPage();
    await page.addInitScript(observeShifts);
    if (slow) {
      const cdp = await context.newCDPSession(page);
      await cdp.send("Network.enable");
      await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 });
    }
    if (jitterMs > 0) {
      await page.route(/\/api\/(?!live-odds\/stream)/, async (route) => {
        await new Promise((r) => setTimeout(r, Math.random() * jitterMs));
        await route.continue();
      });
    }
    // Playwright's "networkidle" never comes while the live-odds stream (EventSource) is open, so
    // idle here is: no request other than an event stream in flight for 500 ms (at most 15 s).
    const inFlight = new Set<Request>();
    let lastChange = Date.now();
    page.on("request", (r) => {
      if (r.resourceType() === "eventsource") return;
      inFlight.add(r);
      lastChange = Date.now();
    });
    const done = (r: Request) => {
      if (inFlight.delete(r)) lastChange = Date.now();
    };
    // A response whose body the page never reads may never "finish"; its headers are enough here.
    page.on("response", (r) => done(r.request()));
    page.on("requestfinished", done);
    page.on("requestfailed", done);
    await page.goto(`${base}${c.page}`, { waitUntil: "load" });
    const end = Date.now() + 15_000;
    while (Date.now() < end && (inFlight.size > 0 || Date.now() - lastChange < 500)) await page.waitForTimeout(50);
    await page.waitForTimeout(SETTLE_MS);
    const shifts = await page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts);
    return { sum: shifts.reduce((a, s) => a + s.value, 0), window: sessionWindow(shifts), shifts };
  } finally {
    await context.close();
  }
}

const fmt = (n: number) => n.toFixed(3);

async function main() {
  const runs = Math.max(1, Number(arg("runs", "3")));
  const budget = Number(arg("budget", "0.1"));
  const jitter = Number(arg("jitter", "0"));
  const slow = process.argv.includes("--slow");
  const external = arg("url", "");
  let server: RunningServer | undefined;
  const base = external || (server = await startProduct({ runtime: "node", port: Number(arg("port", "4620")), env: { FEED_INTERVAL_MS: "3000" } })).url;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking", "--disable-component-update", "--no-first-run"],
  });
  const only = arg("only", "").split(",").filter(Boolean);
  const widths = arg("widths", DEFAULT_WIDTHS).split(",").map(Number).map((width) => ({ width, height: width < 640 ? 812 : 800 }));
  const cases = only.length === 0 ? CASES : CASES.filter((c) => only.some((o) => o === c.page || o === `${c.page}:${c.who}`));
  const rows: { page: string; who: string; width: number; cls: number; window: number; runs: number[]; worst: Measure }[] = [];
  try {
    for (const c of cases) {
      for (const vp of widths) {
        const results: Measure[] = [];
        for (let i = 0; i < runs; i++) results.push(await measure(browser, base, c, vp, jitter, slow));
        const worst = results.reduce((a, b) => (b.sum > a.sum ? b : a));
        rows.push({ page: c.page, who: c.who, width: vp.width, cls: worst.sum, window: Math.max(...results.map((r) => r.window)), runs: results.map((r) => r.sum), worst });
      }
    }
  } finally {
    await browser.close();
    await server?.stop();
  }

  if (process.argv.includes("--json")) {
    console.log(JSON.stringify(rows.map(({ worst, ...r }) => ({ ...r, shifts: worst.shifts })), null, 2));
  } else {
    console.log(`CLS (sum of layout shifts without recent input; worst of ${runs} run${runs === 1 ? "" : "s"}${jitter ? `; API responses delayed 0-${jitter} ms` : ""}${slow ? "; Slow 4G" : ""}; budget ${budget})\n`);
    const table = cases.map((c) => {
      const at = (w: number) => rows.find((r) => r.page === c.page && r.who === c.who && r.width === w)!;
      const row: Record<string, string> = { page: c.page, who: c.who };
      for (const { width } of widths) row[`${width} px`] = `${fmt(at(width).cls)}${at(width).cls > budget ? " !" : ""}`;
      for (const { width } of widths) row[`runs ${width}`] = at(width).runs.map(fmt).join(" ");
      row.window = widths.map(({ width }) => fmt(at(width).window)).join(" / ");
      return row;
    });
    console.table(table);
    for (const r of rows.filter((x) => x.cls > 0.001)) {
      const byNode = new Map<string, { share: number; from: string; to: string }>();
      for (const s of r.worst.shifts) {
        for (const src of s.sources) {
          const prev = byNode.get(src.node);
          if (prev) prev.share += src.share;
          else byNode.set(src.node, { share: src.share, from: src.from, to: src.to });
        }
      }
      const top = [...byNode].sort((a, b) => b[1].share - a[1].share).slice(0, 6);
      console.log(`\n${r.page} ${r.who} @${r.width}: ${fmt(r.cls)} in ${r.worst.shifts.length} shift(s)`);
      for (const [node, v] of top) console.log(`  ${fmt(v.share)}  ${node}  (${v.from} -> ${v.to})`);
    }
  }
  if (rows.some((r) => r.cls > budget)) process.exitCode = 1;
}

await main();
