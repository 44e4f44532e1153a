/**
 * The contest entry write re-checks the customer's wagering gates itself, like bet placement:
 * suspension, a time-out or self-exclusion, and the loss limits are guard statements in the same
 * batch as the entry and its fee. So a customer who is suspended, takes a break or loses more
 * between the use case's check and the write is refused with the code the check gives, and nothing
 * is written. Tested on the libSQL adapter directly (a plan whose guard fails) and through the use
 * cases with a gate that lets the check pass and then changes the customer before the write.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, currentUserId, expectLedgerBalanced } from "../fixtures/builders.ts";
import { createContestOk, enterOk, HOUR, MIN, playersOf, poolBalance, validLineup } from "../fixtures/fantasy.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { enterContest, entryFeeTransaction, newEntry } from "../../domain/fantasy/enter-contest.ts";
import { createPrivateContest } from "../../domain/fantasy/create-private-contest.ts";
import { wageringGate, type MayWager } from "../../domain/fantasy/entry-gate.ts";
import { walletAccountId } from "../../domain/wallet/ledger.ts";
import type { EntryPlan, WagerGuards } from "../../domain/ports/index.ts";
import type { Ctx } from "../../domain/shared/context.ts";
import type { FantasyContest, FantasyPlayer } from "../../api/schemas/fantasy.ts";

let t: TestApp;
let admin: Session;
let players: FantasyPlayer[];
beforeAll(async () => {
  t = await makeTestApp();
  admin = await demoLogin(t, "admin");
  players = await playersOf(admin, "fsp_nfl");
});
afterAll(() => t.close());

const ports = () => libsqlPorts(t.database);
const fantasy = () => {
  const port = ports().fantasy;
  if (!port) throw new Error("libsqlPorts has no fantasy port");
  return port;
};
const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();
const entriesOf = (contestId: string) => countRows(t.database, "SELECT COUNT(*) AS n FROM fantasy_entries WHERE contest_id = ?", [contestId]);
const entriesOfUser = (userId: string) => countRows(t.database, "SELECT COUNT(*) AS n FROM fantasy_entries WHERE user_id = ?", [userId]);
const lineupOf = (c: FantasyContest) => validLineup(players, c.rosterPositions, c.salaryCap);
const freshContest = (entryFee = 1500) =>
  createContestOk(admin, { sportId: "fsp_nfl", name: `Guard ${Math.random().toString(36).slice(2, 7)}`, entryFee, maxEntries: 20, startTime: inHours(2) });

async function customer() {
  const s = await demoLogin(t, "customer");
  return { s, id: await currentUserId(s) };
}

async function snapshot(s: Session, contestId: string) {
  return { balance: await balanceOf(s), entries: await entriesOf(contestId), pool: await poolBalance(t.database, contestId) };
}

/** The use case's context for this customer, on the same database as the app. */
async function ctxFor(userId: string): Promise<Ctx> {
  const p = ports();
  const user = await p.users.findById(userId);
  if (!user) throw new Error(`no user ${userId}`);
  return { actor: { kind: "user", user, sessionId: "test" }, ports: p, clock: t.clock, ids: randomIds };
}

/** The real gate, but the first time it has passed, `meanwhile` runs before the use case goes on to its write. */
function gateThen(meanwhile: () => Promise<unknown>): MayWager {
  let first = true;
  return async (ctx, user, amount) => {
    const answer = await wageringGate(ctx, user, amount);
    if (first && answer.ok) {
      first = false;
      await meanwhile();
    }
    return answer;
  };
}

describe("the entry write re-checks the wagering gates (libSQL adapter)", () => {
  /** A valid plan for this customer's entry, as enterContest builds it after its checks passed. */
  function planFor(c: FantasyContest, userId: string, guards: WagerGuards): EntryPlan {
    const now = new Date();
    const entry = newEntry({
      id: `fe_direct_${Math.random().toString(36).slice(2)}`,
      contestId: c.id,
      userId,
      lineup: lineupOf(c),
      salaryUsed: 0,
      fee: c.entryFee,
      at: now,
    });
    const fee = entryFeeTransaction({ ids: randomIds }, entry, now);
    if (!fee.ok) throw new Error(fee.error.message);
    return { entry, fee: fee.value, walletAccountId: walletAccountId(userId), guards };
  }
  const noLimits = (): WagerGuards => ({ at: new Date(), lossLimits: [] });
  const daily = (limit: number): WagerGuards => ({ at: new Date(), lossLimits: [{ since: new Date(Date.now() - 24 * HOUR), limit }] });

  it("a fee that takes net losses past a loss-limit window is refused, nothing written; within it, entered", async () => {
    const c = await freshContest(1500);
    const d = await freshContest(1500);
    const { s, id } = await customer();
    await enterOk(s, d.id, lineupOf(d)); // 15.00 lost in the last 24 hours
    const before = await snapshot(s, c.id);
    expect(await fantasy().enter(planFor(c, id, daily(2_999)))).toEqual({ kind: "refused" });
    expect(await snapshot(s, c.id)).toEqual(before);
    // A window that started after the first entry fee does not count it.
    const later: WagerGuards = { at: new Date(), lossLimits: [{ since: new Date(Date.now() + MIN), limit: 1_500 }] };
    expect((await fantasy().enter(planFor(c, id, later))).kind).toBe("entered");
    expect(await entriesOf(c.id)).toBe(1);
    expect(await poolBalance(t.database, c.id)).toBe(1500);
    await expectLedgerBalanced(t.database);
  });

  it("exactly at the limit is entered", async () => {
    const c = await freshContest(1500);
    const { s, id } = await customer();
    const balance = await balanceOf(s);
    expect(await fantasy().enter(planFor(c, id, daily(1_500)))).toEqual({ kind: "entered", balance: balance - 1500 });
    expect(await poolBalance(t.database, c.id)).toBe(1500);
  });

  it("a customer on a time-out, self-excluded or suspended is refused, nothing written", async () => {
    const c = await freshContest(1500);
    const { s, id } = await customer();
    const before = await snapshot(s, c.id);
    // A break taken after the use case's check (at = earlier) still refuses the write.
    const checkedAt = new Date(Date.now() - MIN);
    expect((await s.post("/api/responsible/break", {})).status).toBe(200);
    expect(await fantasy().enter(planFor(c, id, { at: checkedAt, lossLimits: [] }))).toEqual({ kind: "refused" });
    expect(await snapshot(s, c.id)).toEqual(before);

    const other = await customer();
    const otherBefore = await snapshot(other.s, c.id);
    await t.database.client.execute({ sql: "UPDATE users SET is_active = 0 WHERE id = ?", args: [other.id] });
    expect(await fantasy().enter(planFor(c, other.id, noLimits()))).toEqual({ kind: "refused" });
    await t.database.client.execute({ sql: "UPDATE users SET is_active = 1 WHERE id = ?", args: [other.id] });
    expect(await snapshot(other.s, c.id)).toEqual(otherBefore);
    expect((await fantasy().enter(planFor(c, other.id, noLimits()))).kind).toBe("entered");
    await expectLedgerBalanced(t.database);
  });

  it("a contest that stopped taking entries is still reported as such, not as a wagering refusal", async () => {
    const c = await freshContest(1500);
    const { id } = await customer();
    await t.database.client.execute({ sql: "UPDATE fantasy_contests SET status = 'cancelled' WHERE id = ?", args: [c.id] });
    expect(await fantasy().enter(planFor(c, id, noLimits()))).toEqual({ kind: "not_taking_entries" });
  });
});

