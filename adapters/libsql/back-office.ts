/** CRM aggregates, bulk settlement candidates, bonuses, payments and report data on libSQL. */
import type { Reach } from "../../domain/shared/reach.ts";
import { inReach } from "./reach.ts";
import type { BetType } from "../../domain/shared/types.ts";
import type { PaymentState } from "../../domain/wallet/payment-state.ts";
import type { InStatement, Row } from "@libsql/client";
import type {
  BackOffice, CustomerAggregate, LedgerPaymentRecord, SettlementCandidateLeg,
} from "../../domain/ports/index.ts";
import type { RiskLevel } from "../../domain/shared/risk-level.ts";
import type { AuditEntry, BetLegRecord, BetRecord, User } from "../../domain/shared/types.ts";
import type { LedgerTransaction } from "../../domain/wallet/ledger.ts";
import { auditStatement } from "./audit.ts";
import { assertStatement, type Database } from "./database.ts";
import { ledgerStatements } from "./ledger-statements.ts";
import { sgmTableOf } from "./bets.ts";
import { realCustomer } from "./real-money.ts";

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const placeholders = (xs: readonly unknown[]) => xs.map(() => "?").join(",");

/** The stored sports a bulk-settlement sport filter stands for (the product spec names american_football; we store it as nfl). */
export const sportCodesFor = (sport: string): string[] => (sport === "american_football" ? ["nfl"] : [sport]);

export class LibsqlBackOffice implements BackOffice {
  private readonly d: Database;
  constructor(d: Database) {
    this.d = d;
  }

