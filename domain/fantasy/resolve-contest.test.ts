import { describe, expect, it } from "vitest";
import { planCancellation, planSettlement } from "./resolve-contest.ts";
import { defaultPayoutTable } from "./payouts.ts";
import type { ContestRecord, EntryRecord } from "./types.ts";

let n = 0;
const ids = { ids: { next: (prefix: string) => `${prefix}_${++n}` } };
const at = new Date("2026-01-01T13:00:00Z");

const contest: ContestRecord = {
  id: "fc_1", sportId: "s", sportName: "S", name: "C", type: "tournament", entryFee: 1000, guaranteedPrize: 5000, guaranteeFunded: 0,
  maxEntries: 30, maxEntriesPerUser: 1, minEntries: 2, currentEntries: 4, rakePercent: 10, payoutTable: defaultPayoutTable(3),
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

  it("pays max(5000, 4000 - 400) = 5000 by the table, the house adding the 1400 overlay, the tie for 2nd sharing 2nd and 3rd", () => {
    // Places of 5000 by [5455, 2727, 1818]: 2727.5, 1363.5, 909 -> 2727, 1363, 909 = 4999; +1 to 1st.
    // b and c share 1363 + 909 = 2272 -> 1136 each.
    expect(resolution.payouts.map((p) => [p.entryId, p.rank, p.amount])).toEqual([["a", 1, 2728], ["b", 2, 1136], ["c", 2, 1136], ["d", 4, 0]]);
    expect(resolution).toMatchObject({ prizePool: 5000, overlay: 1400 });
    const overlay = plan.transactions.filter((t) => t.kind === "adjustment");
    expect(overlay.map((t) => t.postings)).toEqual([[{ accountId: "house", amount: -1400 }, { accountId: "fantasy_pool:fc_1", amount: 1400 }]]);
    const payouts = plan.transactions.filter((t) => t.kind === "contest_payout");
    expect(payouts.map((t) => [t.reference, t.postings[1]])).toEqual([
      ["a", { accountId: "wallet:usr_a", amount: 2728 }],
      ["b", { accountId: "wallet:usr_b", amount: 1136 }],
      ["c", { accountId: "wallet:usr_c", amount: 1136 }],
    ]);
    for (const t of plan.transactions) expect(sumOf(t.postings)).toBe(0);
    // The pool ends empty: 4000 fees + 1400 overlay in; 400 rake + 5000 prizes out.
    const pool = plan.transactions.flatMap((t) => t.postings).filter((p) => p.accountId === "fantasy_pool:fc_1");
    expect(sumOf(pool) + 4000).toBe(0);
  });

  it("records each entry's result and only settles from the given states", () => {
    expect(plan).toMatchObject({ to: "settled", from: ["live"], poolAccountId: "fantasy_pool:fc_1" });
    expect(plan.entries.map((e) => [e.entryId, e.status, e.payout, e.pointsX100])).toEqual([
      ["a", "won", 2728, 3000], ["b", "won", 1136, 2000], ["c", "won", 1136, 2000], ["d", "lost", 0, 100],
    ]);
    expect(plan.audit).toMatchObject({ action: "fantasy_contest.settle", actorId: null, actorRole: "system", entityId: "fc_1" });
  });

  it("no rake transaction when the rake is 0", () => {
    const free = planSettlement(ids, { ...contest, rakePercent: 0 }, entries, points, { from: ["live"], at, actor: null, recordPoints: false });
    expect(free.plan.transactions.some((t) => t.kind === "contest_rake")).toBe(false);
    expect(free.plan.playerPoints).toBeNull();
  });
});

describe("settlement of a contest created before migration 0025 (its guarantee put into the pool up front)", () => {
  it("gives the house back what the overlay did not need: 5000 funded + 3600 net fees held, 5000 paid, 3600 back", () => {
    const legacy = { ...contest, guaranteeFunded: 5000 };
    const points = new Map([["p1", 3000], ["p2", 2000], ["p3", 2000], ["p4", 100]]);
    const { plan, resolution } = planSettlement(ids, legacy, entries, points, { from: ["live"], at, actor: null, recordPoints: false });
    const back = plan.transactions.filter((t) => t.kind === "adjustment");
    expect(back.map((t) => t.postings)).toEqual([[{ accountId: "fantasy_pool:fc_1", amount: -3600 }, { accountId: "house", amount: 3600 }]]);
    // The house's net cost is 5000 - 3600 = 1400, the same overlay as a contest created today.
    expect(resolution).toMatchObject({ prizePool: 5000, overlay: 1400 });
    expect(resolution.payouts.reduce((s, p) => s + p.amount, 0)).toBe(5000);
    const pool = plan.transactions.flatMap((t) => t.postings).filter((p) => p.accountId === "fantasy_pool:fc_1");
    expect(sumOf(pool) + 5000 + 4000).toBe(0);
  });
});

describe("cancellation plan", () => {
  it("refunds every fee (contest_entry_refund); nothing of the guarantee moves, since none was put in", () => {
    const { plan } = planCancellation(ids, contest, entries, { from: ["open"], at, actor: null, reason: "short" });
    expect(plan.transactions.filter((t) => t.kind === "adjustment")).toEqual([]);
    expect(plan.transactions).toHaveLength(4);
  });
  it("refunds every fee (contest_entry_refund) and returns a guarantee funded up front to the house (adjustment)", () => {
    const { plan, resolution } = planCancellation(ids, { ...contest, guaranteeFunded: 5000 }, entries, { from: ["open"], at, actor: null, reason: "short" });
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

describe("a full guaranteed contest and a thin open one, settled", () => {
  const many = (n: number) => Array.from({ length: n }, (_, i) => entry(`e${String(i).padStart(3, "0")}`, `p${i}`, i % 60));
  const ranked = (n: number) => new Map(Array.from({ length: n }, (_, i) => [`p${i}`, 10_000 - i]));
  const hundred = { ...contest, guaranteedPrize: 90_000, maxEntries: 100, payoutTable: defaultPayoutTable(10), rakePercent: 10 };

  it("a full 100 x 10.00 contest with a 900.00 guarantee pays 900.00 (not 1,800.00) and the house adds nothing", () => {
    const { plan, resolution } = planSettlement(ids, hundred, many(100), ranked(100), { from: ["live"], at, actor: null, recordPoints: false });
    expect(resolution).toMatchObject({ rake: 10_000, prizePool: 90_000, overlay: 0 });
    expect(plan.transactions.filter((t) => t.kind === "adjustment")).toEqual([]);
    const paid = plan.transactions.filter((t) => t.kind === "contest_payout").map((t) => t.postings[1].amount);
    expect(paid).toEqual([30_726, 15_363, 10_242, 7686, 6147, 5121, 4392, 3843, 3411, 3069]);
  });

  it("12 entries in a non-guaranteed 100-entry contest pay 1 place (floor(10 x 12 / 100)), not the 10-place table", () => {
    const open = { ...hundred, guaranteedPrize: 0 };
    const { plan, resolution } = planSettlement(ids, open, many(12), ranked(12), { from: ["live"], at, actor: null, recordPoints: false });
    // 12 x 1000 = 12000; rake 1200; the winner takes 10800.
    expect(resolution.payouts.filter((p) => p.amount > 0).map((p) => [p.entryId, p.amount])).toEqual([["e000", 10_800]]);
    expect(plan.audit.after).toMatchObject({ paidPlaces: 1, prizePool: 10_800, overlay: 0 });
  });
});
