/**
 * Two API processes on one database (as behind a load balancer): a session made on one works on the
 * other, bets placed on either are one book, a settlement on one is seen by the other and pays
 * once, an Idempotency-Key repeated across instances places one bet, and exactly one instance
 * leads the demo feed.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ROOT = resolve(import.meta.dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "sportsbook-two-"));
const procs: ChildProcess[] = [];
const bases: string[] = [];

async function start(port: number) {
  const child = spawn(process.execPath, ["api/node.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), DATABASE_URL: `file:${join(dir, "shared.db")}`, LOG_REQUESTS: "0", FEED_INTERVAL_MS: "300" },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  child.stderr?.on("data", (d) => (err += d));
  procs.push(child);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 40_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`instance exited: ${err}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error(`instance on ${port} not healthy: ${err}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return base;
}

beforeAll(async () => {
  const port = 37000 + Math.floor(Math.random() * 900);
  bases.push(await start(port)); // the first seeds the database
  bases.push(await start(port + 1));
}, 90_000);
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
type Ev = { id: string; markets: { id: string; outcomes: { id: string; odds: string }[] }[] };

describe("two instances on one database", () => {
  it("exactly one instance leads the demo feed", async () => {
    let leaders: boolean[] = [];
    for (let i = 0; i < 30; i++) {
      leaders = await Promise.all(bases.map(async (b) => ((await (await fetch(`${b}/api/health`)).json()) as { feed: { leader: boolean } }).feed.leader));
      if (leaders.filter(Boolean).length === 1) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(leaders.filter(Boolean)).toHaveLength(1);
  });

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
      fetch(`${base}/api/admin/settle-bet/${ids[0]}`, { method: "POST", headers: { ...json, cookie: admin }, body: JSON.stringify({ status: "won", actualReturn: potential }) });
    const statuses = (await Promise.all([settle(a), settle(b)])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(await balance(a)).toBe(100000 - 2000 + potential);
    expect(await balance(b)).toBe(100000 - 2000 + potential);
  });
});
