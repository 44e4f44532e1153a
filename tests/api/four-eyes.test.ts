/**
 * Four eyes: a resettlement or unsettlement moving more than 1,000.00, a bonus above 500.00 and a
 * market limit raised above 10 x the default are requests (202): nothing moves until a second admin
 * approves; the requester cannot approve; an approval applies exactly once (a second approval, or a
 * racing one, is refused); a request that no longer holds is closed stale; both sides are audited.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, type Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, currentUserId, expectError, expectLedgerBalanced, placeOk } from "../fixtures/builders.ts";
import { auditRows, put, rolesOf, type Roles } from "../fixtures/trading-desk.ts";
import { EARLY } from "../fixtures/settle.ts";
import { expectNothingWritten, tableRows } from "../fixtures/table-snapshot.ts";

let t: TestApp;
let r: Roles;
let second: Session;
let third: Session;
beforeAll(async () => {
  t = await makeTestApp();
  r = await rolesOf(t);
  second = await demoLogin(t, "admin");
  third = await demoLogin(t, "admin");
});
afterAll(() => t.close());

type Approval = { id: string; kind: string; state: string; amount: number; requestedBy: string; decidedBy: string | null; subjectId: string };
type Ev = { id: string; markets: { id: string; outcomes: { id: string; odds: string }[] }[] };

let n = 0;
async function ownEvent(): Promise<Ev> {
  n += 1;
  const res = await r.admin.post("/api/admin/events", {
    sport: "soccer", league: "Four Eyes League", homeTeam: `Home ${n} ${Date.now()}`, awayTeam: `Away ${n}`,
    startTime: new Date(Date.now() + 6 * 3_600_000).toISOString(), prices: { home: "2.50", draw: "3.20", away: "2.90" },
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { event: Ev }).event;
}
const sel = (e: Ev, i: number) => ({ eventId: e.id, marketId: e.markets[0].id, outcomeId: e.markets[0].outcomes[i].id, odds: e.markets[0].outcomes[i].odds });

/** A customer whose 800.00 on home at 2.50 was settled won by hand (2,000.00 paid). */
async function bigWinner() {
  const e = await ownEvent();
  const c = await demoLogin(t, "customer");
  const { bet } = await placeOk(c, [sel(e, 0)], 80_000);
  expect((await r.admin.post(`/api/admin/settle-bet/${bet.id}`, { status: "won", actualReturn: 200_000, override: EARLY })).status).toBe(200);
  return { e, c, bet: bet.id };
}

const moneyTables = async () => {
  const rows = await tableRows(t);
  return { bets: rows.bets, postings: rows.ledger_postings, accounts: rows.ledger_accounts, markets: rows.markets };
};
const resettleLost = (s: Session, bet: string) => s.post(`/api/admin/bets/${bet}/resettle`, { status: "lost", reasonCode: "result_correction", reason: "Wrong winner keyed in" });
async function requested(res: Response): Promise<Approval> {
  const text = await res.text();
  expect(res.status, text).toBe(202);
  const { approval } = JSON.parse(text) as { approval: Approval };
  expect(approval.state).toBe("pending");
  return approval;
}

