/**
 * Every admission rule of placement (domain/betting/placement/admission-rules.ts), one row each,
 * asserted together: its domain check refuses a sample with its code; its guard exists in the
 * migrated database (a trigger with its RAISE text, a named CHECK, a table's key) or in the write
 * (an assertion reading its table); and a real placement whose database state is changed just
 * before the write (after the use case's own checks passed) is refused by that guard, with the
 * rule's refusal kind from the adapter, and answered with the rule's code and text, nothing written.
 * Adding a rule is one declaration and one row here; a rule without a row fails the first test.
 */
import { describe, expect, it } from "vitest";
import { demoLogin } from "../fixtures/test-app.ts";
import { useBetsApp } from "../fixtures/bets-api.ts";
import { countRows, currentUserId, selectionOf, type ApiEvent, type Selection } from "../fixtures/builders.ts";
import { libsqlPorts } from "../../adapters/libsql/index.ts";
import { placementStatements } from "../../adapters/libsql/bets.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { placeBet } from "../../domain/betting/place-bet.ts";
import { ADMISSION_RULES, type WriteGuard } from "../../domain/betting/placement/admission-rules.ts";
import { checkSelections } from "../../domain/betting/placement/selections.ts";
import { checkPlacementLimits, MAX_COMBINED_ODDS_MILLI, oddsRefusal, type PlacementExposure } from "../../domain/betting/placement-limits.ts";
import { checkMayWager } from "../../domain/responsible/wagering-gate.ts";
import { noLimits } from "../../domain/responsible/limits.ts";
import type { PlacementOutcome, PlacementPlan, Ports } from "../../domain/ports/index.ts";
import type { PricedOutcome } from "../../domain/shared/types.ts";
import type { DomainError } from "../../domain/shared/result.ts";
import { formatOdds } from "../../domain/shared/odds.ts";

const t = useBetsApp();

type RuleName = keyof typeof ADMISSION_RULES;
const sql = (text: string, args: (string | number)[] = []) => t.database.client.execute({ sql: text, args });

/** A sample outcome for the pure checks: open, upcoming, priced at 2.00. */
const outcome = (over: Partial<PricedOutcome> = {}): PricedOutcome => ({
  outcomeId: "o1", outcomeName: "Home", priceMilli: 2000, marketId: "m1", marketName: "Match", marketStatus: "open",
  eventId: "e1", eventName: "A v B", eventStatus: "upcoming", sport: "soccer", eventStartTime: new Date(Date.now() + 3_600_000),
  eventSuspendedUntil: null, outcomeResult: null, ...over,
});
const exposure = (over: Partial<PlacementExposure> = {}): PlacementExposure => ({
  stakeFactorBp: 10_000, outcomes: [{ outcomeId: "o1", liability: 0, limit: 200_000_000 }], maxPayoutPerBet: 25_000_000,
  maxPayoutPerDay: 100_000_000, returnsInWindow: 0, ...over,
});
const limitSample = (over: Partial<PlacementExposure>) =>
  checkPlacementLimits({ stake: 10_000, totalOddsMilli: 2000, sports: ["soccer"], returnOf: (s) => s * 2, exposure: exposure(over) });

interface Race {
  userId: string;
  sel: Selection;
  key: string;
}

interface Row {
  /** The rule's pure check refusing a sample; null where the rule is the database's alone (funds, wallet, key). */
  domain: (() => { code: string } | null) | null;
  /** The code the pure check refuses with, when it is not the rule's (the wager gate words its own refusals). */
  refuses?: string;
  /** The code the use case answers, when it is not the rule's. */
  answers?: string;
  /** The stake to place (default 5.00). */
  stake?: (userId: string) => Promise<number>;
  /** A customer without a wallet, instead of a demo customer. */
  walletless?: boolean;
  /** The selection, when the rule needs one of its own. */
  selection?: () => Promise<Selection[]>;
  /** Changes made just before the plan is written, and after it (the use case has already passed its own checks). */
  before?: (race: Race) => Promise<unknown>;
  after?: (race: Race) => Promise<unknown>;
  /** Undoes a change to settings every customer shares, or to an event other rows are given too, once the answer is in. */
  cleanup?: (race: Race) => Promise<unknown>;
  /** The text answered, from the details the refusal carries or the selection's price and state after the attempt. */
  text?: (e: DomainError, now: PricedOutcome | undefined) => string | RegExp;
}

