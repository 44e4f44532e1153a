/**
 * The money model: fast-check runs random sequences of deposits, withdrawals, singles, multiples,
 * settlements (won, lost, void), resettlements, cash-outs, contest entries and contest settlements
 * through the HTTP API of a real app on a real temporary libSQL database, next to a small model
 * that predicts each customer's balance and each bet's and contest's state. Every command predicts
 * whether the API accepts or refuses (with the exact code) and by how much a balance moves; after
 * EVERY step: each ledger transaction sums to zero, no wallet or fantasy pool is negative, every
 * cached balance equals the sum of its postings, settled contests' pools are empty, and the
 * model's balances equal GET /api/customer/balance.
 *
 * Bonus funds (docs/money.md "Bonus funds") are modelled beside cash: the welcome deposit bonus goes
 * to the bonus account (first qualifying deposit only) with a wagering requirement of 10x; a stake
 * takes cash first, then bonus; any money the house pays for a bet gives floor(amount x bonus stake
 * / stake) to the bonus account; settled won/lost stakes at 1.50+ count towards wagering unless
 * hedged (another of the customer's bets, not void, on another outcome of one of its markets); the
 * upkeep (run when the customer opens their bonus or asks to withdraw) releases the bonus to cash
 * when wagering is met. After every step the operator's view (which runs no upkeep) must show the
 * model's cash, bonus, wagered and required, so every cent of both accounts is accounted for.
 * A bet refused by a placement limit (stake factor, max payout, liability: tested in
 * tests/api/trading.test.ts) must name a maximum stake below the one asked and move nothing.
 *
 * The money figures are computed here independently of the server's code (BigInt / plain integer
 * arithmetic from the spec: method fees, the 10% deposit bonus capped at 50.00, floor(stake x odds),
 * cash out at 0.95 of the stake while prices have not moved).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { deferUpcomingEvents, demoLogin, ledgerInvariants, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { countRows, currentUserId, expectedReturn, listEvents, selectionOf, type ApiEvent, type Selection } from "../fixtures/builders.ts";
import { put } from "../fixtures/accounts.ts";
import { MIN, playersOf, runnerFor, validLineup } from "../fixtures/fantasy.ts";
import { SimulatedPaymentProvider } from "../../adapters/payments/simulated-provider.ts";
import type { FantasyContest, FantasyPlayer, ContestResolution } from "../../api/schemas/fantasy.ts";
import { EARLY } from "../fixtures/settle.ts";

// ---------------------------------------------------------------- the world the model runs in

/** The provider declines charges ending in .13 and payouts ending in .17, so both refusals occur. */
const declinesCharge = (amount: number) => amount % 100 === 13;
const declinesPayout = (amount: number) => amount % 100 === 17;
const provider = new SimulatedPaymentProvider({
  decline: (op) =>
    op.kind === "charge" && declinesCharge(op.amount) ? "Card declined" : op.kind === "payout" && declinesPayout(op.amount) ? "Account closed" : null,
});

let t: TestApp;
let admin: Session;
let events: ApiEvent[];
const players = new Map<string, FantasyPlayer[]>();
/** The test clock: fixed, moved forward only (contest settlements move it to a start time). */
let now = 0;
const SPORTS = ["fsp_nfl", "fsp_nba"] as const;

beforeAll(async () => {
  t = await makeTestApp({ paymentProvider: provider });
  // Contest settlements move the clock to their start times; pre-match bets must stay before the events' starts.
  await deferUpcomingEvents(t, 30 * 86_400_000);
  await t.database.client.execute({ sql: "UPDATE bonus_settings SET wagering_multiple = ? WHERE id = 1", args: [WAGERING_MULTIPLE] });
  // The model is about the ledger: one admin resettles at any size (a second approver is tests/api/four-eyes.test.ts).
  await t.database.client.execute("UPDATE risk_settings SET value = 10000000000 WHERE key = 'approval_money_threshold'");
  now = Math.ceil(Date.now() / MIN) * MIN;
  t.clock.set(new Date(now));
  admin = await demoLogin(t, "admin");
  events = (await listEvents(new Session(t), "status=upcoming&limit=200")).filter((e) => e.markets.some((m) => m.status === "open"));
  for (const sport of SPORTS) players.set(sport, await playersOf(admin, sport));
}, 60_000);
afterAll(() => t?.close());

// ---------------------------------------------------------------- independent money arithmetic