  async customers(now: Date, reach: Reach): Promise<CustomerAggregate[]> {
    const c = this.d.client;
    const recentSince = now.getTime() - 30 * 86_400_000;
    const [users, bets, payments, markets, alerts] = await Promise.all([
      c.execute(`SELECT u.*, a.balance AS wallet_balance, p.risk_level, p.risk_score
                 FROM users u LEFT JOIN ledger_accounts a ON a.id = 'wallet:' || u.id
                 LEFT JOIN user_risk_profiles p ON p.user_id = u.id
                 WHERE u.role = 'customer' AND ${inReach(reach, "u.id")} ORDER BY u.created_at, u.id`),
      c.execute({
        sql: `SELECT user_id, COUNT(*) AS bets,
                SUM(status = 'pending') AS pending, SUM(status = 'won') AS won, SUM(status = 'lost') AS lost, SUM(status = 'void') AS void_n,
                SUM(stake) AS staked,
                SUM(CASE WHEN status <> 'pending' THEN stake ELSE 0 END) AS settled_stakes,
                SUM(CASE WHEN status <> 'pending' THEN COALESCE(actual_return, 0) ELSE 0 END) AS returned,
                SUM(CASE WHEN status = 'won' THEN COALESCE(actual_return, 0) ELSE 0 END) AS won_returns,
                SUM(CASE WHEN status = 'lost' THEN stake ELSE 0 END) AS lost_stakes,
                SUM(CASE WHEN status = 'pending' THEN potential_return ELSE 0 END) AS liability,
                MIN(placed_at) AS first_at, MAX(placed_at) AS last_at, SUM(placed_at >= ?) AS recent
              FROM bets GROUP BY user_id`,
        args: [recentSince],
      }),
      c.execute(`SELECT a.user_id, tx.kind, SUM(CASE WHEN p.amount > 0 THEN p.amount ELSE 0 END) AS credits,
                   SUM(CASE WHEN p.amount < 0 THEN -p.amount ELSE 0 END) AS debits
                 FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id AND a.kind IN ('wallet', 'bonus')
                 JOIN ledger_transactions tx ON tx.id = p.transaction_id
                 WHERE tx.kind IN ('deposit','withdrawal','deposit_bonus','adjustment')
                 GROUP BY a.user_id, tx.kind`),
      c.execute(`SELECT b.user_id, l.market_name, COUNT(*) AS n FROM bet_legs l JOIN bets b ON b.id = l.bet_id
                 GROUP BY b.user_id, l.market_name`),
      c.execute("SELECT user_id, COUNT(*) AS n FROM fraud_alerts WHERE status <> 'resolved' GROUP BY user_id"),
    ]);
    const betsBy = new Map(bets.rows.map((r) => [String(r.user_id), r]));
    const pay = new Map<string, { deposit: number; withdrawal: number; bonus: number }>();
    for (const r of payments.rows) {
      const k = String(r.user_id);
      const row = pay.get(k) ?? { deposit: 0, withdrawal: 0, bonus: 0 };
      if (r.kind === "deposit") row.deposit += n(r.credits);
      else if (r.kind === "withdrawal") row.withdrawal += n(r.debits);
      else row.bonus += n(r.credits);
      pay.set(k, row);
    }
    const favs = new Map<string, { name: string; n: number }[]>();
    for (const r of markets.rows) {
      const list = favs.get(String(r.user_id)) ?? [];
      list.push({ name: String(r.market_name), n: n(r.n) });
      favs.set(String(r.user_id), list);
    }
    const openAlerts = new Map(alerts.rows.map((r) => [String(r.user_id), n(r.n)]));
    return users.rows.map((u) => {
      const id = String(u.id);
      const b = betsBy.get(id);
      const p = pay.get(id) ?? { deposit: 0, withdrawal: 0, bonus: 0 };
      const user: User = {
        id,
        email: String(u.email),
        firstName: String(u.first_name),
        lastName: String(u.last_name),
        role: "customer",
        isDemo: Boolean(n(u.is_demo)),
        isActive: Boolean(n(u.is_active)),
        verificationLevel: u.verification_level as User["verificationLevel"],
        createdAt: new Date(n(u.created_at)),
      };
      return {
        user,
        balance: n(u.wallet_balance),
        betCount: n(b?.bets),
        pendingBets: n(b?.pending),
        wonBets: n(b?.won),
        lostBets: n(b?.lost),
        voidBets: n(b?.void_n),
        totalStaked: n(b?.staked),
        settledStakes: n(b?.settled_stakes),
        totalReturned: n(b?.returned),
        wonReturns: n(b?.won_returns),
        lostStakes: n(b?.lost_stakes),
        firstBetAt: b?.first_at == null ? null : new Date(n(b.first_at)),
        lastBetAt: b?.last_at == null ? null : new Date(n(b.last_at)),
        recentBets: n(b?.recent),
        depositTotal: p.deposit,
        withdrawalTotal: p.withdrawal,
        bonusTotal: p.bonus,
        favoriteMarkets: (favs.get(id) ?? []).sort((x, y) => y.n - x.n || x.name.localeCompare(y.name)).slice(0, 3).map((x) => x.name),
        pendingLiability: n(b?.liability),
        riskLevel: (u.risk_level ?? "low") as RiskLevel,
        riskScore: n(u.risk_score),
        openAlerts: openAlerts.get(id) ?? 0,
      };
    });
  }