/** The sample slip (its leg seen at `odds`) against the sample outcome changed by `over` (given the time checked at), under the "refuse" setting. */
const stateSample = (over: (at: number) => Partial<PricedOutcome>, odds = "2.00") => () => {
  const at = Date.now();
  return checkSelections({ selections: [{ eventId: "e1", marketId: "m1", outcomeId: "o1", odds }] }, new Map([["o1", outcome(over(at))]]), new Date(at), "refuse");
};
const racing = (e: ApiEvent) => e.sport === "racing";
const notRacing = (e: ApiEvent) => e.sport !== "racing";
const MINUTE = 60_000;

/**
 * A runner of a race, at its price as the database holds it now. The rows above take every race of
 * the seed (the odds ceiling's legs, then the price row, which moves a runner's price), so the race
 * rows share one race, on a runner no other row changed, and undo their change once answered.
 */
async function raceRunner(): Promise<Selection[]> {
  const sel = selectionOf(t.pool.next(racing), 0, 1);
  const price = Number((await sql("SELECT price_milli FROM outcomes WHERE id = ?", [sel.outcomeId])).rows[0].price_milli);
  return [{ ...sel, odds: formatOdds(price) }];
}
const startOf = (eventId: string) => Date.parse(t.pool.events.find((e) => e.id === eventId)!.startTime);

/**
 * The states of a selection the use case refuses before the write, each brought about just before
 * the write (on an event no other row is given, or a race restored after): the write's price guard
 * refuses, and the prices and state read again word the refusal.
 */
const SELECTION_STATE_ROWS = {
  selectionNotFound: {
    domain: stateSample(() => ({ marketId: "m2" })),
    selection: async () => [selectionOf(t.pool.forMutation(notRacing))],
    // The outcome moved to another market of its event: none of that id is left in the slip's market.
    before: ({ sel }) =>
      sql("UPDATE outcomes SET market_id = (SELECT id FROM markets WHERE event_id = ? AND id <> ? LIMIT 1) WHERE id = ?", [sel.eventId, sel.marketId, sel.outcomeId]),
    text: () => ADMISSION_RULES.selectionNotFound.message(),
  },
  eventClosed: {
    domain: stateSample(() => ({ eventStatus: "finished" })),
    selection: async () => [selectionOf(t.pool.forMutation(notRacing))],
    before: ({ sel }) => sql("UPDATE events SET status = 'finished' WHERE id = ?", [sel.eventId]),
    text: (_, now) => ADMISSION_RULES.eventClosed.message(now!.eventName),
  },
  raceOff: {
    domain: stateSample((at) => ({ sport: "racing", eventStartTime: new Date(at - MINUTE) })),
    selection: raceRunner,
    before: ({ sel }) => sql("UPDATE events SET start_time = ? WHERE id = ?", [Date.now() - MINUTE, sel.eventId]),
    cleanup: ({ sel }) => sql("UPDATE events SET start_time = ? WHERE id = ?", [startOf(sel.eventId), sel.eventId]),
    text: (_, now) => ADMISSION_RULES.raceOff.message(now!.eventName),
  },
  eventStarted: {
    domain: stateSample((at) => ({ eventStartTime: new Date(at - MINUTE) })),
    selection: async () => [selectionOf(t.pool.forMutation(notRacing))],
    before: ({ sel }) => sql("UPDATE events SET start_time = ? WHERE id = ?", [Date.now() - MINUTE, sel.eventId]),
    text: (_, now) => ADMISSION_RULES.eventStarted.message(now!.eventName),
  },
  selectionDecided: {
    domain: stateSample(() => ({ outcomeResult: "won" })),
    selection: async () => [selectionOf(t.pool.forMutation(notRacing))],
    before: ({ sel }) => sql("UPDATE outcomes SET result = 'won' WHERE id = ?", [sel.outcomeId]),
    text: (_, now) => ADMISSION_RULES.selectionDecided.message(now!.outcomeName, now!.marketName),
  },
  marketClosed: {
    domain: stateSample(() => ({ marketStatus: "suspended" })),
    selection: async () => [selectionOf(t.pool.forMutation(notRacing))],
    before: ({ sel }) => sql("UPDATE markets SET status = 'suspended' WHERE id = ?", [sel.marketId]),
    text: (_, now) => ADMISSION_RULES.marketClosed.message(now!.marketName, "suspended"),
  },
  eventSuspended: {
    domain: stateSample((at) => ({ eventSuspendedUntil: new Date(at + MINUTE) })),
    selection: async () => [selectionOf(t.pool.forMutation(notRacing))],
    before: ({ sel }) => sql("UPDATE events SET suspended_until = ? WHERE id = ?", [Date.now() + MINUTE, sel.eventId]),
    text: (_, now) => ADMISSION_RULES.eventSuspended.message(now!.eventName),
  },
  raceReforming: {
    domain: stateSample((at) => ({ sport: "racing", marketReformedAt: new Date(at + MINUTE) })),
    selection: raceRunner,
    // Re-formed, reopening in a minute.
    before: ({ sel }) => sql("UPDATE markets SET reformed_at = ? WHERE id = ?", [Date.now() + MINUTE, sel.marketId]),
    cleanup: ({ sel }) => sql("UPDATE markets SET reformed_at = NULL WHERE id = ?", [sel.marketId]),
    text: (_, now) => ADMISSION_RULES.raceReforming.message(now!.marketName),
  },
  raceReformed: {
    domain: stateSample((at) => ({ sport: "racing", marketReformedAt: new Date(at - MINUTE), outcomeUpdatedAt: new Date(at - MINUTE) }), "2.10"),
    selection: raceRunner,
    // Re-formed and reopened, the runner re-priced by the re-form itself (no trader has moved it since).
    before: async ({ sel }) => {
      const at = Date.now() - MINUTE;
      await sql("UPDATE markets SET reformed_at = ? WHERE id = ?", [at, sel.marketId]);
      await sql("UPDATE outcomes SET price_milli = price_milli + 50, updated_at = ? WHERE id = ?", [at, sel.outcomeId]);
    },
    cleanup: async ({ sel }) => {
      await sql("UPDATE markets SET reformed_at = NULL WHERE id = ?", [sel.marketId]);
      await sql("UPDATE outcomes SET price_milli = price_milli - 50 WHERE id = ?", [sel.outcomeId]);
    },
    text: (_, now) => ADMISSION_RULES.raceReformed.message(now!.marketName, now!.outcomeName, now!.priceMilli),
  },
} satisfies Partial<Record<RuleName, Row>>;

