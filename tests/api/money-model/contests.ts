/**
 * The money model's contest commands (tests/api/money-model.test.ts): contests created, entered
 * (the fee leaves the wallet), cancelled (every fee goes back) and settled after their start (every
 * cent of the pool paid out, the house paying any overlay).
 */
import { expect } from "vitest";
import { MIN, runnerFor, validLineup } from "../../fixtures/fantasy.ts";
import type { ContestResolution } from "../../../api/schemas/fantasy.ts";
import { command, expectOutcome, hit, json, pick, SPORTS, type Model, type ModelContest, type Real } from "../../fixtures/money-model.ts";

export async function newContest(m: Model, r: Pick<Real, "world" | "admin">, sport: number, fee: number, guarantee: number, startsIn: number) {
  const sportId = SPORTS[sport % SPORTS.length];
  const start = r.world.now + startsIn * MIN;
  const res = await json(
    await r.admin.post("/api/admin/fantasy/contests", {
      sportId, name: `Model ${m.contests.length + 1}`, entryFee: fee, prizePool: guarantee, maxEntries: 3, minEntries: 1,
      rakePercent: 10, startTime: new Date(start).toISOString(), endTime: new Date(start + 30 * 24 * 60 * MIN).toISOString(),
    }),
  );
  expectOutcome(res, 201);
  m.contests.push({ id: res.body.id, sportId, contest: res.body, fee, guarantee, start, status: "open", entries: new Map() });
}
export const createContest = (sport: number, fee: number, guarantee: number, startsIn: number) =>
  command(`createContest(fee ${fee}, guarantee ${guarantee}, +${startsIn}min)`, (m) => m.contests.length < 4, (m, r) => newContest(m, r, sport, fee, guarantee, startsIn));

const accepting = (k: ModelContest, now: number) => k.status === "open" && now < k.start;
/** `preferOpen`: pick among the contests still taking entries, if any (otherwise among all, to see the refusals). */
export const enter = (w: number, i: number, variant: number, preferOpen: boolean) =>
  command(`enter(c${w}, contest #${i}${preferOpen ? " open" : ""}, lineup ${variant})`, (m) => m.contests.length > 0, async (m, r) => {
    const open = m.contests.filter((c) => accepting(c, r.world.now));
    const k = pick(preferOpen && open.length > 0 ? open : m.contests, i);
    const lineup = validLineup(r.world.players.get(k.sportId)!, k.contest.rosterPositions, k.contest.salaryCap, variant);
    const res = await json(await r.customers[w].s.post(`/api/fantasy/contests/${k.id}/entries`, { lineup }));
    if (k.status !== "open") return expectOutcome(res, 409, "FANTASY.CONTEST_CLOSED");
    if (r.world.now >= k.start) return expectOutcome(res, 409, "FANTASY.CONTEST_STARTED");
    if (k.entries.size >= 3) return expectOutcome(res, 409, "FANTASY.CONTEST_FULL");
    if ([...k.entries.values()].includes(w)) return expectOutcome(res, 409, "FANTASY.ALREADY_ENTERED");
    if (k.fee > m.balances[w]) return expectOutcome(res, 409, "FANTASY.INSUFFICIENT_FUNDS");
    expectOutcome(res, 201);
    m.balances[w] -= k.fee;
    expect(res.body.balance).toBe(m.balances[w]);
    k.entries.set(res.body.entry.id, w);
    hit(r, "entered");
  });

/** An operator cancels a contest that is not yet settled or cancelled: every fee goes back. */
export const cancelContest = (i: number) =>
  command(`cancelContest(#${i})`, (m) => m.contests.length > 0, async (m, r) => {
    const k = pick(m.contests, i);
    const res = await json(await r.admin.post(`/api/admin/fantasy/contests/${k.id}/cancel`));
    if (k.status === "settled" || k.status === "cancelled") return expectOutcome(res, 409, "FANTASY.INVALID_TRANSITION");
    expectOutcome(res, 200);
    const out = res.body as ContestResolution;
    expect(out.payouts).toEqual([]);
    expect(out.refunds.map((x) => [x.entryId, x.amount]).sort()).toEqual([...k.entries.keys()].map((id) => [id, k.fee]).sort());
    for (const w of k.entries.values()) m.balances[w] += k.fee;
    k.status = "cancelled";
  });

/**
 * Move the clock to the contest's start, run the lifecycle runner (which locks every started
 * contest with an entry and cancels, refunding, those without), then settle it as an admin.
 */
export const settleContest = (i: number, preferEntered: boolean) =>
  command(`settleContest(#${i}${preferEntered ? " entered" : ""})`, (m) => m.contests.length > 0, async (m, r) => {
    const entered = m.contests.filter((c) => c.entries.size > 0 && c.status !== "settled" && c.status !== "cancelled");
    const k = pick(preferEntered && entered.length > 0 ? entered : m.contests, i);
    if (r.world.now < k.start) {
      r.world.now = k.start;
      r.world.t.clock.set(new Date(r.world.now));
    }
    const report = await runnerFor(r.world.t).pass();
    expect(report).not.toBeNull();
    for (const c of m.contests) {
      expect(report!.failed.map((f) => f.contestId)).not.toContain(c.id);
      if (c.status !== "open" || r.world.now < c.start) continue;
      if (c.entries.size === 0) {
        expect(report!.cancelled).toContain(c.id);
        c.status = "cancelled";
      } else {
        expect(report!.locked).toContain(c.id);
        c.status = "locked";
      }
    }
    const res = await json(await r.admin.post(`/api/admin/fantasy/contests/${k.id}/settle`));
    if (k.status !== "locked" && k.status !== "live") return expectOutcome(res, 409, "FANTASY.INVALID_TRANSITION");
    expectOutcome(res, 200);
    const out = res.body as ContestResolution;
    const fees = k.fee * k.entries.size;
    const rake = Math.floor((fees * 10) / 100);
    expect(out.rake).toBe(rake);
    expect(out.refunds).toEqual([]);
    expect(out.payouts.map((p) => p.entryId).sort()).toEqual([...k.entries.keys()].sort());
    // Every cent of the pool is paid out: max(guarantee, fees - rake), the house paying any overlay.
    expect(out.payouts.reduce((s, p) => s + p.amount, 0)).toBe(Math.max(k.guarantee, fees - rake));
    expect(out.overlay).toBe(Math.max(0, k.guarantee - (fees - rake)));
    for (const p of out.payouts) m.balances[k.entries.get(p.entryId)!] += p.amount;
    k.status = "settled";
    hit(r, k.entries.size > 1 ? "contest paid to several" : "contest paid to one");
    r.log.push(`  contest ${k.id}: ${k.entries.size} entries of ${k.fee}, guarantee ${k.guarantee}, paid ${out.payouts.map((p) => p.amount).join("/")}`);
  });