  async settlementCandidates(sport: string | undefined, reach: Reach) {
    const c = this.d.client;
    const codes = sport && sport !== "all" ? sportCodesFor(sport) : null;
    const bets = await c.execute({
      sql: `SELECT b.id, b.user_id, b.stake, b.bet_type, b.total_odds_milli, b.sgm_prices,
                   (b.ew_places IS NOT NULL OR EXISTS (SELECT 1 FROM bet_legs rl JOIN runner_withdrawals w ON w.market_id = rl.market_id
                      WHERE rl.bet_id = b.id AND w.withdrawn_at > b.placed_at)) AS racing_terms
            FROM bets b
            WHERE b.status = 'pending' AND ${inReach(reach, "b.user_id")}
              AND NOT EXISTS (SELECT 1 FROM bet_legs l JOIN events e ON e.id = l.event_id WHERE l.bet_id = b.id AND e.status <> 'finished')
              ${codes ? `AND EXISTS (SELECT 1 FROM bet_legs l JOIN events e ON e.id = l.event_id WHERE l.bet_id = b.id AND e.sport IN (${placeholders(codes)}))` : ""}
            ORDER BY b.placed_at, b.id`,
      args: codes ?? [],
    });
    const ids = bets.rows.map((r) => String(r.id));
    const legsBy = new Map<string, SettlementCandidateLeg[]>();
    // Read legs in slices so a large backlog does not build one enormous statement.
    for (let i = 0; i < ids.length; i += 200) {
      const slice = ids.slice(i, i + 200);
      const legs = await c.execute({
        sql: `SELECT l.id, l.bet_id, l.result, l.odds_milli, l.event_id, e.status AS event_status, e.sport, e.home_team, e.away_team,
                e.home_score, e.away_score, m.type AS market_type, l.outcome_id, o.name AS outcome_name, o.result AS outcome_result,
                o.dead_heat_num AS outcome_dh_num, o.dead_heat_den AS outcome_dh_den, l.dead_heat_num, l.dead_heat_den,
                m.result_kind AS market_result_kind, m.winning_outcome_id,
                EXISTS (SELECT 1 FROM market_reviews r WHERE r.market_id = l.market_id) AS under_review,
                (SELECT COUNT(*) FROM outcomes o2 WHERE o2.market_id = l.market_id) AS outcome_count,
                (SELECT COUNT(*) FROM outcomes o3 WHERE o3.market_id = l.market_id
                   AND (o3.sort_order < o.sort_order OR (o3.sort_order = o.sort_order AND o3.id < o.id))) AS outcome_index
              FROM bet_legs l JOIN events e ON e.id = l.event_id JOIN markets m ON m.id = l.market_id JOIN outcomes o ON o.id = l.outcome_id
              WHERE l.bet_id IN (${placeholders(slice)}) ORDER BY l.bet_id, l.leg_no`,
        args: slice,
      });
      for (const r of legs.rows) {
        const list = legsBy.get(String(r.bet_id)) ?? [];
        list.push({
          legId: String(r.id),
          result: r.result as SettlementCandidateLeg["result"],
          oddsMilli: n(r.odds_milli),
          eventId: String(r.event_id),
          eventStatus: r.event_status as SettlementCandidateLeg["eventStatus"],
          sport: String(r.sport),
          homeTeam: String(r.home_team),
          awayTeam: String(r.away_team),
          homeScore: r.home_score === null ? null : n(r.home_score),
          awayScore: r.away_score === null ? null : n(r.away_score),
          marketType: String(r.market_type),
          outcomeId: String(r.outcome_id),
          outcomeName: String(r.outcome_name),
          outcomeIndex: n(r.outcome_index),
          outcomeCount: n(r.outcome_count),
          outcomeResult: (r.outcome_result ?? null) as SettlementCandidateLeg["outcomeResult"],
          outcomeDeadHeat: r.outcome_dh_num === null || r.outcome_dh_num === undefined ? null : { num: n(r.outcome_dh_num), den: n(r.outcome_dh_den) },
          deadHeat: r.dead_heat_num === null || r.dead_heat_num === undefined ? null : { num: n(r.dead_heat_num), den: n(r.dead_heat_den) },
          marketResultKind: (r.market_result_kind ?? null) as SettlementCandidateLeg["marketResultKind"],
          winningOutcomeId: r.winning_outcome_id === null || r.winning_outcome_id === undefined ? null : String(r.winning_outcome_id),
          marketUnderReview: Number(r.under_review) === 1,
        });
        legsBy.set(String(r.bet_id), list);
      }
    }
    return bets.rows.map((r) => ({
      betId: String(r.id),
      userId: String(r.user_id),
      stake: n(r.stake),
      betType: r.bet_type as BetType,
      legs: legsBy.get(String(r.id)) ?? [],
      sgmPrices: sgmTableOf(r, (legsBy.get(String(r.id)) ?? []).map((l) => ({ id: l.legId, oddsMilli: l.oddsMilli }))),
      racingTerms: Number(r.racing_terms) === 1,
    }));
  }

  async postWalletTransaction(tx: LedgerTransaction, walletAccountId: string, audit: AuditEntry | null): Promise<number> {
    const statements: InStatement[] = [
      assertStatement("EXISTS (SELECT 1 FROM ledger_accounts WHERE id = ? AND kind = 'wallet')", [walletAccountId]),
      ...ledgerStatements(tx),
      ...(audit ? [auditStatement(audit)] : []),
      { sql: "SELECT balance FROM ledger_accounts WHERE id = ?", args: [walletAccountId] },
    ];
    const results = await this.d.client.batch(statements, "write");
    return n(results[results.length - 1].rows[0].balance);
  }

