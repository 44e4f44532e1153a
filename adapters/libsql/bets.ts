import type { Client, InStatement, Row } from "@libsql/client";
import type { BetTotals, Bets, PlacementOutcome, PlacementPlan, ResettlementPlan, SettlementPlan, SettlementRefused, Settlements } from "../../domain/ports/index.ts";
import type { BetLegRecord, BetRecord } from "../../domain/shared/types.ts";
import { auditStatement } from "./audit.ts";
import { approvalRefused, approvalStatements } from "./approvals.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";
import { ledgerStatements } from "./ledger-statements.ts";
import type { GroupedWrites } from "./statements.ts";
import { wagerGuardStatements } from "./wager-guards.ts";
import { oneRow } from "./rows.ts";
import { realCustomer } from "./real-money.ts";
import { RULE4_CAP } from "../../domain/settlement/rule4.ts";
import { struckSubsetPrices } from "../../domain/pricing/sgm.ts";
import { deadHeatArgs, settleManyStatements, settlementStatements } from "./settlement-statements.ts";
import type { WagerGateVersions } from "./wager-gate-cache.ts";
import { writeRefusalOf } from "./write-refusals.ts";


/**
 * Rule 4 of a bet struck at `placedAt` (an SQL expression) on the runners withdrawn after it from
 * the race of its leg `leg` (alias): each withdrawal `w` deducts by the runner's price in the market
 * the bet was struck in (its last price before the first re-form after the bet, else its price at
 * withdrawal), added up, at most RULE4_CAP. The SQL twin of domain/settlement/rule4.ts rule4For.
 */
const rule4Sql = (leg: string, placedAt: string, only: string) => `(SELECT MIN(${RULE4_CAP}, SUM(COALESCE(
      (SELECT rp.deduction FROM race_reform_prices rp WHERE rp.outcome_id = w.outcome_id AND rp.reformed_at > ${placedAt} AND rp.reformed_at < w.withdrawn_at
        ORDER BY rp.reformed_at LIMIT 1),
      w.deduction)))
    FROM runner_withdrawals w WHERE w.market_id = ${leg}.market_id AND w.outcome_id <> ${leg}.outcome_id AND w.withdrawn_at > ${placedAt} AND ${only})`;

/** A bet row's columns on alias `b`, as toBet reads them (shared with the admin lists). */
export const BET_COLUMNS = `b.id, b.user_id, b.bet_type, b.stake, b.total_odds_milli, b.potential_return, b.actual_return,
  b.status, b.placed_at, b.settled_at, b.bonus_stake, b.sgm_prices, b.ew_fraction_num, b.ew_fraction_den, b.ew_places,
  (SELECT ${rule4Sql("rl", "b.placed_at", "b.bet_type = 'single'")} FROM bet_legs rl WHERE rl.bet_id = b.id LIMIT 1) AS rule4,
  (SELECT COUNT(*) FROM bet_legs fl JOIN outcomes fo ON fo.market_id = fl.market_id WHERE fl.bet_id = b.id AND b.ew_places IS NOT NULL) AS ew_runners,
  (SELECT COUNT(*) FROM bet_legs fl JOIN runner_withdrawals fw ON fw.market_id = fl.market_id
     WHERE fl.bet_id = b.id AND b.ew_places IS NOT NULL AND fw.withdrawn_at <= b.placed_at) AS ew_gone_at_strike,
  (SELECT COUNT(*) FROM bet_legs fl JOIN runner_withdrawals fw ON fw.market_id = fl.market_id WHERE fl.bet_id = b.id AND b.ew_places IS NOT NULL) AS ew_gone`;
// rule4 above: Rule 4 of a single (rule4Sql).
// ew_* above: an each-way bet's race: its runners, those withdrawn by the time it was struck and all withdrawn (domain/settlement/final-field-terms.ts).

