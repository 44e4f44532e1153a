/**
 * Both runtime entries start the same product: the Node entry and the Deno entry each come up on a
 * fresh database, apply migrations, load the demo data, serve the site and the API, and sign a demo
 * customer in.
 */
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

import { ROOT, startEntry } from "./node-server.ts";
import { API_SECURITY_HEADERS } from "../../api/middleware/request-trail.ts";
import { denoServeArgs } from "../../bench/lib/server.ts";
let child: ChildProcess | null = null;
let dir = "";

afterEach(() => {
  child?.kill("SIGKILL");
  child = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function exercise(cmd: string, args: string[], checkProcess?: (pid: number) => void) {
  dir = mkdtempSync(join(tmpdir(), "sportsbook-entry-"));
  const started = await startEntry({ cmd, args, env: { DATABASE_URL: `file:${join(dir, "e.db")}`, LOG_REQUESTS: "0", FEED_INTERVAL_MS: "500" } });
  child = started.child;
  const { base, output } = started;

  if (checkProcess && process.platform === "linux") checkProcess(child.pid!);
  const healthRes = await fetch(`${base}/api/health`);
  expect(await healthRes.json()).toMatchObject({ status: "ok", demoMode: true, database: { ok: true, kind: "file" } });
  // The security headers go on the connection's response (api/middleware/security.ts): each once,
  // with its value, on an answer and on a refusal alike.
  const refused = await fetch(`${base}/api/no-such-route`);
  expect(refused.status).toBe(404);
  for (const res of [healthRes, refused])
    for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect(res.headers.get(name), name).toBe(value);

  const live = (await (await fetch(`${base}/api/live-odds`)).json()) as unknown[];
  expect(live.length).toBeGreaterThanOrEqual(5);

  // The live-odds stream, written straight to the connection on both runtimes: it opens with a
  // ping, and the feed's next price move arrives as an odds event.
  const stream = await fetch(`${base}/api/live-odds/stream`);
  expect(stream.status).toBe(200);
  expect(stream.headers.get("content-type")).toMatch(/^text\/event-stream/);
  const reader = stream.body!.getReader();
  let streamed = "";
  while (!/event: odds\ndata: \{"id":"/.test(streamed)) {
    const { value, done } = await reader.read();
    if (done) break;
    streamed += new TextDecoder().decode(value);
  }
  await reader.cancel();
  expect(streamed).toMatch(/^event: ping\ndata: \{"at":"[^"]+"\}\nretry: 3000\n\n/);
  expect(streamed).toMatch(/event: odds\ndata: \{"id":"/);
  const events = (await (await fetch(`${base}/api/events?status=all&limit=200`)).json()) as unknown[];
  expect(events.length).toBeGreaterThanOrEqual(30);

  const login = await fetch(`${base}/api/demo/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ role: "customer" }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.getSetCookie()[0].split(";")[0];
  const balance = await (await fetch(`${base}/api/customer/balance`, { headers: { cookie } })).json();
  expect(balance).toEqual({ balance: 100000 });

  // A bet is placed, and one the balance cannot cover is refused with its code, on both runtimes.
  type Ev = { id: string; markets: { id: string; outcomes: { id: string; odds: string }[] }[] };
  const upcoming = (await (await fetch(`${base}/api/events?status=upcoming&limit=50`)).json()) as Ev[];
  const e = upcoming.find((x) => x.markets.length > 0)!;
  const m = e.markets[0];
  const bet = (stake: number) =>
    fetch(`${base}/api/bets`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie },
      body: JSON.stringify({ selections: [{ eventId: e.id, marketId: m.id, outcomeId: m.outcomes[0].id, odds: m.outcomes[0].odds }], stake, betType: "single" }),
    });
  const placed = await bet(2500);
  expect(placed.status).toBe(201);
  expect(await placed.json()).toMatchObject({ balance: 97500, bet: { stake: 2500, status: "pending" } });
  const tooMuch = await bet(97501);
  expect(tooMuch.status).toBe(409);
  expect(await tooMuch.json()).toMatchObject({ error: { code: "BET.INSUFFICIENT_FUNDS" } });
  expect(await (await fetch(`${base}/api/customer/balance`, { headers: { cookie } })).json()).toEqual({ balance: 97500 });

  // The site: when it has been built, the landing page and the 404 page are served.
  if (existsSync(join(ROOT, "dist/index.html"))) {
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    // A page's inline scripts (the betting page's island loader) are allowed by their hashes, in the
    // one policy it carries.
    const betting = await fetch(`${base}/betting`);
    expect(betting.status).toBe(200);
    expect(betting.headers.get("content-security-policy")).toMatch(/^default-src 'self'; script-src 'self' 'sha256-[^;]+; style-src/);
    expect(betting.headers.get("x-frame-options")).toBe("DENY");
    expect(await home.text()).toContain("<html");
    const missing = await fetch(`${base}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain("404 Page Not Found");
  }

  // An admin's fraud scan runs on the scan thread (adapters/libsql/perf/fraud-scan-worker.js), which answers
  // and then ends cleanly: nothing uncaught in the server's output (read once the process has ended, below).
  const admin = await fetch(`${base}/api/demo/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ role: "admin" }),
  });
  const adminCookie = admin.headers.getSetCookie()[0].split(";")[0];
  const scan = await fetch(`${base}/api/admin/fraud/scan`, { method: "POST", headers: { cookie: adminCookie } });
  expect(scan.status).toBe(200);
  expect(await scan.json()).toMatchObject({ profilesUpdated: expect.any(Number) });

  // The demo feed runs in the server: within a few ticks the live board's last update moves on.
  const before = JSON.stringify(live);
  await expect.poll(async () => JSON.stringify(await (await fetch(`${base}/api/live-odds`)).json()), { timeout: 100_000, interval: 300 }).not.toBe(before);

  // SIGTERM stops it cleanly: the background threads closed in order, nothing reported as failed.
  // "close" comes once the process has ended and its output is all read, so the check sees all of it.
  const closed = new Promise<number | null>((r) => child!.once("close", (code) => r(code)));
  child!.kill("SIGTERM");
  expect(await closed).toBe(0);
  expect(output()).not.toMatch(/"level":"error"|uncaught|not implemented/i);
}

// A whole server's start, seeding and round of calls: on a loaded 2-core machine the start alone
// took over 40 s, so each entry gets the health wait's 120 s and as much again.
const ENTRY_TIMEOUT_MS = 240_000;

describe("runtime entries", () => {
  it("Node: node api/node.ts", async () => {
    await exercise(process.execPath, ["api/node.ts"], (pid) => {
      // The entry restarted itself in place (the same pid) with glibc's malloc arenas limited (a
      // setting of the caller's own is kept).
      expect(readFileSync(`/proc/${pid}/environ`, "utf8").split("\0")).toContain(`MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX || "2"}`);
    });
  }, ENTRY_TIMEOUT_MS);

  it("Deno: deno task serve's command (deno.json)", async () => {
    const deno = join(ROOT, "node_modules/.bin/deno");
    await exercise(deno, denoServeArgs());
  }, ENTRY_TIMEOUT_MS);
});