const METHODS = {
  card: { bp: 290, fixed: 30, min: 1_000, max: 1_000_000 },
  paypal: { bp: 340, fixed: 30, min: 500, max: 500_000 },
  crypto: { bp: 0, fixed: 0, min: 2_000, max: 5_000_000 },
  bank: { bp: 0, fixed: 0, min: 5_000, max: 2_500_000 },
} as const;
type Method = keyof typeof METHODS;
const depositFee = (m: Method, amount: number) => (METHODS[m].bp === 0 && METHODS[m].fixed === 0 ? 0 : Math.floor((amount * METHODS[m].bp) / 10_000) + METHODS[m].fixed);
const depositBonus = (amount: number) => (amount < 10_000 ? 0 : Math.min(Math.floor(amount / 10), 5_000));
const limitRefusal = (m: Method, amount: number) =>
  amount < METHODS[m].min ? "WALLET.AMOUNT_BELOW_MIN" : amount > METHODS[m].max ? "WALLET.AMOUNT_ABOVE_MAX" : null;

// ---------------------------------------------------------------- the model

type BetStatus = "pending" | "won" | "lost" | "void" | "cashed_out";
interface ModelBet {
  id: string;
  owner: number;
  stake: number;
  /** The part of the stake taken from the bonus account. */
  bonusStake: number;
  placedAt: number;
  totalOddsMilli: number;
  potentialReturn: number;
  legs: number;
  odds: string[];
  status: BetStatus;
  paid: number;
  /** Every leg carries the bet's own result (settled without per-leg results, or all alike). */
  uniform: boolean;
  /** Each leg's market and outcome, and its result as the bet was last graded (wagering's hedge rule reads them). */
  sel: { marketId: string; outcomeId: string }[];
  legResults: ("pending" | "won" | "lost" | "void")[];
}
interface ModelContest {
  id: string;
  sportId: string;
  contest: FantasyContest;
  fee: number;
  guarantee: number;
  start: number;
  status: "open" | "locked" | "live" | "settled" | "cancelled";
  entries: Map<string, number>; // entry id -> customer index
}
interface ModelBonus {
  balance: number;
  /** The welcome offer was paid (one per person). */
  claimed: boolean;
  /** Active grants: wagering required and when granted. */
  grants: { required: number; at: number }[];
}
interface Model {
  /** Cash (the wallet). */
  balances: number[];
  bonuses: ModelBonus[];
  bets: ModelBet[];
  contests: ModelContest[];
}
interface Real {
  customers: { s: Session; id: string }[];
  log: string[];
}

/** The bonus share of money the house pays for a bet: floor(amount x bonusStake / stake). */
const bonusShare = (b: ModelBet, amount: number) => (amount > 0 && b.bonusStake > 0 ? Math.floor((amount * b.bonusStake) / b.stake) : 0);
/** Money the house pays for a bet: the bonus share to the bonus account, the rest to cash; money taken back comes from cash. */
function pay(m: Model, b: ModelBet, amount: number) {
  const share = bonusShare(b, amount);
  m.bonuses[b.owner].balance += share;
  m.balances[b.owner] += amount - share;
}
const MIN_BONUS_ODDS = 1_500;
/** Set in beforeAll (bonus_settings): small, so sequences of a few dozen steps complete wagering and see releases. */
const WAGERING_MULTIPLE = 2;
/**
 * Hedged (docs/money.md "Bonus funds"): another bet of the same customer, not void, holds a leg on the
 * same market on another outcome (legs graded void left out on both sides); neither counts.
 */
const hedged = (m: Model, b: ModelBet) =>
  m.bets.some(
    (o) =>
      o !== b && o.owner === b.owner && o.status !== "void" &&
      o.sel.some((x, k) => o.legResults[k] !== "void" && b.sel.some((y, j) => b.legResults[j] !== "void" && y.marketId === x.marketId && y.outcomeId !== x.outcomeId)),
  );
const wageredOf = (m: Model, w: number) => {
  const g = m.bonuses[w].grants;
  if (g.length === 0) return 0;
  const from = Math.min(...g.map((x) => x.at));
  return m.bets
    .filter((b) => b.owner === w && (b.status === "won" || b.status === "lost") && b.totalOddsMilli >= MIN_BONUS_ODDS && b.placedAt >= from && !hedged(m, b))
    .reduce((s, b) => s + b.stake, 0);
};
const requiredOf = (m: Model, w: number) => m.bonuses[w].grants.reduce((s, g) => s + g.required, 0);
/** The upkeep for one customer: release when wagering is met or no grant is active (no expiry: the clock moves hours, not 30 days). */
function upkeep(m: Model, w: number, r: Real) {
  const bo = m.bonuses[w];
  const release = bo.grants.length === 0 ? bo.balance > 0 : wageredOf(m, w) >= requiredOf(m, w);
  if (!release) return;
  r.log.push(`  c${w}: bonus ${bo.balance} released`);
  if (bo.balance > 0) hit("bonus released");
  m.balances[w] += bo.balance;
  bo.balance = 0;
  bo.grants = [];
}

