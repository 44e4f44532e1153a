/**
 * Idempotency-Key on POST /api/bets, and races: bursts of placements on one wallet, concurrent
 * retries with one key, concurrent settlements of one bet. Each race runs once through one app
 * and once through several app instances with their own database connections (like several
 * server processes on one database), so the database guards, not the request order, decide.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EARLY } from "../fixtures/settle.ts";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import {
  balanceOf,
  betCountFor,
  currentUserId,
  expectError,
  expectLedgerBalanced,
  placeOk,
  postingCountFor,
  selectionOf,
  siblingApps,
  upcomingPool,
  type Selection,
} from "../fixtures/builders.ts";

let t: TestApp;
let pool: Awaited<ReturnType<typeof upcomingPool>>;
let siblings: Awaited<ReturnType<typeof siblingApps>>;
beforeAll(async () => {
  t = await makeTestApp();
  pool = await upcomingPool(new Session(t));
  siblings = await siblingApps(t, 3);
});
afterAll(() => {
  siblings.close();
  t.close();
});

async function customer() {
  const s = await demoLogin(t, "customer");
  return { s, id: await currentUserId(s) };
}

const single = (sel: Selection, stake: number) => ({ selections: [sel], stake, betType: "single" });

/** The same session's request through one of N apps (all on the same database file). */
function via(s: Session, i: number, spread: boolean) {
  return (method: string, path: string, body: unknown, headers: Record<string, string> = {}) => {
    if (!spread) return s.request(method, path, body, headers);
    const app = siblings.apps[i % siblings.apps.length];
    return app.request(path, {
      method,
      headers: { cookie: s.cookie, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
  };
}

describe("Idempotency-Key", () => {
  it("the same key and body twice: both 201 with the identical body, the second marked replayed; one bet, one debit", async () => {
    const c = await customer();
    const sel = selectionOf(pool.next());
    const key = "slip-7f3a9c";
    const first = await c.s.post("/api/bets", single(sel, 2500), { "Idempotency-Key": key });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const firstBody = await first.json();
    const second = await c.s.post("/api/bets", single(sel, 2500), { "Idempotency-Key": key });
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect(await second.json()).toEqual(firstBody);
    expect(firstBody.balance).toBe(97500);
    expect(await balanceOf(c.s)).toBe(97500);
    expect(await betCountFor(t.database, c.id)).toBe(1);
    expect(await postingCountFor(t.database, c.id)).toBe(2); // the grant and one stake
  });

  it("a replay still answers with the first response after the balance has moved on", async () => {
    const c = await customer();
    const sel = selectionOf(pool.next());
    const first = await (await c.s.post("/api/bets", single(sel, 1000), { "Idempotency-Key": "k-1" })).json();
    await placeOk(c.s, [sel], 3000); // another bet without a key
    const again = await c.s.post("/api/bets", single(sel, 1000), { "Idempotency-Key": "k-1" });
    expect(again.status).toBe(201);
    expect(await again.json()).toEqual(first);
    expect(await balanceOf(c.s)).toBe(96000);
    expect(await betCountFor(t.database, c.id)).toBe(2);
  });

  it("the same key with a different body: 409 BET.IDEMPOTENCY_CONFLICT and nothing changes", async () => {
    const c = await customer();
    const sel = selectionOf(pool.next());
    const other = selectionOf(pool.next());
    expect((await c.s.post("/api/bets", single(sel, 1000), { "Idempotency-Key": "dup" })).status).toBe(201);
    for (const body of [single(sel, 1001), single(other, 1000), { selections: [sel, other], stake: 1000, betType: "multiple" }]) {
      await expectError(await c.s.post("/api/bets", body, { "Idempotency-Key": "dup" }), 409, "BET.IDEMPOTENCY_CONFLICT");
    }
    expect(await balanceOf(c.s)).toBe(99000);
    expect(await betCountFor(t.database, c.id)).toBe(1);
  });

  it("keys belong to one customer: another customer's identical key places their own bet", async () => {
    const a = await customer();
    const b = await customer();
    const sel = selectionOf(pool.next());
    const ra = await (await a.s.post("/api/bets", single(sel, 1000), { "Idempotency-Key": "shared" })).json();
    const resB = await b.s.post("/api/bets", single(sel, 1000), { "Idempotency-Key": "shared" });
    expect(resB.status).toBe(201);
    expect(resB.headers.get("idempotent-replayed")).toBeNull();
    const rb = await resB.json();
    expect(rb.bet.id).not.toBe(ra.bet.id);
    expect(await balanceOf(a.s)).toBe(99000);
    expect(await balanceOf(b.s)).toBe(99000);
  });

  it("a refused placement does not use up the key", async () => {
    const c = await customer();
    const sel = selectionOf(pool.next());
    await expectError(await c.s.post("/api/bets", single(sel, 100001), { "Idempotency-Key": "retry-me" }), 409, "BET.INSUFFICIENT_FUNDS");
    const ok = await c.s.post("/api/bets", single(sel, 1000), { "Idempotency-Key": "retry-me" });
    expect(ok.status).toBe(201);
    expect(ok.headers.get("idempotent-replayed")).toBeNull();
    expect(await balanceOf(c.s)).toBe(99000);
  });

  it.each([
    ["one app", false],
    ["several connections", true],
  ] as const)("20 concurrent requests with one key (%s): all 201 with one body, exactly one bet and one debit", async (_n, spread) => {
    const c = await customer();
    const sel = selectionOf(pool.next());
    const send = (i: number) => via(c.s, i, spread)("POST", "/api/bets", single(sel, 1500), { "Idempotency-Key": `burst-${spread}` });
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i)));
    const bodies = await Promise.all(responses.map((r) => r.text()));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(201));
    expect(new Set(bodies).size).toBe(1);
    expect(responses.filter((r) => r.headers.get("idempotent-replayed") === "true").length).toBe(19);
    expect(JSON.parse(bodies[0]).balance).toBe(98500);
    expect(await balanceOf(c.s)).toBe(98500);
    expect(await betCountFor(t.database, c.id)).toBe(1);
    expect(await postingCountFor(t.database, c.id)).toBe(2);
  });
});

