/**
 * Two API processes on one database (as behind a load balancer): a session made on one works on the
 * other, bets placed on either are one book, a settlement on one is seen by the other and pays
 * once, an Idempotency-Key repeated across instances places one bet, exactly one instance leads
 * the demo feed, and a price changed through one instance reaches live-odds stream subscribers of
 * both with the same item.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLY } from "../fixtures/settle.ts";
import { startEntry } from "./node-server.ts";

const dir = mkdtempSync(join(tmpdir(), "sportsbook-two-"));
const procs: ChildProcess[] = [];
const bases: string[] = [];

async function start() {
  const { child, base } = await startEntry({ env: { DATABASE_URL: `file:${join(dir, "shared.db")}`, LOG_REQUESTS: "0", FEED_INTERVAL_MS: "300" } });
  procs.push(child);
  return base;
}

beforeAll(async () => {
  bases.push(await start()); // the first seeds the database
  bases.push(await start());
}, 300_000);
afterAll(() => {
  for (const p of procs) p.kill("SIGKILL");
  rmSync(dir, { recursive: true, force: true });
});

const json = { "content-type": "application/json" };
const login = async (base: string, role: "customer" | "admin") => {
  const res = await fetch(`${base}/api/demo/login`, { method: "POST", headers: json, body: JSON.stringify({ role }) });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie()[0].split(";")[0];
};
type Ev = { id: string; markets: { id: string; type: string; outcomes: { id: string; odds: string }[] }[] };
type StreamItem = { id: string; marketId: string; outcomes: { id: string; odds: string }[] };

/** Subscribe to GET /api/live-odds/stream of an instance; `until` waits for an odds item that matches. */
async function subscribe(base: string) {
  const res = await fetch(`${base}/api/live-odds/stream`, { headers: { accept: "text/event-stream" } });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const items: StreamItem[] = [];
  let pings = 0;
  const reading = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = block.split("\n").find((l) => l.startsWith("data: "))?.slice(6) ?? "";
        if (block.startsWith("event: odds\n")) items.push(JSON.parse(data) as StreamItem);
        else if (block.startsWith("event: ping\n")) pings++;
      }
    }
  })();
  return {
    get pings() {
      return pings;
    },
    async until(match: (item: StreamItem) => boolean, ms = 25_000): Promise<StreamItem> {
      const end = Date.now() + ms;
      for (;;) {
        const found = items.find(match);
        if (found) return found;
        if (Date.now() > end) throw new Error(`no matching odds item from ${base} within ${ms} ms`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
    async close() {
      await reader.cancel().catch(() => {});
      await reading;
    },
  };
}

describe("two instances on one database", () => {
  it("exactly one instance leads the demo feed", async () => {
    // However long the lease takes to settle on a loaded machine (the test's own timeout is the bound).
    const leaders = () => Promise.all(bases.map(async (b) => ((await (await fetch(`${b}/api/health`)).json()) as { feed: { leader: boolean } }).feed.leader));
    await expect.poll(async () => (await leaders()).filter(Boolean), { timeout: 55_000, interval: 200 }).toHaveLength(1);
  }, 60_000);

  it("sessions, bets, idempotency and settlement are one book across instances", async () => {
    const [a, b] = bases;
    const cookie = await login(a, "customer");
    const events = (await (await fetch(`${b}/api/events?status=upcoming&limit=5`)).json()) as Ev[];
    const m = events[0].markets[0];
    const sel = { eventId: events[0].id, marketId: m.id, outcomeId: m.outcomes[0].id, odds: m.outcomes[0].odds };
    const place = (base: string, key: string) =>
      fetch(`${base}/api/bets`, {
        method: "POST",
        headers: { ...json, cookie, "idempotency-key": key },
        body: JSON.stringify({ selections: [sel], stake: 1000, betType: "single" }),
      });
    // The same Idempotency-Key sent to both instances at once: one bet.
    const [r1, r2] = await Promise.all([place(a, "k-1"), place(b, "k-1")]);
    const ids = [(await r1.json()).bet?.id, (await r2.json()).bet?.id];
    expect(ids[0]).toBeTruthy();
    expect(ids[1]).toBe(ids[0]);
    // Placed on b with the session made on a; both instances list both bets.
    expect((await place(b, "k-2")).status).toBe(201);
    for (const base of bases) {
      const mine = (await (await fetch(`${base}/api/bets`, { headers: { cookie } })).json()) as { id: string }[];
      expect(mine).toHaveLength(2);
    }
    const balance = async (base: string) => ((await (await fetch(`${base}/api/customer/balance`, { headers: { cookie } })).json()) as { balance: number }).balance;
    expect(await balance(a)).toBe(100000 - 2000);
    expect(await balance(b)).toBe(100000 - 2000);

    // Settled won on both instances at once: it pays once.
    const admin = await login(b, "admin");
    const potential = Math.floor((1000 * Math.round(Number(sel.odds) * 1000)) / 1000);
    const settle = (base: string) =>
      fetch(`${base}/api/admin/settle-bet/${ids[0]}`, { method: "POST", headers: { ...json, cookie: admin }, body: JSON.stringify({ override: EARLY, status: "won", actualReturn: potential }) });
    const statuses = (await Promise.all([settle(a), settle(b)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(await balance(a)).toBe(100000 - 2000 + potential);
    expect(await balance(b)).toBe(100000 - 2000 + potential);
  });

  it("a price changed through one instance reaches stream subscribers of both, the same item on each", async () => {
    const [a, b] = bases;
    const subscribers = [await subscribe(a), await subscribe(b)];
    try {
      // Both streams are open (each has sent its opening ping) before the change is made.
      await expect.poll(() => subscribers.map((s) => s.pings > 0), { timeout: 25_000, interval: 20 }).toEqual([true, true]);
      // An upcoming event: the demo feed moves only live prices, so the price stays as set.
      const events = (await (await fetch(`${b}/api/events?status=upcoming&limit=5`)).json()) as Ev[];
      const event = events[events.length - 1];
      const market = event.markets.find((m) => m.type === "full_time_result")!;
      const outcome = market.outcomes[0];
      const odds = outcome.odds === "7.77" ? "7.78" : "7.77";
      const admin = await login(a, "admin");
      const adjusted = await fetch(`${a}/api/trading/adjust-odds`, {
        method: "POST",
        headers: { ...json, cookie: admin },
        body: JSON.stringify({ outcomeId: outcome.id, odds }),
      });
      expect(adjusted.status).toBe(200);
      const moved = (item: StreamItem) => item.id === event.id && item.outcomes.some((o) => o.id === outcome.id && o.odds === odds);
      const [fromA, fromB] = await Promise.all(subscribers.map((s) => s.until(moved)));
      expect(fromB).toEqual(fromA);
      expect(fromA.marketId).toBe(market.id);
      // And it is what either instance answers for the event now.
      for (const base of bases) {
        const listed = (await (await fetch(`${base}/api/events?status=upcoming&limit=5`)).json()) as Ev[];
        const now = listed.find((e) => e.id === event.id)!;
        const prices = now.markets.find((m) => m.id === market.id)!.outcomes.map((o) => [o.id, o.odds]);
        expect(fromA.outcomes.map((o) => [o.id, o.odds])).toEqual(prices);
      }
    } finally {
      for (const s of subscribers) await s.close();
    }
  }, 90_000);
});