const returnOf = (b: ModelBet, status: "won" | "lost" | "void") => (status === "won" ? b.potentialReturn : status === "void" ? b.stake : 0);

async function json(res: Response): Promise<{ status: number; body: any }> {
  const text = await res.text();
  try {
    return { status: res.status, body: JSON.parse(text) };
  } catch {
    return { status: res.status, body: text };
  }
}

/** Exactly this status, and for a refusal exactly this error code. */
function expectOutcome(r: { status: number; body: any }, status: number, code?: string) {
  const seen = { status: r.status, code: r.status >= 400 ? r.body?.error?.code : undefined };
  expect(seen, JSON.stringify(r.body).slice(0, 400)).toEqual({ status, code: status >= 400 ? code : undefined });
}

/** The invariants checked after every step. */
async function checkInvariants(m: Model, r: Real) {
  expect(await ledgerInvariants(t.database)).toEqual({ totalSum: 0, unbalancedTransactions: 0, cachedBalanceMismatches: 0, negativeWallets: 0 });
  expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM ledger_accounts WHERE kind IN ('wallet', 'fantasy_pool') AND balance < 0")).toBe(0);
  const ours = m.contests.filter((c) => c.status === "settled" || c.status === "cancelled").map((c) => `fantasy_pool:${c.id}`);
  if (ours.length > 0) {
    const rs = await t.database.client.execute({
      sql: `SELECT COUNT(*) AS n FROM ledger_accounts WHERE id IN (${ours.map(() => "?").join(",")}) AND balance <> 0`,
      args: ours,
    });
    expect(Number(rs.rows[0].n), "a settled or cancelled contest's pool is not empty").toBe(0);
  }
  for (const [i, c] of r.customers.entries()) {
    const res = await json(await c.s.get("/api/customer/balance"));
    expect(res.status).toBe(200);
    expect(res.body.balance, `customer ${i} after:\n${r.log.join("\n")}`).toBe(m.balances[i]);
    // The operator's view runs no upkeep: it shows exactly what the model holds.
    const bo = await json(await admin.get(`/api/admin/customers/${c.id}/bonus`));
    expect(bo.status).toBe(200);
    expect({ cash: bo.body.cash, bonus: bo.body.bonus, active: bo.body.active, required: bo.body.required, wagered: bo.body.wagered }, `customer ${i} bonus after:\n${r.log.join("\n")}`).toEqual({
      cash: m.balances[i], bonus: m.bonuses[i].balance, active: m.bonuses[i].grants.length > 0, required: requiredOf(m, i),
      wagered: Math.min(wageredOf(m, i), requiredOf(m, i)),
    });
  }
}

// ---------------------------------------------------------------- commands

type Cmd = fc.AsyncCommand<Model, Real>;
/** How many times each kind of command ran (the test asserts every kind was exercised). */
const ran = new Map<string, number>();
const hit = (kind: string) => ran.set(kind, (ran.get(kind) ?? 0) + 1);

/** A command: its precondition on the model, and a step that runs it and checks the API against the model; then every invariant. */
function command(name: string, check: (m: Readonly<Model>) => boolean, step: (m: Model, r: Real) => Promise<void>): Cmd {
  return {
    check,
    async run(m, r) {
      hit(name.slice(0, name.indexOf("(")));
      r.log.push(name);
      await step(m, r);
      await checkInvariants(m, r);
    },
    toString: () => name,
  };
}

const pick = <T,>(xs: T[], i: number) => xs[i % xs.length];
const isSettled = (b: ModelBet) => b.status === "won" || b.status === "lost" || b.status === "void";

const deposit = (w: number, method: Method, amount: number) =>
  command(`deposit(c${w}, ${method}, ${amount})`, () => true, async (m, r) => {
    const res = await json(await r.customers[w].s.post("/api/wallet/deposits", { method, amount }));
    const refusal = limitRefusal(method, amount);
    if (refusal) return expectOutcome(res, 422, refusal);
    if (declinesCharge(amount)) return expectOutcome(res, 422, "WALLET.PAYMENT_DECLINED");
    expectOutcome(res, 201);
    const fee = depositFee(method, amount);
    const bo = m.bonuses[w];
    const bonus = bo.claimed ? 0 : depositBonus(amount);
    m.balances[w] += amount - fee;
    if (bonus > 0) {
      bo.claimed = true;
      bo.balance += bonus;
      bo.grants.push({ required: bonus * WAGERING_MULTIPLE, at: now });
    }
    expect(res.body).toMatchObject({ amount, fee, bonus, credited: amount - fee + bonus, balance: m.balances[w] });
    hit(bonus > 0 ? "deposited with bonus" : "deposited");
  });

