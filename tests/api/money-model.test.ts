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
 * The money figures are computed independently of the server's code (BigInt / plain integer
 * arithmetic from the spec: method fees, the 10% deposit bonus capped at 50.00, floor(stake x odds),
 * cash out at 0.95 of the stake while prices have not moved). The world, the model and its
 * invariants are tests/fixtures/money-model.ts; the commands, by area, are tests/api/money-model/.
 */
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { demoLogin } from "../fixtures/test-app.ts";
import { countRows, currentUserId } from "../fixtures/builders.ts";
import { put } from "../fixtures/accounts.ts";
import { expectOutcome, json, useMoneyModel, WAGERING_MULTIPLE, type Cmd, type Method, type Model, type ModelBonus, type Real } from "../fixtures/money-model.ts";
import { deposit, openBonus, withdraw } from "./money-model/wallet.ts";
import { cashOut, place, resettle, resettleCashedOut, settle, settleAgain, settleLegs } from "./money-model/bets.ts";
import { cancelContest, createContest, enter, newContest, settleContest } from "./money-model/contests.ts";

const world = useMoneyModel();

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
          const admin = await demoLogin(world.t, "admin");
          const customers = [];
          for (let i = 0; i < CUSTOMERS; i++) {
            const s = await demoLogin(world.t, "customer");
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
              expect(await countRows(world.t.database, "SELECT COUNT(*) AS n FROM bonus_welcome_claims WHERE user_id = ?", [c.id])).toBe(0);
            }
            bonuses.push({ balance: 0, claimed: false, grants: [] });
          }
          bonuses[0] = { balance: 1_000, claimed: true, grants: [{ required: 1_000 * WAGERING_MULTIPLE, at: world.now }] };
          const model: Model = { balances, bonuses, bets: [], contests: [] };
          const real: Real = { world, admin, customers, log: [] };
          // Every run starts with one contest open for entries (fee 5.00, guarantee 20.00).
          await newContest(model, real, runs, 500, 2_000, 180);
          return { model, real };
        };
        await fc.asyncModelRun(setup, cmds);
      }),
      { seed: 20260601, numRuns: 40 },
    );
    console.log(JSON.stringify({ runs, ran: Object.fromEntries(world.ran) }));
    expect(runs).toBe(40);
    // Every kind of command really ran, several times, and every kind of accepted outcome happened.
    for (const kind of ["deposit", "withdraw", "openBonus", "place", "settle", "settleLegs", "settleAgain", "resettle", "cashOut", "resettleCashedOut", "createContest", "enter", "settleContest", "cancelContest"])
      expect(world.ran.get(kind) ?? 0, kind).toBeGreaterThanOrEqual(3);
    for (const outcome of ["single placed", "multiple placed", "deposited", "deposited with bonus", "placed with bonus", "bonus released", "withdrawn", "resettled", "entered", "contest paid to one", "contest paid to several", "hedged pair placed"])
      expect(world.ran.get(outcome) ?? 0, outcome).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
