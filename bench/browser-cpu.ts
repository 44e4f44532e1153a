/**
 * What Debian's Chromium spends, in CPU seconds by process kind, to load a page and then to keep it
 * open: the figure behind the browser journeys' time (docs/benchmarks.md, "The test suite's own
 * time"). Run after `npm run build`:
 *
 *   npm run bench:browser -- [--port 4630] [--idle 15] [--feed 1000]
 *
 * Starts the product on a fresh database (bench/lib/server.ts) with the live feed ticking every
 * --feed ms (1000, as in the journeys), launches Chromium with the journeys' flags, signs in as a
 * demo customer or admin, and for each page: CPU from navigation until 4 s after it, then over
 * --idle seconds with the page open (pushed prices, polls). Read from /proc for every Chromium
 * process: "renderer" (page scripts, style, layout, raster), "gpu" (the display compositor, software
 * here), "browser" (the browser process). Noise is a few tenths of a second: compare medians of
 * several runs.
 */
import { readdirSync, readFileSync } from "node:fs";
import { chromium } from "@playwright/test";
import config from "../playwright.config.ts";
import { cpuMsOf, startProduct } from "./lib/server.ts";

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const idleSeconds = Number(arg("idle", "15"));
const PAGES: { path: string; role: "customer" | "admin" }[] = [
  { path: "/", role: "customer" },
  { path: "/betting", role: "customer" },
  { path: "/account", role: "customer" },
  { path: "/fantasy", role: "customer" },
  { path: "/admin", role: "admin" },
  { path: "/admin?tab=trading", role: "admin" },
];

type Kind = "renderer" | "gpu" | "browser" | "other";

function chromiumCpu(): Record<Kind, number> {
  const out: Record<Kind, number> = { renderer: 0, gpu: 0, browser: 0, other: 0 };
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    } catch {
      continue;
    }
    if (!cmdline.includes("chromium")) continue;
    const type = /--type=([a-z-]+)/.exec(cmdline)?.[1];
    const kind: Kind = type === "renderer" ? "renderer" : type === "gpu-process" ? "gpu" : type ? "other" : "browser";
    const ms = cpuMsOf(pid);
    if (!Number.isNaN(ms)) out[kind] += ms / 1000;
  }
  return out;
}
const minus = (a: Record<Kind, number>, b: Record<Kind, number>) =>
  (["renderer", "gpu", "browser", "other"] as Kind[]).map((k) => (a[k] - b[k]).toFixed(1).padStart(8)).join("");

const server = await startProduct({ runtime: "node", port: Number(arg("port", "4630")), env: { FEED_INTERVAL_MS: arg("feed", "1000") } });
const launch = config.use!.launchOptions!;
const browser = await chromium.launch({ executablePath: launch.executablePath, args: launch.args });
try {
  console.log(`Chromium CPU seconds: load = navigation + 4 s; idle = the next ${idleSeconds} s`);
  console.log(`${"page".padEnd(22)}${"load:".padEnd(4)} renderer     gpu browser   other | idle: renderer     gpu browser   other`);
  for (const { path, role } of PAGES) {
    const context = await browser.newContext({ viewport: config.use!.viewport!, reducedMotion: "reduce", baseURL: server.url });
    const page = await context.newPage();
    await page.request.post("/api/demo/login", { data: { role } });
    const a = chromiumCpu();
    await page.goto(path);
    await page.waitForTimeout(4000);
    const b = chromiumCpu();
    await page.waitForTimeout(idleSeconds * 1000);
    const c = chromiumCpu();
    console.log(`${path.padEnd(22)}    ${minus(b, a)}   |       ${minus(c, b)}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