  /**
   * Deposits and withdrawals one row per payment from the payments table (with method, state and
   * the provider's reference; the amount is the wallet-side figure it has or would have once
   * completed: deposit amount - fee, withdrawal -amount), and the other wallet movements (bonuses,
   * adjustments, and ledger-only deposits and withdrawals such as the seed's) from the ledger.
   */
  async payments(filter: { kinds: LedgerPaymentRecord["kind"][]; userId?: string; since?: Date; until?: Date; limit: number; reach: Reach }) {
    const outer: string[] = [`x.kind IN (${placeholders(filter.kinds)})`];
    const args: (string | number)[] = [...filter.kinds];
    if (filter.userId) (outer.push("x.user_id = ?"), args.push(filter.userId));
    if (filter.since) (outer.push("x.created_at >= ?"), args.push(filter.since.getTime()));
    if (filter.until) (outer.push("x.created_at < ?"), args.push(filter.until.getTime()));
    const rs = await this.d.client.execute({
      sql: `SELECT x.*, u.email, u.first_name, u.last_name FROM (
              SELECT pay.id, CASE WHEN pay.direction = 'deposit' THEN 'deposit' ELSE 'withdrawal' END AS kind,
                CASE WHEN pay.direction = 'deposit' THEN pay.amount - pay.fee WHEN pay.direction = 'withdrawal' THEN -pay.amount ELSE pay.amount END AS amount,
                pay.id AS reference, pay.created_at, pay.user_id AS created_by, pay.user_id, pay.rowid AS seq,
                pay.id AS payment_id, pay.method, pay.state, pay.provider_reference, pay.failure_reason
              FROM payments pay
              UNION ALL
              SELECT tx.id, tx.kind, SUM(p.amount), tx.reference, tx.created_at, tx.created_by, a.user_id, tx.rowid,
                NULL, NULL, 'completed', NULL, NULL
              FROM ledger_transactions tx
              JOIN ledger_postings p ON p.transaction_id = tx.id
              JOIN ledger_accounts a ON a.id = p.account_id AND a.kind IN ('wallet', 'bonus')
              WHERE tx.kind IN ('deposit', 'withdrawal', 'deposit_bonus', 'adjustment')
                AND NOT (tx.kind IN ('deposit', 'withdrawal') AND EXISTS (SELECT 1 FROM payments WHERE id = tx.reference))
              GROUP BY tx.id, a.user_id
            ) x JOIN users u ON u.id = x.user_id
            WHERE ${outer.join(" AND ")} AND ${inReach(filter.reach, "x.user_id")}
            ORDER BY x.created_at DESC, x.seq DESC LIMIT ?`,
      args: [...args, filter.limit],
    });
    return rs.rows.map((r) => ({
      id: String(r.id),
      kind: r.kind as LedgerPaymentRecord["kind"],
      amount: n(r.amount),
      reference: r.reference === null ? null : String(r.reference),
      createdAt: new Date(n(r.created_at)),
      createdBy: r.created_by === null ? null : String(r.created_by),
      user: { id: String(r.user_id), email: String(r.email), firstName: String(r.first_name), lastName: String(r.last_name) },
      payment: r.payment_id === null ? null : {
        id: String(r.payment_id), method: String(r.method), state: r.state as PaymentState,
        providerReference: r.provider_reference === null ? null : String(r.provider_reference),
        failureReason: r.failure_reason === null ? null : String(r.failure_reason),
      },
    }));
  }

  async walletTotal() {
    const rs = await this.d.client.execute(`SELECT COALESCE(SUM(balance), 0) AS s FROM ledger_accounts WHERE kind = 'wallet' AND ${realCustomer("user_id")}`);
    return n(rs.rows[0].s);
  }

  async recentBetCounts(eventIds: readonly string[], since: Date) {
    const out = new Map<string, number>();
    if (eventIds.length === 0) return out;
    const rs = await this.d.client.execute({
      sql: `SELECT l.event_id, COUNT(DISTINCT b.id) AS n FROM bet_legs l JOIN bets b ON b.id = l.bet_id
            WHERE l.event_id IN (${placeholders(eventIds)}) AND b.placed_at >= ? AND ${realCustomer("b.user_id")} GROUP BY l.event_id`,
      args: [...eventIds, since.getTime()],
    });
    for (const r of rs.rows) out.set(String(r.event_id), n(r.n));
    return out;
  }