export function toBet(r: Row, legs: BetLegRecord[]): BetRecord {
  return {
    id: String(r.id),
    userId: String(r.user_id),
    betType: r.bet_type as BetRecord["betType"],
    stake: Number(r.stake),
    totalOddsMilli: Number(r.total_odds_milli),
    potentialReturn: Number(r.potential_return),
    actualReturn: r.actual_return === null ? null : Number(r.actual_return),
    status: r.status as BetRecord["status"],
    placedAt: new Date(Number(r.placed_at)),
    settledAt: r.settled_at === null ? null : new Date(Number(r.settled_at)),
    legs,
    bonusStake: Number(r.bonus_stake ?? 0),
    sgmPrices: sgmTableOf(r, legs.map((l) => ({ id: l.id, oddsMilli: l.oddsMilli }))),
    eachWay: r.ew_places === null || r.ew_places === undefined ? null : { fractionNum: Number(r.ew_fraction_num), fractionDen: Number(r.ew_fraction_den), places: Number(r.ew_places) },
    ...(Number(r.rule4 ?? 0) > 0 ? { rule4: Number(r.rule4) } : {}),
    ...eachWayFieldOf(r),
  };
}

/** The field of an each-way bet's race when struck and at the off, only when a runner left it after the bet was struck. */
function eachWayFieldOf(r: Row): Pick<BetRecord, "eachWayField"> {
  const runners = Number(r.ew_runners ?? 0);
  const goneAtStrike = Number(r.ew_gone_at_strike ?? 0);
  const gone = Number(r.ew_gone ?? 0);
  if (r.ew_places === null || r.ew_places === undefined || gone <= goneAtStrike) return {};
  return { eachWayField: { atStrike: runners - goneAtStrike, atOff: runners - gone } };
}

/**
 * A same game multi's subset price table: the one stored at placement, or for a bet placed before
 * tables were stored, the struck price scaled per subset (domain/pricing/sgm.ts struckSubsetPrices),
 * so grading never needs a second pricing rule. Null for any other bet.
 */
export function sgmTableOf(r: Row, legs: readonly { id: string; oddsMilli: number }[]): Record<string, number> | null {
  if (r.bet_type !== "same_game_multi") return sgmPricesOf(r.sgm_prices);
  return sgmPricesOf(r.sgm_prices) ?? (legs.length > 0 ? struckSubsetPrices(legs, Number(r.total_odds_milli)) : null);
}

/** The stored subset price table of a same game multi (JSON), or null. */
export function sgmPricesOf(v: unknown): Record<string, number> | null {
  if (typeof v !== "string" || v === "") return null;
  try {
    return JSON.parse(v) as Record<string, number>;
  } catch {
    return null;
  }
}

/**
 * The statements of one placement's write, in order: idempotency record, bet and legs (the price
 * guard, liability and payout triggers fire on these), the wager guards, the stake postings and the
 * balance read last. Exported so the benchmark's ceiling runs the very same SQL as the adapter.
 */
export function placementStatements(plan: PlacementPlan): InStatement[] {
  const { bet } = plan;
  const statements: InStatement[] = [];
  if (plan.idempotency) {
    // First, so a key already used is reported as such whatever else the write would have hit.
    statements.push({
      sql: `INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at)
            VALUES (?, ?, ?, 201, ?, ?)`,
      args: [bet.userId, plan.idempotency.key, plan.idempotency.requestHash, JSON.stringify(plan.idempotency.response), bet.placedAt.getTime()],
    });
  }
  statements.push(
    {
      sql: `INSERT INTO bets (id, user_id, bet_type, stake, total_odds_milli, potential_return, status, placed_at, sgm_prices, ew_fraction_num, ew_fraction_den, ew_places)
            VALUES (?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?, ?, ?)`,
      args: [bet.id, bet.userId, bet.betType, bet.stake, bet.totalOddsMilli, bet.potentialReturn, bet.placedAt.getTime(), bet.sgmPrices ? JSON.stringify(bet.sgmPrices) : null,
        bet.eachWay?.fractionNum ?? null, bet.eachWay?.fractionDen ?? null, bet.eachWay?.places ?? null],
    },
    // The price guard trigger on bet_legs re-checks price, market and event inside this write.
    ...plan.legs.map((l) => ({
      sql: `INSERT INTO bet_legs (id, bet_id, leg_no, event_id, market_id, outcome_id, odds_milli, result, event_name, market_name, selection_name)
            VALUES (?, ?, ?, ?, ?, ?, ?, 'pending', ?, ?, ?)`,
      args: [l.id, bet.id, l.legNo, l.eventId, l.marketId, l.outcomeId, l.oddsMilli, l.eventName, l.marketName, l.selectionName],
    })),
  );
  if (plan.guards) {
    // The customer's gates, again inside the write: still active, not excluded, and this stake
    // keeps net losses (stakes - returns) in every limited window within the limit.
    statements.push(...wagerGuardStatements(bet.userId, plan.walletAccountId, plan.guards, bet.stake));
  }
  // Postings move the cached balances; the wallet CHECK refuses an overdraft.
  statements.push(...ledgerStatements(plan.stakeTransaction));
  if (bet.bonusStake) statements.push({ sql: "UPDATE bets SET bonus_stake = ? WHERE id = ?", args: [bet.bonusStake, bet.id] });
  if (plan.idempotency) {
    // The stored response carries the balance as it stood right after this write.
    statements.push({
      sql: `UPDATE idempotency_keys SET response_body = json_set(response_body, '$.balance', (SELECT balance FROM ledger_accounts WHERE id = ?))
            WHERE user_id = ? AND key = ?`,
      args: [plan.walletAccountId, bet.userId, plan.idempotency.key],
    });
  }
  statements.push(oneRow({ sql: "SELECT balance FROM ledger_accounts WHERE id = ?", args: [plan.walletAccountId] }));
  return statements;
}