describe("bursts of placements on one wallet", () => {
  it.each([
    ["one app", false],
    ["several connections", true],
  ] as const)("30 concurrent 5000-cent bets on 100000 (%s): exactly 20 placed, 10 refused, balance 0", async (_n, spread) => {
    const c = await customer();
    const sel = selectionOf(pool.next());
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => via(c.s, i, spread)("POST", "/api/bets", single(sel, 5000))),
    );
    const results = await Promise.all(responses.map(async (r) => ({ status: r.status, body: await r.json() })));
    const placed = results.filter((r) => r.status === 201);
    const refused = results.filter((r) => r.status !== 201);
    expect(placed.length).toBe(20);
    expect(refused.length).toBe(10);
    expect(refused.every((r) => r.status === 409 && r.body.error.code === "BET.INSUFFICIENT_FUNDS")).toBe(true);
    // Every accepted bet reported a balance that is a distinct step of 5000 down to 0.
    expect(placed.map((r) => r.body.balance as number).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 20 }, (_, i) => i * 5000),
    );
    expect(new Set(placed.map((r) => r.body.bet.id)).size).toBe(20);
    expect(await balanceOf(c.s)).toBe(0);
    expect(await betCountFor(t.database, c.id)).toBe(20);
    await expectLedgerBalanced(t.database);
  });

  it("many customers betting at once each pay only their own stakes", async () => {
    const customers = await Promise.all(Array.from({ length: 5 }, () => customer()));
    const sel = selectionOf(pool.next());
    await Promise.all(
      customers.flatMap((c, k) => Array.from({ length: 4 }, () => c.s.post("/api/bets", single(sel, 1000 * (k + 1))))),
    );
    for (const [k, c] of customers.entries()) {
      expect(await balanceOf(c.s)).toBe(100000 - 4 * 1000 * (k + 1));
      expect(await betCountFor(t.database, c.id)).toBe(4);
    }
  });
});

describe("concurrent settlement of one bet", () => {
  it.each([
    ["one app", false],
    ["several connections", true],
  ] as const)("20 concurrent settle-won requests (%s): exactly one 200, one payout", async (_n, spread) => {
    const admin = await demoLogin(t, "admin");
    const c = await customer();
    const placed = await placeOk(c.s, [selectionOf(pool.next())], 2000);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        via(admin, i, spread)("POST", `/api/admin/settle-bet/${placed.bet.id}`, { override: EARLY, status: "won", actualReturn: placed.bet.potentialReturn }),
      ),
    );
    const results = await Promise.all(responses.map(async (r) => ({ status: r.status, body: await r.json() })));
    expect(results.filter((r) => r.status === 200).length).toBe(1);
    const others = results.filter((r) => r.status !== 200);
    expect(others.length).toBe(19);
    expect(others.every((r) => r.status === 409 && r.body.error.code === "BET.NOT_PENDING")).toBe(true);
    expect(await balanceOf(c.s)).toBe(98000 + placed.bet.potentialReturn);
    const payouts = await t.database.client.execute({
      sql: "SELECT COUNT(*) AS n FROM ledger_transactions WHERE reference = ? AND kind = 'bet_payout'",
      args: [placed.bet.id],
    });
    expect(Number(payouts.rows[0].n)).toBe(1);
    const audits = await t.database.client.execute({ sql: "SELECT COUNT(*) AS n FROM audit_log WHERE entity_id = ?", args: [placed.bet.id] });
    expect(Number(audits.rows[0].n)).toBe(1);
  });

  it("won and void racing on one bet: exactly one wins, and the money matches that one", async () => {
    const admin = await demoLogin(t, "admin");
    const c = await customer();
    const placed = await placeOk(c.s, [selectionOf(pool.next())], 2000);
    const bodies = [
      { status: "won", actualReturn: placed.bet.potentialReturn, override: EARLY },
      { status: "void", actualReturn: 2000, reasonCode: "void_by_rule" },
      { status: "lost", actualReturn: 0, override: EARLY },
    ];
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => via(admin, i, true)("POST", `/api/admin/settle-bet/${placed.bet.id}`, bodies[i % 3])),
    );
    const ok = responses.map((r, i) => ({ status: r.status, i })).filter((r) => r.status === 200);
    expect(ok.length).toBe(1);
    const winner = bodies[ok[0].i % 3];
    expect(await balanceOf(c.s)).toBe(98000 + winner.actualReturn);
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