describe("a bet resettlement above 1,000.00", () => {
  it("is a request: requested by one admin, refused to the requester and a trader, approved by another, applied once", async () => {
    const { c, bet } = await bigWinner();
    const before = await moneyTables();
    const approval = await requested(await resettleLost(r.admin, bet));
    expect(approval).toMatchObject({ kind: "bet_resettle", subjectId: bet, amount: 200_000, requestedBy: await currentUserId(r.admin) });
    expect(await moneyTables()).toEqual(before); // nothing moved
    expect(await balanceOf(c)).toBe(100_000 - 80_000 + 200_000);

    // The same bet again while it waits: refused.
    await expectError(await resettleLost(r.admin, bet), 409, "APPROVAL.ALREADY_PENDING");
    // The requester, and a trader: refused, nothing written.
    await expectError(await expectNothingWritten(t, () => r.admin.post(`/api/admin/approvals/${approval.id}/approve`, {})), 403, "APPROVAL.OWN_REQUEST");
    await expectError(await expectNothingWritten(t, () => r.trader.post(`/api/admin/approvals/${approval.id}/approve`, {})), 403, "AUTH.FORBIDDEN");

    const ok = await second.post(`/api/admin/approvals/${approval.id}/approve`, { note: "Checked against the league sheet" });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(((await ok.json()) as { approval: Approval }).approval).toMatchObject({ state: "approved", decidedBy: await currentUserId(second) });
    expect(await balanceOf(c)).toBe(100_000 - 80_000);

    // A second approval of the same request: refused, nothing written, nothing moves again.
    await expectError(await expectNothingWritten(t, () => third.post(`/api/admin/approvals/${approval.id}/approve`, {})), 409, "APPROVAL.ALREADY_DECIDED");
    await expectError(await expectNothingWritten(t, () => third.post(`/api/admin/approvals/${approval.id}/reject`, { reason: "Too late to reject this" })), 409, "APPROVAL.ALREADY_DECIDED");
    const moves = await t.database.client.execute({ sql: "SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'bet_resettlement' AND reference = ?", args: [bet] });
    expect(Number(moves.rows[0].n)).toBe(1);

    // Both sides audited: the request by the first admin, the approval and the change by the second.
    const [asked] = await auditRows(t, approval.id, "approval.request");
    expect(asked).toMatchObject({ actorId: await currentUserId(r.admin), after: { kind: "bet_resettle", amount: 200_000, threshold: 100_000 } });
    const [approved] = await auditRows(t, approval.id, "approval.approve");
    expect(approved).toMatchObject({ actorId: await currentUserId(second), after: { state: "approved", note: "Checked against the league sheet" } });
    const [change] = await auditRows(t, bet, "bet.resettle");
    expect(change).toMatchObject({ actorId: await currentUserId(second), after: { correction: -200_000, approval: { id: approval.id, requestedBy: await currentUserId(r.admin) } } });
    await expectLedgerBalanced(t.database);
  });

  it("two admins approving at once: exactly one applies", async () => {
    const { c, bet } = await bigWinner();
    const approval = await requested(await resettleLost(r.admin, bet));
    const answers = await Promise.all([second, third].map((s) => s.post(`/api/admin/approvals/${approval.id}/approve`, {})));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await balanceOf(c)).toBe(100_000 - 80_000);
    const moves = await t.database.client.execute({ sql: "SELECT COUNT(*) AS n FROM ledger_transactions WHERE kind = 'bet_resettlement' AND reference = ?", args: [bet] });
    expect(Number(moves.rows[0].n)).toBe(1);
    await expectLedgerBalanced(t.database);
  });

  it("rejected: nothing moves, audited with the reason; it cannot be approved afterwards", async () => {
    const { c, bet } = await bigWinner();
    const approval = await requested(await resettleLost(r.admin, bet));
    await expectError(await r.admin.post(`/api/admin/approvals/${approval.id}/reject`, { reason: "I made this myself, cancel" }), 403, "APPROVAL.OWN_REQUEST");
    const before = await moneyTables();
    const res = await second.post(`/api/admin/approvals/${approval.id}/reject`, { reason: "The original result stands" });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { approval: Approval }).approval.state).toBe("rejected");
    expect(await moneyTables()).toEqual(before);
    expect(await balanceOf(c)).toBe(100_000 - 80_000 + 200_000);
    expect((await auditRows(t, approval.id, "approval.reject"))[0]).toMatchObject({ actorId: await currentUserId(second), after: { note: "The original result stands" } });
    await expectError(await third.post(`/api/admin/approvals/${approval.id}/approve`, {}), 409, "APPROVAL.ALREADY_DECIDED");
  });

  it("below the threshold it applies at once, and the threshold is risk_settings'", async () => {
    const e = await ownEvent();
    const c = await demoLogin(t, "customer");
    const { bet } = await placeOk(c, [sel(e, 0)], 1000);
    expect((await r.admin.post(`/api/admin/settle-bet/${bet.id}`, { status: "won", actualReturn: 2500, override: EARLY })).status).toBe(200);
    await t.database.client.execute("UPDATE risk_settings SET value = 2000 WHERE key = 'approval_money_threshold'");
    try {
      await requested(await resettleLost(r.admin, bet.id)); // 25.00 > 20.00
    } finally {
      await t.database.client.execute("UPDATE risk_settings SET value = 100000 WHERE key = 'approval_money_threshold'");
    }
    const list = (await (await second.get("/api/admin/approvals")).json()) as { items: Approval[]; thresholds: { money: number; bonus: number; limit: number } };
    expect(list.thresholds).toEqual({ money: 100_000, bonus: 50_000, limit: 2_000_000_000 });
    const pending = list.items.find((a) => a.subjectId === bet.id)!;
    expect((await second.post(`/api/admin/approvals/${pending.id}/reject`, { reason: "Asked under a test threshold" })).status).toBe(200);
    expect((await resettleLost(r.admin, bet.id)).status).toBe(200); // 25.00 <= 1,000.00: at once
  });
});