export class LibsqlBets implements Bets {
  private readonly client: Client;
  private readonly groupCommit: GroupedWrites | undefined;
  private readonly gateVersions: WagerGateVersions | undefined;
  /**
   * With `groupCommit` (an embedded file database), placements share commits; see perf/group-commit.ts.
   * With `gateVersions`, a wager refused by its gates inside the write stops the use of what this
   * process kept of the customer's gate rows, so the use case's second look reads them afresh.
   */
  constructor(client: Client, groupCommit?: GroupedWrites, gateVersions?: WagerGateVersions) {
    this.client = client;
    this.groupCommit = groupCommit;
    this.gateVersions = gateVersions;
  }

  async place(plan: PlacementPlan): Promise<PlacementOutcome> {
    const statements = placementStatements(plan);
    try {
      // One all-or-nothing write either way: alone in its own batch, or in a savepoint of a group.
      const results = this.groupCommit ? await this.groupCommit.write(statements) : await this.client.batch(statements, "write");
      const last = results[results.length - 1];
      return { kind: "placed", balance: Number(last.rows[0]?.balance ?? 0) };
    } catch (e) {
      const c = constraintOf(e);
      const refusal = c === null ? null : writeRefusalOf(c);
      if (refusal === null) throw e;
      // A wager gate refused: what this process kept of the customer's gate rows is stale.
      if (refusal === "refused") this.gateVersions?.forget(plan.bet.userId);
      return { kind: refusal };
    }
  }

  private legsFor(betIds: string[]): Promise<Map<string, BetLegRecord[]>> {
    return legsOfBets(this.client, betIds);
  }

  async findById(id: string): Promise<BetRecord | null> {
    const rs = await this.client.execute({ sql: `SELECT ${BET_COLUMNS} FROM bets b WHERE b.id = ?`, args: [id] });
    if (rs.rows.length === 0) return null;
    const legs = await this.legsFor([id]);
    return toBet(rs.rows[0], legs.get(id) ?? []);
  }

  async listForUser(userId: string, limit: number): Promise<BetRecord[]> {
    const rs = await this.client.execute({
      sql: `SELECT ${BET_COLUMNS} FROM bets b WHERE b.user_id = ? ORDER BY b.placed_at DESC, b.rowid DESC LIMIT ?`,
      args: [userId, limit],
    });
    const legs = await this.legsFor(rs.rows.map((r) => String(r.id)));
    return rs.rows.map((r) => toBet(r, legs.get(String(r.id)) ?? []));
  }

  /** Bets matching an SQL condition on `b` (bets), newest first, with their customer (for the back office). */
  async listWhere(condition: string, args: (string | number)[], limit: number) {
    const rs = await this.client.execute({
      sql: `SELECT ${BET_COLUMNS}, u.first_name, u.last_name, u.email, u.is_demo FROM bets b JOIN users u ON u.id = b.user_id
            WHERE ${condition} ORDER BY b.placed_at DESC, b.rowid DESC LIMIT ?`,
      args: [...args, limit],
    });
    const legs = await this.legsFor(rs.rows.map((r) => String(r.id)));
    return rs.rows.map((r) => ({
      ...toBet(r, legs.get(String(r.id)) ?? []),
      customer: { firstName: String(r.first_name), lastName: String(r.last_name), email: String(r.email), isDemo: Number(r.is_demo) === 1 },
    }));
  }