const withdraw = (w: number, method: Method, amount: number) =>
  command(`withdraw(c${w}, ${method}, ${amount})`, () => true, async (m, r) => {
    const res = await json(await r.customers[w].s.post("/api/wallet/withdrawals", { method, amount }));
    const refusal = limitRefusal(method, amount);
    if (refusal) return expectOutcome(res, 422, refusal);
    // Asking to withdraw runs the bonus upkeep first: a bonus whose wagering is met becomes cash.
    upkeep(m, w, r);
    if (amount > m.balances[w]) {
      const bo = m.bonuses[w];
      if (bo.balance > 0 && amount <= m.balances[w] + bo.balance) {
        expectOutcome(res, 422, "WALLET.BONUS_NOT_WITHDRAWABLE");
        expect(res.body.error.details).toEqual({ cash: m.balances[w], bonus: bo.balance });
        return void hit("bonus not withdrawable");
      }
      return expectOutcome(res, 422, "WALLET.INSUFFICIENT_FUNDS");
    }
    // The wallet is debited, the provider declines, the money is booked back.
    if (declinesPayout(amount)) return expectOutcome(res, 422, "WALLET.PAYMENT_DECLINED");
    expectOutcome(res, 201);
    m.balances[w] -= amount;
    expect(res.body).toMatchObject({ amount, balance: m.balances[w] });
    hit("withdrawn");
  });