const ROWS: Record<RuleName, Row> = {
  oddsCeiling: {
    domain: () => oddsRefusal(MAX_COMBINED_ODDS_MILLI + 1),
    // Four legs at 100.00 combine to 100,000,000.00: refused before the write, which is never reached.
    selection: async () => {
      const legs: Selection[] = [];
      for (let i = 0; i < 4; i++) {
        const sel = selectionOf(t.pool.forMutation());
        await sql("UPDATE outcomes SET price_milli = 100000 WHERE id = ?", [sel.outcomeId]);
        legs.push({ ...sel, odds: "100.00" });
      }
      return legs;
    },
    stake: async () => 100,
    text: () => ADMISSION_RULES.oddsCeiling.message(MAX_COMBINED_ODDS_MILLI),
  },
  price: {
    domain: stateSample(() => ({}), "2.10"),
    before: ({ sel }) => sql("UPDATE outcomes SET price_milli = price_milli + 50 WHERE id = ?", [sel.outcomeId]),
    text: (_, now) => ADMISSION_RULES.price.message([now!]),
  },
  stakeFactor: {
    domain: () => limitSample({ stakeFactorBp: 1 }),
    before: ({ userId }) =>
      sql("INSERT INTO customer_stake_factors (user_id, factor_bp, updated_at, updated_by) VALUES (?, 1, ?, NULL)", [userId, Date.now()]),
    text: (e) => ADMISSION_RULES.stakeFactor.message((e.details as { maxStake: number }).maxStake),
  },
  maxPayout: {
    domain: () => limitSample({ maxPayoutPerBet: 1_000 }),
    before: () => sql("INSERT INTO risk_settings (key, value) VALUES ('max_payout_per_bet', 600) ON CONFLICT (key) DO UPDATE SET value = 600"),
    cleanup: () => sql("DELETE FROM risk_settings WHERE key = 'max_payout_per_bet'"),
    text: (e) => ADMISSION_RULES.maxPayout.message((e.details as { maxStake: number }).maxStake, "per_bet"),
  },
  liability: {
    domain: () => limitSample({ outcomes: [{ outcomeId: "o1", liability: 0, limit: 1 }] }),
    selection: async () => [selectionOf(t.pool.forMutation())],
    before: ({ sel }) => sql("UPDATE markets SET liability_limit = 1 WHERE id = ?", [sel.marketId]),
    text: (e) => ADMISSION_RULES.liability.message((e.details as { maxStake: number }).maxStake),
  },
  eventLimit: {
    domain: () => limitSample({ outcomes: [{ outcomeId: "o1", liability: 0, limit: 200_000_000, event: { eventId: "e1", marketWorst: 0, liability: 0, limit: 1 } }] }),
    selection: async () => [selectionOf(t.pool.forMutation())],
    before: ({ sel }) => sql("UPDATE events SET liability_limit = 1 WHERE id = ?", [sel.eventId]),
    text: (e) => ADMISSION_RULES.eventLimit.message((e.details as { maxStake: number }).maxStake),
  },
  wagerGates: {
    domain: () => {
      const r = checkMayWager({ user: { isActive: false, verificationLevel: "basic" }, exclusions: [], lossLimits: noLimits(), netLoss: { daily: 0, weekly: 0, monthly: 0 } }, 500, new Date());
      return r.ok ? null : r.error;
    },
    refuses: "AUTH.ACCOUNT_SUSPENDED",
    // The account suspended between the use case's gate and the write, and active again right
    // after it: the write's assertion refuses, the gate read again passes, and the rule's own text
    // stands. (An exclusion cannot be undone: the table refuses updates and deletes.)
    before: ({ userId }) => sql("UPDATE users SET is_active = 0 WHERE id = ?", [userId]),
    after: ({ userId }) => sql("UPDATE users SET is_active = 1 WHERE id = ?", [userId]),
    text: () => ADMISSION_RULES.wagerGates.fallback,
  },
  funds: {
    domain: null,
    // More than the cash and the bonus together.
    stake: async (userId) =>
      (await countRows(t.database, "SELECT COALESCE(SUM(balance), 0) AS n FROM ledger_accounts WHERE user_id = ? AND kind IN ('wallet', 'bonus')", [userId])) + 100,
    text: () => ADMISSION_RULES.funds.fallback,
  },
  wallet: {
    domain: null,
    walletless: true,
    text: () => ADMISSION_RULES.wallet.fallback,
  },
  idempotency: {
    domain: null,
    // Another request under the same key writes first, and its record is gone again by the time
    // the use case looks the key up: the rule's own text stands.
    before: ({ userId, key }) =>
      sql("INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at) VALUES (?, ?, 'other', 201, '{}', ?)", [userId, key, Date.now()]),
    after: ({ userId, key }) => sql("DELETE FROM idempotency_keys WHERE user_id = ? AND key = ?", [userId, key]),
    text: () => ADMISSION_RULES.idempotency.fallback,
  },
  ...SELECTION_STATE_ROWS,
};