  async listAll(limit: number, status?: "pending" | "settled") {
    // Operators' list and the public activity feed: real customers' bets only (real-money.ts).
    const where = `WHERE ${realCustomer("b.user_id")}${status === "pending" ? " AND b.status = 'pending'" : status === "settled" ? " AND b.status <> 'pending'" : ""}`;
    const rs = await this.client.execute({
      sql: `SELECT ${BET_COLUMNS}, u.first_name, u.last_name, u.email FROM bets b JOIN users u ON u.id = b.user_id
            ${where} ORDER BY b.placed_at DESC, b.rowid DESC LIMIT ?`,
      args: [limit],
    });
    const legs = await this.legsFor(rs.rows.map((r) => String(r.id)));
    return rs.rows.map((r) => ({
      ...toBet(r, legs.get(String(r.id)) ?? []),
      customer: { firstName: String(r.first_name), lastName: String(r.last_name), email: String(r.email) },
    }));
  }

  async settle(plan: SettlementPlan): Promise<"settled" | "not_pending" | "not_found" | SettlementRefused> {
    try {
      await this.client.batch(settlementStatements(plan), "write");
      return "settled";
    } catch (e) {
      const c = constraintOf(e);
      if (c === "BET.NOT_PENDING") return "not_pending";
      if (c === ASSERTION_FAILED) return "not_found";
      // A guard (the return above the potential return, a ledger check) refused the whole write;
      // anything else (a used id, a missing row) is a bug and stays an exception.
      if (c !== null && isGuard(c)) return { refused: c };
      throw e;
    }
  }

  async settleMany(plans: readonly SettlementPlan[]): Promise<"settled" | "conflict"> {
    if (plans.length === 0) return "settled";
    // First without debt recovery, refused inside the write if a customer paid here owes anything;
    // then (only after such a refusal) with it (settleManyStatements).
    for (const owed of [false, true]) {
      try {
        await this.client.batch(settleManyStatements(plans, { owed }), "write");
        return "settled";
      } catch (e) {
        // One bet refused (settled meanwhile, unknown, or a guard): none written; the caller settles them one by one.
        const c = constraintOf(e);
        if (c === ASSERTION_FAILED && !owed) continue;
        if (c === "BET.NOT_PENDING" || c === ASSERTION_FAILED || (c !== null && isGuard(c))) return "conflict";
        throw e;
      }
    }
    return "conflict";
  }

  async totals(): Promise<BetTotals> {
    const rs = await this.client.execute(`SELECT
        COUNT(*) AS total,
        COALESCE(SUM(status = 'pending'), 0) AS pending,
        COALESCE(SUM(status = 'won'), 0) AS won,
        COALESCE(SUM(status = 'lost'), 0) AS lost,
        COALESCE(SUM(status = 'void'), 0) AS void_count,
        COALESCE(SUM(stake), 0) AS staked,
        COALESCE(SUM(CASE WHEN status <> 'pending' THEN actual_return ELSE 0 END), 0) AS returned,
        COALESCE(SUM(CASE WHEN status <> 'pending' THEN stake ELSE 0 END), 0) AS settled_stakes,
        COALESCE(SUM(CASE WHEN status = 'pending' THEN potential_return ELSE 0 END), 0) AS liability
      FROM bets WHERE ${realCustomer("user_id")}`);
    const r = rs.rows[0];
    return {
      totalBets: Number(r.total),
      pendingBets: Number(r.pending),
      wonBets: Number(r.won),
      lostBets: Number(r.lost),
      voidBets: Number(r.void_count),
      totalStaked: Number(r.staked),
      totalReturned: Number(r.returned),
      settledStakes: Number(r.settled_stakes),
      openLiability: Number(r.liability),
    };
  }
}

/**
 * Settlement corrections: leg results of bets that keep waiting, and resettlement of a
 * settled bet with correcting postings. See migration 0011 for the guard that allows a settled bet
 * to change only with its resettlement counter raised by exactly one.
 */