  async betsBetween(from: Date, to: Date, reach: Reach) {
    const c = this.d.client;
    const rs = await c.execute({
      sql: `SELECT b.*, u.email FROM bets b JOIN users u ON u.id = b.user_id WHERE b.placed_at >= ? AND b.placed_at < ? AND ${inReach(reach, "b.user_id")}
            ORDER BY b.placed_at, b.id`,
      args: [from.getTime(), to.getTime()],
    });
    const legsBy = new Map<string, BetLegRecord[]>();
    const ids = rs.rows.map((r) => String(r.id));
    for (let i = 0; i < ids.length; i += 200) {
      const slice = ids.slice(i, i + 200);
      const legs = await c.execute({ sql: `SELECT * FROM bet_legs WHERE bet_id IN (${placeholders(slice)}) ORDER BY bet_id, leg_no`, args: slice });
      for (const l of legs.rows) {
        const list = legsBy.get(String(l.bet_id)) ?? [];
        list.push({
          id: String(l.id), legNo: n(l.leg_no), eventId: String(l.event_id), marketId: String(l.market_id), outcomeId: String(l.outcome_id),
          oddsMilli: n(l.odds_milli), result: l.result as BetLegRecord["result"], eventName: String(l.event_name),
          marketName: String(l.market_name), selectionName: String(l.selection_name),
        });
        legsBy.set(String(l.bet_id), list);
      }
    }
    return rs.rows.map((r: Row): BetRecord & { customer: { email: string } } => ({
      id: String(r.id),
      userId: String(r.user_id),
      betType: r.bet_type as BetRecord["betType"],
      stake: n(r.stake),
      totalOddsMilli: n(r.total_odds_milli),
      potentialReturn: n(r.potential_return),
      actualReturn: r.actual_return === null ? null : n(r.actual_return),
      status: r.status as BetRecord["status"],
      placedAt: new Date(n(r.placed_at)),
      settledAt: r.settled_at === null ? null : new Date(n(r.settled_at)),
      legs: legsBy.get(String(r.id)) ?? [],
      customer: { email: String(r.email) },
    }));
  }

  async closingLines(reach: Reach) {
    const rs = await this.d.client.execute(`SELECT b.user_id, b.id AS bet_id, l.odds_milli, b.status,
        COALESCE(
          (SELECT pc.new_price_milli FROM price_changes pc WHERE pc.outcome_id = l.outcome_id AND pc.changed_at <= e.start_time
             ORDER BY pc.changed_at DESC, pc.id DESC LIMIT 1),
          (SELECT pc.old_price_milli FROM price_changes pc WHERE pc.outcome_id = l.outcome_id AND pc.changed_at > e.start_time
             ORDER BY pc.changed_at, pc.id LIMIT 1),
          o.price_milli) AS closing_milli
      FROM bet_legs l JOIN bets b ON b.id = l.bet_id JOIN events e ON e.id = l.event_id JOIN outcomes o ON o.id = l.outcome_id
      WHERE e.status IN ('live','finished') AND ${inReach(reach, "b.user_id")}`);
    return rs.rows.map((r) => ({
      userId: String(r.user_id),
      betId: String(r.bet_id),
      oddsMilli: n(r.odds_milli),
      closingMilli: n(r.closing_milli),
      settled: r.status !== "pending",
    }));
  }

  async auditBetween(from: Date, to: Date, limit: number): Promise<AuditEntry[]> {
    const rs = await this.d.client.execute({
      sql: "SELECT * FROM audit_log WHERE created_at >= ? AND created_at < ? ORDER BY created_at, rowid LIMIT ?",
      args: [from.getTime(), to.getTime(), limit],
    });
    return rs.rows.map((r) => ({
      id: String(r.id),
      actorId: r.actor_id === null ? null : String(r.actor_id),
      actorRole: String(r.actor_role),
      action: String(r.action),
      entityType: String(r.entity_type),
      entityId: String(r.entity_id),
      before: r.before === null ? null : (JSON.parse(String(r.before)) as unknown),
      after: r.after === null ? null : (JSON.parse(String(r.after)) as unknown),
      createdAt: new Date(n(r.created_at)),
    }));
  }
}