/** The customer opens their bonus: the upkeep runs (release when wagering is met) and the view shows the model's figures. */
const openBonus = (w: number) =>
  command(`openBonus(c${w})`, () => true, async (m, r) => {
    upkeep(m, w, r);
    const res = await json(await r.customers[w].s.get("/api/wallet/bonus"));
    expectOutcome(res, 200);
    const required = requiredOf(m, w);
    const wagered = Math.min(wageredOf(m, w), required);
    const dollars = (c: number) => `$${(c / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(res.body).toMatchObject({
      cash: m.balances[w], bonus: m.bonuses[w].balance, active: m.bonuses[w].grants.length > 0, required, wagered,
      progressText: required > 0 ? `${dollars(wagered)} of ${dollars(required)} wagered at 1.50+` : null,
    });
  });

/** Selections on distinct upcoming events, each on an open market. */
function selectionsFor(picks: { event: number; outcome: number }[]): Selection[] {
  const chosen: Selection[] = [];
  const used = new Set<string>();
  for (const p of picks) {
    let k = p.event % events.length;
    while (used.has(events[k].id)) k = (k + 1) % events.length;
    used.add(events[k].id);
    const e = events[k];
    const mi = e.markets.findIndex((x) => x.status === "open");
    chosen.push(selectionOf(e, mi, p.outcome % e.markets[mi].outcomes.length));
  }
  return chosen;
}

const place = (w: number, picks: { event: number; outcome: number }[], stake: number) =>
  command(`place(c${w}, ${picks.length} legs, ${stake})`, () => true, async (m, r) => {
    const selections = selectionsFor(picks);
    const res = await json(await r.customers[w].s.post("/api/bets", { selections, stake, betType: selections.length > 1 ? "multiple" : "single" }));
    const cash = m.balances[w];
    const bo = m.bonuses[w];
    // Placement limits are checked before funds.
    if (res.status === 400 && ["BET.STAKE_TOO_HIGH", "BET.MAX_PAYOUT", "BET.LIABILITY_LIMIT"].includes(res.body?.error?.code)) {
      expect(res.body.error.details.maxStake).toBeLessThan(stake);
      return void hit("limit refused");
    }
    if (stake > cash + bo.balance) return expectOutcome(res, 409, "BET.INSUFFICIENT_FUNDS");
    expectOutcome(res, 201);
    // Cash first, then bonus.
    const bonusStake = stake <= cash ? 0 : stake - cash;
    m.balances[w] -= stake - bonusStake;
    bo.balance -= bonusStake;
    if (bonusStake > 0) hit("placed with bonus");
    const potentialReturn = expectedReturn(stake, selections.map((s) => s.odds));
    expect(res.body).toMatchObject({ bet: { stake, potentialReturn, status: "pending" }, balance: m.balances[w] });
    hit(selections.length > 1 ? "multiple placed" : "single placed");
    m.bets.push({
      id: res.body.bet.id, owner: w, stake, bonusStake, placedAt: now, totalOddsMilli: Math.round(Number(res.body.bet.totalOdds) * 1000), potentialReturn, legs: selections.length, odds: selections.map((x) => x.odds), status: "pending", paid: 0, uniform: true,
      sel: selections.map((x) => ({ marketId: x.marketId, outcomeId: x.outcomeId })), legResults: selections.map(() => "pending" as const),
    });
    if (m.bets.some((o) => o.owner === w && o.id !== res.body.bet.id && o.sel.some((x) => selections.some((y) => y.marketId === x.marketId && y.outcomeId !== x.outcomeId))))
      hit("hedged pair placed");
  });

const settle = (i: number, result: "won" | "lost" | "void") =>
  command(`settle(#${i}, ${result})`, (m) => m.bets.some((b) => b.status === "pending"), async (m, r) => {
    const b = pick(m.bets.filter((x) => x.status === "pending"), i);
    const actualReturn = returnOf(b, result);
    // A wrong figure is refused and changes nothing.
    const why = result === "void" ? { reasonCode: "void_by_rule" } : {};
    expectOutcome(await json(await admin.post(`/api/admin/settle-bet/${b.id}`, { override: EARLY, status: result, actualReturn: actualReturn + 1, ...why })), 422, "BET.RETURN_MISMATCH");
    const res = await json(await admin.post(`/api/admin/settle-bet/${b.id}`, { override: EARLY, status: result, actualReturn, ...why }));
    expectOutcome(res, 200);
    expect(res.body.bet).toMatchObject({ id: b.id, status: result, actualReturn });
    b.status = result;
    b.legResults = b.sel.map(() => result);
    b.paid = actualReturn;
    pay(m, b, actualReturn);
    r.log.push(`  ${b.id}: ${b.legs} legs, stake ${b.stake} -> ${result} ${actualReturn}`);
  });

/** A multiple graded leg by leg: a lost leg loses it, void legs count as 1.00, all void returns the stake. */
const settleLegs = (i: number, results: ("won" | "lost" | "void")[]) =>
  command(`settleLegs(#${i}, ${results.join("/")})`, (m) => m.bets.some((b) => b.status === "pending" && b.legs > 1), async (m, r) => {
    const b = pick(m.bets.filter((x) => x.status === "pending" && x.legs > 1), i);
    const legResults = results.slice(0, b.legs);
    const mine = await json(await r.customers[b.owner].s.get("/api/bets"));
    expect(mine.status).toBe(200);
    const legs = (mine.body as { id: string; legs: { id: string; odds: string }[] }[]).find((x) => x.id === b.id)!.legs;
    expect(legs.map((l) => l.odds)).toEqual(b.odds);
    const status = legResults.includes("lost") ? "lost" : legResults.every((x) => x === "void") ? "void" : "won";
    const actualReturn =
      status === "lost" ? 0 : status === "void" ? b.stake : expectedReturn(b.stake, b.odds.filter((_, k) => legResults[k] === "won"));
    const body = { override: EARLY, status, actualReturn, legResults: legs.map((l, k) => ({ legId: l.id, result: legResults[k] })), ...(status === "void" ? { reasonCode: "void_by_rule" } : {}) };
    // Leg results that grade to another status are refused.
    if (status !== "lost")
      expectOutcome(await json(await admin.post(`/api/admin/settle-bet/${b.id}`, { ...body, status: "lost", actualReturn: 0 })), 422, "BET.LEG_RESULTS_INVALID");
    const res = await json(await admin.post(`/api/admin/settle-bet/${b.id}`, body));
    expectOutcome(res, 200);
    expect(res.body.bet).toMatchObject({ id: b.id, status, actualReturn });
    b.status = status;
    b.legResults = [...legResults];
    b.paid = actualReturn;
    b.uniform = legResults.every((x) => x === status);
    pay(m, b, actualReturn);
    r.log.push(`  ${b.id}: legs ${legResults.join("/")} -> ${status} ${actualReturn}`);
  });

const settleAgain = (i: number, result: "won" | "lost" | "void") =>
  command(`settleAgain(#${i}, ${result})`, (m) => m.bets.some((b) => b.status !== "pending"), async (m) => {
    const b = pick(m.bets.filter((x) => x.status !== "pending"), i);
    const res = await json(await admin.post(`/api/admin/settle-bet/${b.id}`, { override: EARLY, status: result, actualReturn: returnOf(b, result), reasonCode: "void_by_rule" }));
    expectOutcome(res, 409, "BET.NOT_PENDING");
  });

const resettle = (i: number, result: "won" | "lost" | "void") =>
  command(`resettle(#${i}, ${result})`, (m) => m.bets.some(isSettled), async (m, r) => {
    const b = pick(m.bets.filter(isSettled), i);
    const res = await json(await admin.post(`/api/admin/bets/${b.id}/resettle`, { status: result, reasonCode: "result_correction", reason: "model" }));
    const next = returnOf(b, result);
    const correction = next - b.paid;
    if (b.status === result && b.uniform) return expectOutcome(res, 409, "BET.RESETTLE_NO_CHANGE");
    if (m.balances[b.owner] + correction < 0) return expectOutcome(res, 409, "BET.RESETTLE_INSUFFICIENT_FUNDS");
    expectOutcome(res, 200);
    expect(res.body).toMatchObject({ bet: { id: b.id, status: result, actualReturn: next, previousStatus: b.status, previousReturn: b.paid }, correction });
    r.log.push(`  ${b.id}: resettled ${b.status} -> ${result}, correction ${correction}`);
    b.status = result;
    b.legResults = b.sel.map(() => result);
    b.uniform = true;
    b.paid = next;
    pay(m, b, correction);
    hit("resettled");
  });

const resettleCashedOut = (i: number, result: "won" | "lost" | "void") =>
  command(`resettleCashedOut(#${i}, ${result})`, (m) => m.bets.some((b) => b.status === "cashed_out"), async (m) => {
    const b = pick(m.bets.filter((x) => x.status === "cashed_out"), i);
    expectOutcome(await json(await admin.post(`/api/admin/bets/${b.id}/resettle`, { status: result, reasonCode: "result_correction" })), 409, "BET.NOT_SETTLED");
  });

const cashOut = (i: number) =>
  command(`cashOut(#${i})`, (m) => m.bets.some((b) => b.status === "pending"), async (m, r) => {
    const b = pick(m.bets.filter((x) => x.status === "pending"), i);
    const owner = r.customers[b.owner];
    const q = await json(await owner.s.post(`/api/bets/${b.id}/cash-out/quote`));
    expectOutcome(q, 200);
    // Prices never move in the test app: stake x placed / current x 0.95 = floor(stake x 0.95).
    const amount = Math.floor((b.stake * 95) / 100);
    expect(q.body.amount).toBe(amount);
    // Another customer cannot take it.
    const other = r.customers[(b.owner + 1) % r.customers.length];
    expectOutcome(await json(await other.s.post(`/api/bets/${b.id}/cash-out`, { quoteId: q.body.quoteId })), 404, "BET.NOT_FOUND");
    const res = await json(await owner.s.post(`/api/bets/${b.id}/cash-out`, { quoteId: q.body.quoteId }));
    expectOutcome(res, 200);
    pay(m, b, amount);
    expect(res.body).toMatchObject({ amount, balance: m.balances[b.owner], bet: { id: b.id, status: "cashed_out", actualReturn: amount } });
    b.status = "cashed_out";
    b.paid = amount;
    // The same quote again pays nothing.
    expectOutcome(await json(await owner.s.post(`/api/bets/${b.id}/cash-out`, { quoteId: q.body.quoteId })), 409, "BET.NOT_PENDING");
  });

async function newContest(m: Model, sport: number, fee: number, guarantee: number, startsIn: number) {
  const sportId = SPORTS[sport % SPORTS.length];
  const start = now + startsIn * MIN;
  const res = await json(
    await admin.post("/api/admin/fantasy/contests", {
      sportId, name: `Model ${m.contests.length + 1}`, entryFee: fee, prizePool: guarantee, maxEntries: 3, minEntries: 1,
      rakePercent: 10, startTime: new Date(start).toISOString(), endTime: new Date(start + 30 * 24 * 60 * MIN).toISOString(),
    }),
  );
  expectOutcome(res, 201);
  m.contests.push({ id: res.body.id, sportId, contest: res.body, fee, guarantee, start, status: "open", entries: new Map() });
}
const createContest = (sport: number, fee: number, guarantee: number, startsIn: number) =>
  command(`createContest(fee ${fee}, guarantee ${guarantee}, +${startsIn}min)`, (m) => m.contests.length < 4, (m) => newContest(m, sport, fee, guarantee, startsIn));

const accepting = (k: ModelContest) => k.status === "open" && now < k.start;
/** `preferOpen`: pick among the contests still taking entries, if any (otherwise among all, to see the refusals). */
const enter = (w: number, i: number, variant: number, preferOpen: boolean) =>
  command(`enter(c${w}, contest #${i}${preferOpen ? " open" : ""}, lineup ${variant})`, (m) => m.contests.length > 0, async (m, r) => {
    const open = m.contests.filter(accepting);
    const k = pick(preferOpen && open.length > 0 ? open : m.contests, i);
    const lineup = validLineup(players.get(k.sportId)!, k.contest.rosterPositions, k.contest.salaryCap, variant);
    const res = await json(await r.customers[w].s.post(`/api/fantasy/contests/${k.id}/entries`, { lineup }));
    if (k.status !== "open") return expectOutcome(res, 409, "FANTASY.CONTEST_CLOSED");
    if (now >= k.start) return expectOutcome(res, 409, "FANTASY.CONTEST_STARTED");
    if (k.entries.size >= 3) return expectOutcome(res, 409, "FANTASY.CONTEST_FULL");
    if ([...k.entries.values()].includes(w)) return expectOutcome(res, 409, "FANTASY.ALREADY_ENTERED");
    if (k.fee > m.balances[w]) return expectOutcome(res, 409, "FANTASY.INSUFFICIENT_FUNDS");
    expectOutcome(res, 201);
    m.balances[w] -= k.fee;
    expect(res.body.balance).toBe(m.balances[w]);
    k.entries.set(res.body.entry.id, w);
    hit("entered");
  });

/** An operator cancels a contest that is not yet settled or cancelled: every fee goes back. */
const cancelContest = (i: number) =>
  command(`cancelContest(#${i})`, (m) => m.contests.length > 0, async (m) => {
    const k = pick(m.contests, i);
    const res = await json(await admin.post(`/api/admin/fantasy/contests/${k.id}/cancel`));
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
const settleContest = (i: number, preferEntered: boolean) =>
  command(`settleContest(#${i}${preferEntered ? " entered" : ""})`, (m) => m.contests.length > 0, async (m, r) => {
    const entered = m.contests.filter((c) => c.entries.size > 0 && c.status !== "settled" && c.status !== "cancelled");
    const k = pick(preferEntered && entered.length > 0 ? entered : m.contests, i);
    if (now < k.start) {
      now = k.start;
      t.clock.set(new Date(now));
    }
    const report = await runnerFor(t).pass();
    expect(report).not.toBeNull();
    for (const c of m.contests) {
      expect(report!.failed.map((f) => f.contestId)).not.toContain(c.id);
      if (c.status !== "open" || now < c.start) continue;
      if (c.entries.size === 0) {
        expect(report!.cancelled).toContain(c.id);
        c.status = "cancelled";
      } else {
        expect(report!.locked).toContain(c.id);
        c.status = "locked";
      }
    }
    const res = await json(await admin.post(`/api/admin/fantasy/contests/${k.id}/settle`));
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
    hit(k.entries.size > 1 ? "contest paid to several" : "contest paid to one");
    r.log.push(`  contest ${k.id}: ${k.entries.size} entries of ${k.fee}, guarantee ${k.guarantee}, paid ${out.payouts.map((p) => p.amount).join("/")}`);
  });

// ---------------------------------------------------------------- arbitraries

const CUSTOMERS = 3;
const who = fc.integer({ min: 0, max: CUSTOMERS - 1 });
const method = fc.constantFrom<Method>("card", "paypal", "crypto", "bank");
/** Mostly within the methods' limits, sometimes outside, sometimes a declined amount. */
const amount = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 500, max: 9_999 }) },
  { weight: 4, arbitrary: fc.integer({ min: 10_000, max: 80_000 }) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 499 }) },
  { weight: 2, arbitrary: fc.integer({ min: 50_000, max: 300_000 }).map((n) => n - (n % 100) + 13) },
  { weight: 2, arbitrary: fc.integer({ min: 5_000, max: 200_000 }).map((n) => n - (n % 100) + 17) },
  { weight: 1, arbitrary: fc.integer({ min: 500_001, max: 3_000_000 }) },
);
const stake = fc.oneof({ weight: 5, arbitrary: fc.integer({ min: 100, max: 20_000 }) }, { weight: 1, arbitrary: fc.integer({ min: 20_000, max: 400_000 }) });
const legPick = fc.record({ event: fc.nat(500), outcome: fc.nat(5) });
const result = fc.constantFrom<"won" | "lost" | "void">("won", "lost", "void");