export class LibsqlSettlements implements Settlements {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async gradeLegs(betId: string, legResults: SettlementPlan["legResults"]): Promise<"graded" | "not_pending"> {
    try {
      await this.client.batch(
        [
          assertStatement("EXISTS (SELECT 1 FROM bets WHERE id = ? AND status = 'pending')", [betId]),
          ...legResults.map((l) => ({
            sql: "UPDATE bet_legs SET result = ?, dead_heat_num = ?, dead_heat_den = ? WHERE id = ? AND bet_id = ? AND result = 'pending'",
            args: [l.result, ...deadHeatArgs(l), l.legId, betId],
          })),
        ],
        "write",
      );
      return "graded";
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED) return "not_pending";
      throw e;
    }
  }

  async resettlementCount(betId: string): Promise<number | null> {
    const rs = await this.client.execute({ sql: "SELECT resettlement_count FROM bets WHERE id = ?", args: [betId] });
    return rs.rows.length === 0 ? null : Number(rs.rows[0].resettlement_count);
  }

  async resettle(plan: ResettlementPlan): Promise<"resettled" | "conflict" | "insufficient_funds" | "approval_decided"> {
    const statements: InStatement[] = [
      // Still as the use case read it: same counter, same status.
      assertStatement("EXISTS (SELECT 1 FROM bets WHERE id = ? AND resettlement_count = ? AND status = ?)", [plan.betId, plan.fromCount, plan.fromStatus]),
      {
        sql: `UPDATE bets SET status = ?, actual_return = ?, settled_at = ?, settled_by = ?, resettlement_count = ?
              WHERE id = ?`,
        args: [plan.status, plan.actualReturn, plan.settledAt.getTime(), plan.settledBy, plan.fromCount + 1, plan.betId],
      },
      ...plan.legResults.map((l) => ({
        sql: "UPDATE bet_legs SET result = ? WHERE id = ? AND bet_id = ?",
        args: [l.result, l.legId, plan.betId],
      })),
      ...(plan.correction ? ledgerStatements(plan.correction) : []),
      ...approvalStatements(plan.approval),
      auditStatement(plan.audit),
    ];
    try {
      await this.client.batch(statements, "write");
      return "resettled";
    } catch (e) {
      if (approvalRefused(e)) return "approval_decided";
      const c = constraintOf(e);
      if (c === ASSERTION_FAILED || c === "BET.NOT_PENDING" || (e instanceof Error && e.message.includes("BET.RESETTLE_CONFLICT")))
        return "conflict";
      if (c === "CHECK constraint failed: ledger_accounts_wallet_nonneg_ck") return "insufficient_funds";
      throw e;
    }
  }
}

/** A refusal by one of the rules the database guards (a named trigger or a CHECK), not a broken statement. */
const isGuard = (c: string) => /^(BET|LEDGER)\./.test(c) || c.startsWith("CHECK constraint failed:");

/** The legs of these bets, by bet id, in leg order (shared by every adapter that lists bets). */
export async function legsOfBets(client: Client, betIds: readonly string[]): Promise<Map<string, BetLegRecord[]>> {
  const out = new Map<string, BetLegRecord[]>();
  if (betIds.length === 0) return out;
  const rs = await client.execute({
    // rule4: a multiple's leg on a race with other runners withdrawn after the bet was struck (domain/settlement/rule4-multiple.ts).
    sql: `SELECT l.*, (SELECT ${rule4Sql("l", "rb.placed_at", "rb.bet_type = 'multiple'")} FROM bets rb WHERE rb.id = l.bet_id) AS rule4,
                 EXISTS (SELECT 1 FROM runner_withdrawals ow WHERE ow.outcome_id = l.outcome_id) AS withdrawn
          FROM bet_legs l WHERE l.bet_id IN (${betIds.map(() => "?").join(",")}) ORDER BY l.bet_id, l.leg_no`,
    args: [...betIds],
  });
  for (const r of rs.rows) {
    const list = out.get(String(r.bet_id)) ?? [];
    list.push({
      id: String(r.id),
      legNo: Number(r.leg_no),
      eventId: String(r.event_id),
      marketId: String(r.market_id),
      outcomeId: String(r.outcome_id),
      oddsMilli: Number(r.odds_milli),
      result: r.result as BetLegRecord["result"],
      eventName: String(r.event_name),
      marketName: String(r.market_name),
      selectionName: String(r.selection_name),
      deadHeat: r.dead_heat_num === null || r.dead_heat_num === undefined ? null : { num: Number(r.dead_heat_num), den: Number(r.dead_heat_den) },
      ...(Number(r.rule4 ?? 0) > 0 ? { rule4: Number(r.rule4) } : {}),
      ...(Number(r.withdrawn ?? 0) > 0 ? { withdrawn: true } : {}),
    });
    out.set(String(r.bet_id), list);
  }
  return out;
}
