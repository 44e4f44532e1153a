import { describe, expect, it } from "vitest";
import { planCancellation, planSettlement } from "./resolve-contest.ts";
import { defaultPayoutTable } from "./payouts.ts";
import type { ContestRecord, EntryRecord } from "./types.ts";

let n = 0;
const ids = { ids: { next: (prefix: string) => `${prefix}_${++n}` } };
const at = new Date("2026-01-01T13:00:00Z");

const contest: ContestRecord = {
  id: "fc_1", sportId: "s", sportName: "S", name: "C", type: "tournament", entryFee: 1000, guaranteedPrize: 5000,
  maxEntries: 30, minEntries: 2, currentEntries: 4, rakePercent: 10, payoutTable: defaultPayoutTable(3),
  roster: [{ slot: "X", eligible: [] }], salaryCap: 50000, startTime: new Date("2026-01-01T10:00:00Z"), endTime: at,
  status: "live", settings: {}, isPrivate: false, inviteCode: null, createdBy: "adm", createdAt: new Date(0), scoredAt: null, resolvedAt: null,
};
const entry = (id: string, player: string, minute: number): EntryRecord => ({
  id, contestId: "fc_1", userId: `usr_${id}`, lineup: [player], salaryUsed: 1000, fee: 1000, pointsX100: 0, rank: null, payout: null,
  status: "active", enteredAt: new Date(Date.UTC(2026, 0, 1, 8, minute)), updatedAt: new Date(0),
});
const entries = [entry("a", "p1", 1), entry("b", "p2", 2), entry("c", "p3", 3), entry("d", "p4", 4)];
const sumOf = (postings: { amount: number }[]) => postings.reduce((s, p) => s + p.amount, 0);

describe("settlement plan", () => {
  const points = new Map([["p1", 3000], ["p2", 2000], ["p3", 2000], ["p4", 100]]);
  const { plan, resolution } = planSettlement(ids, contest, entries, points, { from: ["live"], at, actor: null, recordPoints: true });

  it("takes the rake as its own contest_rake transaction from the fees only", () => {
    const rake = plan.transactions.filter((t) => t.kind === "contest_rake");
    expect(rake).toHaveLength(1);
    expect(rake[0].postings).toEqual([{ accountId: "fantasy_pool:fc_1", amount: -400 }, { accountId: "fantasy_rake", amount: 400 }]);
    expect(resolution.rake).toBe(400);
  });

  it("pays 5000 + 4000 - 400 = 8600 by the table, the tie for 2nd sharing 2nd and 3rd, one contest_payout per paid entry", () => {
    // Places: 4692, 2345, 1563 (see payouts.ts); b and c share 2345 + 1563 = 3908 -> 1954 each.
    expect(resolution.payouts.map((p) => [p.entryId, p.rank, p.amount])).toEqual([["a", 1, 4692], ["b", 2, 1954], ["c", 2, 1954], ["d", 4, 0]]);
    const payouts = plan.transactions.filter((t) => t.kind === "contest_payout");
    expect(payouts.map((t) => [t.reference, t.postings[1]])).toEqual([
      ["a", { accountId: "wallet:usr_a", amount: 4692 }],
      ["b", { accountId: "wallet:usr_b", amount: 1954 }],
      ["c", { accountId: "wallet:usr_c", amount: 1954 }],
    ]);
    for (const t of plan.transactions) expect(sumOf(t.postings)).toBe(0);
    // Everything that left the pool is exactly what was in it.
    const outOfPool = plan.transactions.flatMap((t) => t.postings).filter((p) => p.accountId === "fantasy_pool:fc_1");
    expect(-sumOf(outOfPool)).toBe(5000 + 4000);
  });

  it("records each entry's result and only settles from the given states", () => {
    expect(plan).toMatchObject({ to: "settled", from: ["live"], poolAccountId: "fantasy_pool:fc_1" });
    expect(plan.entries.map((e) => [e.entryId, e.status, e.payout, e.pointsX100])).toEqual([
      ["a", "won", 4692, 3000], ["b", "won", 1954, 2000], ["c", "won", 1954, 2000], ["d", "lost", 0, 100],
    ]);
    expect(plan.audit).toMatchObject({ action: "fantasy_contest.settle", actorId: null, actorRole: "system", entityId: "fc_1" });
  });

  it("no rake transaction when the rake is 0", () => {
    const free = planSettlement(ids, { ...contest, rakePercent: 0 }, entries, points, { from: ["live"], at, actor: null, recordPoints: false });
    expect(free.plan.transactions.some((t) => t.kind === "contest_rake")).toBe(false);
    expect(free.plan.playerPoints).toBeNull();
  });
});

describe("cancellation plan", () => {
  it("refunds every fee (contest_entry_refund) and returns the guarantee to the house (adjustment)", () => {
    const { plan, resolution } = planCancellation(ids, contest, entries, { from: ["open"], at, actor: null, reason: "short" });
    const refunds = plan.transactions.filter((t) => t.kind === "contest_entry_refund");
    expect(refunds.map((t) => [t.reference, t.postings[1].accountId, t.postings[1].amount])).toEqual(
      entries.map((e) => [e.id, `wallet:${e.userId}`, 1000]),
    );
    const back = plan.transactions.filter((t) => t.kind === "adjustment");
    expect(back.map((t) => t.postings)).toEqual([[{ accountId: "fantasy_pool:fc_1", amount: -5000 }, { accountId: "house", amount: 5000 }]]);
    expect(plan.entries.every((e) => e.status === "refunded" && e.payout === 1000)).toBe(true);
    expect(resolution.refunds.reduce((s, r) => s + r.amount, 0)).toBe(4000);
  });
  it("a free contest with no guarantee and no entries moves no money", () => {
    const { plan } = planCancellation(ids, { ...contest, guaranteedPrize: 0, entryFee: 0 }, [], { from: ["open"], at, actor: null, reason: "x" });
    expect(plan.transactions).toEqual([]);
  });
});