/** Each entry is one kind of command; repeats weigh it up. */
const commands = [
  ...Array(2).fill(fc.tuple(who, method, amount).map(([w, me, a]) => deposit(w, me, a))),
  ...Array(2).fill(fc.tuple(who, method, amount).map(([w, me, a]) => withdraw(w, me, a))),
  ...Array(2).fill(who.map((w) => openBonus(w))),
  ...Array(3).fill(fc.tuple(who, fc.array(legPick, { minLength: 1, maxLength: 1 }), stake).map(([w, p, s]) => place(w, p, s))),
  ...Array(2).fill(fc.tuple(who, fc.array(legPick, { minLength: 2, maxLength: 4 }), stake).map(([w, p, s]) => place(w, p, s))),
  ...Array(4).fill(fc.tuple(fc.nat(50), result).map(([p, r]) => settle(p, r))),
  ...Array(4).fill(fc.tuple(fc.nat(50), fc.array(result, { minLength: 4, maxLength: 4 })).map(([p, r]) => settleLegs(p, r))),
  fc.tuple(fc.nat(50), result).map(([p, r]) => settleAgain(p, r)),
  ...Array(3).fill(fc.tuple(fc.nat(50), result).map(([p, r]) => resettle(p, r))),
  ...Array(2).fill(fc.nat(50).map((p) => cashOut(p))),
  ...Array(2).fill(fc.tuple(fc.nat(50), result).map(([p, r]) => resettleCashedOut(p, r))),
  fc
    .tuple(fc.nat(1), fc.constantFrom(0, 100, 1_000, 2_500, 40_000), fc.constantFrom(0, 0, 5_000), fc.integer({ min: 5, max: 240 }))
    .map(([s, f, g, st]) => createContest(s, f, g, st)),
  ...Array(5).fill(fc.tuple(who, fc.nat(10), fc.nat(20), fc.boolean()).map(([w, p, v, o]) => enter(w, p, v, o))),
  ...Array(2).fill(fc.tuple(fc.nat(10), fc.boolean()).map(([p, e]) => settleContest(p, e))),
  fc.nat(10).map((p) => cancelContest(p)),
] as fc.Arbitrary<Cmd>[];