/**
 * The wager gates' write assertion again, with a change that stays: a time-out taken between the use
 * case's gate and the write refuses the write, and the wager gate, read again, words it.
 */
const STILL_EXCLUDED: Row = {
  domain: () => {
    const r = checkMayWager(
      { user: { isActive: true, verificationLevel: "basic" }, exclusions: [{ id: "x1", reason: null, kind: "timeout", startedAt: new Date(Date.now() - 1000), endsAt: new Date(Date.now() + 86_400_000) }], lossLimits: noLimits(), netLoss: { daily: 0, weekly: 0, monthly: 0 } },
      500,
      new Date(),
    );
    return r.ok ? null : r.error;
  },
  answers: "RG.SELF_EXCLUDED",
  before: ({ userId }) =>
    sql("INSERT INTO responsible_exclusions (id, user_id, kind, started_at, ends_at) VALUES (?, ?, 'timeout', ?, ?)", [
      `ex-${userId}`, userId, Date.now() - 1000, Date.now() + 86_400_000,
    ]),
};

/** The guard in the migrated database, or in the plan's statements for an assertion of the write. */
async function expectGuard(guard: WriteGuard, plan: PlacementPlan | undefined) {
  const objectSql = async (type: string, name: string) =>
    String((await sql("SELECT sql FROM sqlite_master WHERE type = ? AND name = ?", [type, name])).rows[0]?.sql ?? "");
  switch (guard.kind) {
    case "trigger":
      expect(await objectSql("trigger", guard.name)).toContain(`RAISE(ABORT, '${guard.raise}')`);
      return;
    case "check":
      expect(await objectSql("table", guard.table)).toContain(`CONSTRAINT "${guard.name}" CHECK`);
      return;
    case "unique":
      expect(await objectSql("table", guard.table)).toMatch(/PRIMARY KEY\(/);
      return;
    case "assertion":
      expect(plan).toBeDefined();
      expect(placementStatements(plan!).some((s) => typeof s !== "string" && s.sql.includes("write_assertions") && s.sql.includes(guard.reads))).toBe(true);
      return;
    case "before_write":
      expect(plan).toBeUndefined();
      return;
  }
}

/** Ports whose placement write runs `before` first and `after` once it answered, recording each plan and outcome. */
function racedPorts(race: Race, row: Row, seen: { plan: PlacementPlan; outcome: PlacementOutcome }[]): Ports {
  const ports = libsqlPorts(t.database);
  const real = ports.bets.place.bind(ports.bets);
  const place = async (plan: PlacementPlan) => {
    if (seen.length === 0) await row.before?.(race);
    const outcome = await real(plan);
    seen.push({ plan, outcome });
    if (seen.length === 1) await row.after?.(race);
    return outcome;
  };
  return { ...ports, bets: Object.assign(Object.create(ports.bets), { place }) };
}

async function customer(walletless: boolean): Promise<string> {
  const userId = await currentUserId(await demoLogin(t, "customer"));
  if (!walletless) return userId;
  const user = (await libsqlPorts(t.database).users.findById(userId))!;
  const id = `${userId}-nowallet`;
  await libsqlPorts(t.database).users.create({ ...user, id, email: `${id}@example.com` }, null);
  return id;
}

/**
 * Places a bet under `row` with the database changed around the write, and checks the answer, that
 * nothing was written, the guard, and the write's refusal.
 */
async function refusedPlacement(name: RuleName, row: Row) {
  const rule = ADMISSION_RULES[name];
  const answers = row.answers ?? rule.code;
  if (row.domain) expect(row.domain()?.code).toBe(row.refuses ?? answers);

  const userId = await customer(row.walletless ?? false);
  const selections = row.selection ? await row.selection() : [selectionOf(t.pool.next())];
  const race: Race = { userId, sel: selections[0], key: `key-${userId}` };
  const stake = row.stake ? await row.stake(userId) : 500;
  const user = (await libsqlPorts(t.database).users.findById(userId))!;
  const seen: { plan: PlacementPlan; outcome: PlacementOutcome }[] = [];
  const writes = () => countRows(t.database, "SELECT COUNT(*) AS n FROM bets WHERE user_id = ?", [userId]);

  const ctx = { actor: { kind: "user", user, sessionId: "test" }, ports: racedPorts(race, row, seen), clock: { now: () => new Date() }, ids: randomIds } as const;
  let res: Awaited<ReturnType<typeof placeBet>>;
  // The selection's price and state as the answer was given, before any change is undone.
  let now: PricedOutcome | undefined;
  try {
    res = await placeBet(ctx, { selections, stake, betType: selections.length > 1 ? "multiple" : "single" }, name === "idempotency" ? race.key : null);
    [now] = await libsqlPorts(t.database).events.pricedOutcomes([race.sel.outcomeId]);
  } finally {
    await row.cleanup?.(race);
  }

  expect(res.ok).toBe(false);
  if (res.ok) return;
  expect(res.error.code).toBe(answers);
  if (row.text) {
    const text = row.text(res.error, now);
    if (typeof text === "string") expect(res.error.message).toBe(text);
    else expect(res.error.message).toMatch(text);
  }
  expect(await writes()).toBe(0);
  await expectGuard(rule.guard, seen[0]?.plan);
  if ("refusal" in rule) expect(seen[0]?.outcome.kind).toBe(rule.refusal);
  else expect(seen).toEqual([]);
}

describe("admission rules: each declared once, its domain check, its guard and its refusal together", () => {
  it("every declared rule has a row", () => {
    expect(Object.keys(ROWS).sort()).toEqual(Object.keys(ADMISSION_RULES).sort());
  });

  for (const name of Object.keys(ROWS) as RuleName[]) {
    it(`${name}: ${ROWS[name].answers ?? ADMISSION_RULES[name].code}`, () => refusedPlacement(name, ROWS[name]));
  }

  it("wagerGates, the gate still refusing when read again: the gate words it (RG.SELF_EXCLUDED)", () =>
    refusedPlacement("wagerGates", STILL_EXCLUDED));
});