describe("enterContest: the customer changes between the check and the write", () => {
  it("losses that grow in between: RG.LOSS_LIMIT as before the write, nothing written", async () => {
    const c = await freshContest(1500);
    const d = await freshContest(1500);
    const { s, id } = await customer();
    expect((await s.request("PUT", "/api/responsible/limits", { type: "loss", period: "daily", amount: 2000 })).status).toBe(200);
    const before = await snapshot(s, c.id);
    // The check sees no losses (15.00 + 0 within 20.00); then another entry loses 15.00 first.
    const r = await enterContest(await ctxFor(id), c.id, { lineup: lineupOf(c) }, { mayWager: gateThen(() => enterOk(s, d.id, lineupOf(d))) });
    expect(!r.ok && r.error.code).toBe("RG.LOSS_LIMIT");
    expect(!r.ok && r.error.details).toMatchObject({ period: "daily", limit: 2000, used: 1500 });
    expect(await entriesOf(c.id)).toBe(0);
    expect(await poolBalance(t.database, c.id)).toBe(before.pool);
    expect(await balanceOf(s)).toBe(before.balance - 1500); // the other entry only
    await expectLedgerBalanced(t.database);
  });

  it("a break taken in between: RG.SELF_EXCLUDED, nothing written", async () => {
    const c = await freshContest(1500);
    const { s, id } = await customer();
    const before = await snapshot(s, c.id);
    const r = await enterContest(await ctxFor(id), c.id, { lineup: lineupOf(c) }, {
      mayWager: gateThen(async () => void expect((await s.post("/api/responsible/break", {})).status).toBe(200)),
    });
    expect(!r.ok && r.error.code).toBe("RG.SELF_EXCLUDED");
    expect(await snapshot(s, c.id)).toEqual(before);
  });

  it("a suspension in between: AUTH.ACCOUNT_SUSPENDED, nothing written", async () => {
    const c = await freshContest(1500);
    const { s, id } = await customer();
    const before = await snapshot(s, c.id);
    const r = await enterContest(await ctxFor(id), c.id, { lineup: lineupOf(c) }, {
      mayWager: gateThen(async () => void (await t.database.client.execute({ sql: "UPDATE users SET is_active = 0 WHERE id = ?", args: [id] }))),
    });
    expect(!r.ok && r.error.code).toBe("AUTH.ACCOUNT_SUSPENDED");
    await t.database.client.execute({ sql: "UPDATE users SET is_active = 1 WHERE id = ?", args: [id] });
    expect(await snapshot(s, c.id)).toEqual(before);
  });

  it("a private contest's creator too: losses that grow in between refuse the contest and the entry", async () => {
    const d = await freshContest(1500);
    const { s, id } = await customer();
    expect((await s.request("PUT", "/api/responsible/limits", { type: "loss", period: "daily", amount: 2000 })).status).toBe(200);
    const contestsBefore = await countRows(t.database, "SELECT COUNT(*) AS n FROM fantasy_contests WHERE created_by = ?", [id]);
    const r = await createPrivateContest(
      await ctxFor(id),
      { sportId: "fsp_nfl", name: "Race", entryFee: 1000, maxEntries: 4, startTime: new Date(Date.now() + 2 * HOUR), lineup: lineupOf(d) },
      { mayWager: gateThen(() => enterOk(s, d.id, lineupOf(d))) },
    );
    expect(!r.ok && r.error.code).toBe("RG.LOSS_LIMIT");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM fantasy_contests WHERE created_by = ?", [id])).toBe(contestsBefore);
    expect(await entriesOfUser(id)).toBe(1); // the other entry only
    await expectLedgerBalanced(t.database);
  });
});