describe("the money model", () => {
  it("random sequences of money operations keep the ledger balanced and agree with the model after every step", async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 50, size: "max" }), async (cmds) => {
        runs++;
        const setup = async () => {
          // A fresh operator session each run: the clock moves forward hours over the runs.
          admin = await demoLogin(t, "admin");
          const customers = [];
          for (let i = 0; i < CUSTOMERS; i++) {
            const s = await demoLogin(t, "customer");
            expect((await put(s, "/api/responsible/limit-prompt", { declined: true })).status).toBe(200);
            customers.push({ s, id: await currentUserId(s) });
          }
          // Customer 0 starts low on cash with a welcome bonus of 10.00 (a 100.00 deposit, no fee by
          // crypto), so stakes often take bonus money and wagering completes within a run.
          expectOutcome(await json(await customers[0].s.post("/api/wallet/withdrawals", { method: "bank", amount: 95_000 })), 201);
          expectOutcome(await json(await customers[0].s.post("/api/wallet/deposits", { method: "crypto", amount: 10_000 })), 201);
          const balances = [];
          for (const c of customers) balances.push((await json(await c.s.get("/api/customer/balance"))).body.balance as number);
          const bonuses: ModelBonus[] = [];
          for (const c of customers) {
            // A fresh demo customer holds no bonus and has not had the welcome offer.
            const bo = (await json(await admin.get(`/api/admin/customers/${c.id}/bonus`))).body;
            if (c === customers[0]) expect(bo).toMatchObject({ bonus: 1_000, active: true, required: 1_000 * WAGERING_MULTIPLE, wagered: 0 });
            else {
              expect(bo).toMatchObject({ bonus: 0, active: false });
              expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM bonus_welcome_claims WHERE user_id = ?", [c.id])).toBe(0);
            }
            bonuses.push({ balance: 0, claimed: false, grants: [] });
          }
          bonuses[0] = { balance: 1_000, claimed: true, grants: [{ required: 1_000 * WAGERING_MULTIPLE, at: now }] };
          const model: Model = { balances, bonuses, bets: [], contests: [] };
          // Every run starts with one contest open for entries (fee 5.00, guarantee 20.00).
          await newContest(model, runs, 500, 2_000, 180);
          return { model, real: { customers, log: [] } as Real };
        };
        await fc.asyncModelRun(setup, cmds);
      }),
      { seed: 20260601, numRuns: 40 },
    );
    console.log(JSON.stringify({ runs, ran: Object.fromEntries(ran) }));
    expect(runs).toBe(40);
    // Every kind of command really ran, several times, and every kind of accepted outcome happened.
    for (const kind of ["deposit", "withdraw", "openBonus", "place", "settle", "settleLegs", "settleAgain", "resettle", "cashOut", "resettleCashedOut", "createContest", "enter", "settleContest", "cancelContest"])
      expect(ran.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(3);
    for (const outcome of ["single placed", "multiple placed", "deposited", "deposited with bonus", "placed with bonus", "bonus released", "withdrawn", "resettled", "entered", "contest paid to one", "contest paid to several", "hedged pair placed"])
      expect(ran.get(outcome) ?? 0, outcome).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