describe("a market limit raised far above the default", () => {
  it("a trader's raise to 100,000,000.00 waits for an admin; lowering applies at once; approval re-checks the limit", async () => {
    const e = await ownEvent();
    const m = e.markets[0].id;
    const limitOf = async () => Number((await t.database.client.execute({ sql: "SELECT liability_limit FROM markets WHERE id = ?", args: [m] })).rows[0].liability_limit);
    const first = await requested(await put(r.trader, `/api/admin/markets/${m}/limit`, { liabilityLimit: 10_000_000_000 }));
    expect(first).toMatchObject({ kind: "market_limit", amount: 10_000_000_000 });
    expect(await limitOf()).toBe(200_000_000);
    // Lowering applies at once, even while a raise waits.
    expect((await put(r.trader, `/api/admin/markets/${m}/limit`, { liabilityLimit: 50_000 })).status).toBe(200);
    expect(await limitOf()).toBe(50_000);
    // The raise was asked against 2,000,000.00: stale now, closed, nothing applied.
    await expectError(await r.admin.post(`/api/admin/approvals/${first.id}/approve`, {}), 409, "APPROVAL.STALE");
    expect(await limitOf()).toBe(50_000);
    expect((await (await r.admin.get("/api/admin/approvals?state=stale")).json() as { items: Approval[] }).items.some((a) => a.id === first.id)).toBe(true);

    const again = await requested(await put(r.trader, `/api/admin/markets/${m}/limit`, { liabilityLimit: 10_000_000_000 }));
    await expectError(await r.trader.post(`/api/admin/approvals/${again.id}/approve`, {}), 403, "AUTH.FORBIDDEN");
    const ok = await r.admin.post(`/api/admin/approvals/${again.id}/approve`, {});
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await limitOf()).toBe(10_000_000_000);
    const [change] = await auditRows(t, m, "market.limit").then((rows) => rows.slice(-1));
    expect(change).toMatchObject({ actorId: await currentUserId(r.admin), after: { liabilityLimit: 10_000_000_000, approval: { id: again.id, requestedBy: await currentUserId(r.trader) } } });
  });
});

describe("a bonus above 500.00", () => {
  it("waits for a second admin; approved, it is credited once", async () => {
    const c = await demoLogin(t, "customer");
    const id = await currentUserId(c);
    const bonus = async () => ((await (await c.get("/api/wallet/bonus")).json()) as { bonus: number }).bonus;
    const approval = await requested(await r.admin.post(`/api/admin/crm/customers/${id}/bonus`, { amount: 60_000, reason: "VIP goodwill gesture" }));
    expect(approval).toMatchObject({ kind: "bonus", amount: 60_000, subjectId: id });
    expect(await bonus()).toBe(0);
    expect((await second.post(`/api/admin/approvals/${approval.id}/approve`, {})).status).toBe(200);
    expect(await bonus()).toBe(60_000);
    await expectError(await third.post(`/api/admin/approvals/${approval.id}/approve`, {}), 409, "APPROVAL.ALREADY_DECIDED");
    expect(await bonus()).toBe(60_000);
    // 500.00 exactly is not above the threshold: at once.
    expect((await r.admin.post(`/api/admin/crm/customers/${id}/bonus`, { amount: 50_000, reason: "Second goodwill gesture" })).status).toBe(200);
    expect(await bonus()).toBe(110_000);
    await expectLedgerBalanced(t.database);
  });
});

describe("a market unsettlement moving more than 1,000.00", () => {
  it("waits for approval; approved, the bets go back to pending and the market is held under review", async () => {
    const e = await ownEvent();
    const c = await demoLogin(t, "customer");
    const { bet } = await placeOk(c, [sel(e, 0)], 80_000);
    expect((await r.admin.post(`/api/admin/markets/${e.markets[0].id}/settle`, { winningOutcomeId: e.markets[0].outcomes[0].id, override: EARLY })).status).toBe(200);
    expect(await balanceOf(c)).toBe(220_000);
    const before = await moneyTables();
    const approval = await requested(await r.admin.post(`/api/admin/markets/${e.markets[0].id}/unsettle`, { reason: "Disputed goal, reviewing video" }));
    expect(approval).toMatchObject({ kind: "market_unsettle", amount: 200_000 });
    expect(await moneyTables()).toEqual(before);
    const ok = await second.post(`/api/admin/approvals/${approval.id}/approve`, {});
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await balanceOf(c)).toBe(20_000);
    const row = (await t.database.client.execute({ sql: "SELECT status FROM bets WHERE id = ?", args: [bet.id] })).rows[0];
    expect(row.status).toBe("pending");
    const reviews = (await (await r.admin.get("/api/admin/market-reviews")).json()) as { items: { marketId: string }[] };
    expect(reviews.items.some((x) => x.marketId === e.markets[0].id)).toBe(true);
    await expectLedgerBalanced(t.database);
  });
});

describe("the queue", () => {
  it("is for admins; unknown requests are 404", async () => {
    await expectError(await r.trader.get("/api/admin/approvals"), 403, "AUTH.FORBIDDEN");
    await expectError(await r.customer.get("/api/admin/approvals"), 403, "AUTH.FORBIDDEN");
    await expectError(await second.post("/api/admin/approvals/apr_nope/approve", {}), 404, "APPROVAL.NOT_FOUND");
    await expectError(await second.post("/api/admin/approvals/apr_nope/reject", { reason: "No such request here" }), 404, "APPROVAL.NOT_FOUND");
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
