/**
 * The RiskBook port on libSQL: the read model behind the heatmap, risk metrics, trading desk and
 * alerts engine. Reads only.
 */
import type { Reach } from "../../domain/shared/reach.ts";
import { inReach } from "./reach.ts";
import type { Client, Row } from "@libsql/client";
import type { CustomerBets, RiskBook } from "../../domain/ports/index.ts";
import type { BookBet, BookMarket } from "../../domain/risk/liability.ts";
import type { PriceMove } from "../../domain/risk/steam.ts";
import type { BettorBet } from "../../domain/risk/sharp.ts";
import type { EventStatus, MarketStatus, MarketType, SportCode } from "../../domain/shared/types.ts";
import { HOUSE_ACCOUNT } from "../../domain/wallet/ledger.ts";
import { DEMO_TX_IDS, realCustomer, realMoney } from "./real-money.ts";
import { EVENT_LIMIT_SQL } from "./event-limits.ts";
const MARKET_SELECT = `SELECT m.id, m.event_id, e.name AS event_name, e.status AS event_status, e.sport, s.name AS sport_name,
    e.home_team, e.away_team, e.start_time, m.type, m.name, m.status, m.liability_limit, m.updated_at, ${EVENT_LIMIT_SQL("e")} AS event_limit,
    o.id AS outcome_id, o.name AS outcome_name, o.price_milli
  FROM markets m JOIN events e ON e.id = m.event_id JOIN sports s ON s.code = e.sport
  LEFT JOIN outcomes o ON o.market_id = m.id`;

const BET_KINDS = "('bet_stake','bet_payout','bet_refund','bet_resettlement','cash_out')";

function toMarkets(rows: Row[]): BookMarket[] {
  const out = new Map<string, BookMarket>();
  for (const r of rows) {
    const id = String(r.id);
    let m = out.get(id);
    if (!m) {
      m = {
        id,
        eventId: String(r.event_id),
        eventName: String(r.event_name),
        eventStatus: r.event_status as EventStatus,
        sport: r.sport as SportCode,
        sportName: String(r.sport_name),
        homeTeam: String(r.home_team),
        awayTeam: String(r.away_team),
        startTime: new Date(Number(r.start_time)),
        type: r.type as MarketType,
        name: String(r.name),
        status: r.status as MarketStatus,
        liabilityLimit: Number(r.liability_limit),
        eventLiabilityLimit: Number(r.event_limit),
        updatedAt: new Date(Number(r.updated_at)),
        outcomes: [],
      };
      out.set(id, m);
    }
    if (r.outcome_id !== null) m.outcomes.push({ id: String(r.outcome_id), name: String(r.outcome_name), priceMilli: Number(r.price_milli) });
  }
  return [...out.values()];
}

export class LibsqlRiskBook implements RiskBook {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async openMarkets(): Promise<BookMarket[]> {
    // Open and suspended markets of unfinished events, any market that still has a pending leg of a
    // pending bet (e.g. an event that finished but is not settled yet), and any market whose
    // outcomes still hold liability in the real book (a pending multiple's decided leg): its
    // liability is real until the bets settle.
    const rs = await this.client.execute(
      `${MARKET_SELECT}
       WHERE (m.status IN ('open','suspended') AND e.status <> 'finished')
          OR EXISTS (SELECT 1 FROM bet_legs l JOIN bets b ON b.id = l.bet_id
                     WHERE l.market_id = m.id AND l.result = 'pending' AND b.status = 'pending' AND ${realCustomer("b.user_id")})
          OR EXISTS (SELECT 1 FROM outcome_liability ol WHERE ol.market_id = m.id AND ol.demo = 0 AND ol.liability <> 0)
       ORDER BY e.start_time, e.id, m.sort_order, m.id, o.sort_order`,
    );
    return toMarkets(rs.rows);
  }

  async marketsByIds(ids: readonly string[]): Promise<BookMarket[]> {
    if (ids.length === 0) return [];
    const rs = await this.client.execute({
      sql: `${MARKET_SELECT} WHERE m.id IN (${ids.map(() => "?").join(",")}) ORDER BY e.start_time, e.id, m.sort_order, m.id, o.sort_order`,
      args: [...ids],
    });
    return toMarkets(rs.rows);
  }

  private async betsWhere(where: string, args: (string | number)[]): Promise<(BookBet & { settledAt: Date | null })[]> {
    const [bets, legs] = await Promise.all([
      this.client.execute({
        sql: `SELECT b.id, b.user_id, b.bet_type, b.stake, b.potential_return, b.placed_at, b.settled_at FROM bets b WHERE ${where}`,
        args,
      }),
      this.client.execute({
        sql: `SELECT l.bet_id, l.market_id, l.outcome_id, l.odds_milli, l.result FROM bet_legs l JOIN bets b ON b.id = l.bet_id
              WHERE ${where} ORDER BY l.bet_id, l.leg_no`,
        args,
      }),
    ]);
    const byBet = new Map<string, BookBet["legs"]>();
    for (const l of legs.rows) {
      const list = byBet.get(String(l.bet_id)) ?? [];
      list.push({
        marketId: String(l.market_id),
        outcomeId: String(l.outcome_id),
        oddsMilli: Number(l.odds_milli),
        result: l.result as BookBet["legs"][number]["result"],
      });
      byBet.set(String(l.bet_id), list);
    }
    return bets.rows.map((b) => ({
      id: String(b.id),
      userId: String(b.user_id),
      betType: b.bet_type as BookBet["betType"],
      stake: Number(b.stake),
      potentialReturn: Number(b.potential_return),
      placedAt: new Date(Number(b.placed_at)),
      settledAt: b.settled_at === null ? null : new Date(Number(b.settled_at)),
      legs: byBet.get(String(b.id)) ?? [],
    }));
  }

  // The book operators see: real customers' bets only (the placement write's own liability guard
  // still counts demo bets; see real-money.ts).
  openBets(): Promise<BookBet[]> {
    return this.betsWhere(`b.status = 'pending' AND ${realCustomer("b.user_id")}`, []);
  }

  betsOpenSince(from: Date) {
    return this.betsWhere(`(b.status = 'pending' OR b.settled_at > ?) AND ${realCustomer("b.user_id")}`, [from.getTime()]);
  }

  async customerBets(now: Date, reach: Reach): Promise<CustomerBets[]> {
    const [users, bets, legs] = await Promise.all([
      this.client.execute(`SELECT u.id, u.first_name, u.last_name, u.email, u.is_active, COALESCE(f.factor_bp, 10000) / 100.0 AS factor_pct
        FROM users u LEFT JOIN customer_stake_factors f ON f.user_id = u.id
        WHERE u.role = 'customer' AND ${inReach(reach, "u.id")} AND EXISTS (SELECT 1 FROM bets b WHERE b.user_id = u.id) ORDER BY u.created_at, u.id`),
      this.client.execute(`SELECT id, user_id, stake, status, actual_return, placed_at FROM bets WHERE ${inReach(reach, "user_id")} ORDER BY placed_at, id`),
      // The closing price: the outcome's price when its market closed (its last update then), or
      // now while it is open: the last recorded change at or before that moment, else the price
      // before the first later change, else the current price (it never moved).
      this.client.execute({
        sql: `SELECT l.bet_id, l.odds_milli,
                COALESCE(
                  (SELECT pc.new_price_milli FROM price_changes pc
                    WHERE pc.outcome_id = l.outcome_id AND pc.changed_at <= CASE WHEN m.status = 'closed' THEN m.updated_at ELSE ? END
                    ORDER BY pc.changed_at DESC, pc.id DESC LIMIT 1),
                  (SELECT pc.old_price_milli FROM price_changes pc
                    WHERE pc.outcome_id = l.outcome_id AND pc.changed_at > CASE WHEN m.status = 'closed' THEN m.updated_at ELSE ? END
                    ORDER BY pc.changed_at ASC, pc.id ASC LIMIT 1),
                  o.price_milli) AS closing_milli
              FROM bet_legs l JOIN outcomes o ON o.id = l.outcome_id JOIN markets m ON m.id = l.market_id
              ORDER BY l.bet_id, l.leg_no`,
        args: [now.getTime(), now.getTime()],
      }),
    ]);
    const legsByBet = new Map<string, BettorBet["legs"]>();
    for (const l of legs.rows) {
      const list = legsByBet.get(String(l.bet_id)) ?? [];
      list.push({ placedMilli: Number(l.odds_milli), closingMilli: l.closing_milli === null ? null : Number(l.closing_milli) });
      legsByBet.set(String(l.bet_id), list);
    }
    const betsByUser = new Map<string, BettorBet[]>();
    for (const b of bets.rows) {
      const list = betsByUser.get(String(b.user_id)) ?? [];
      list.push({
        stake: Number(b.stake),
        status: b.status as BettorBet["status"],
        actualReturn: b.actual_return === null ? null : Number(b.actual_return),
        placedAt: new Date(Number(b.placed_at)),
        legs: legsByBet.get(String(b.id)) ?? [],
      });
      betsByUser.set(String(b.user_id), list);
    }
    return users.rows.map((u) => ({
      userId: String(u.id),
      firstName: String(u.first_name),
      lastName: String(u.last_name),
      email: String(u.email),
      isActive: Number(u.is_active) === 1,
      stakeFactorPct: Number(u.factor_pct),
      bets: betsByUser.get(String(u.id)) ?? [],
    }));
  }

  async outcomeLiabilities(): Promise<Map<string, number>> {
    // The same rows the placement write's trigger adds to and checks (migration 0049), real book only.
    const rs = await this.client.execute("SELECT outcome_id, liability FROM outcome_liability WHERE demo = 0 AND liability <> 0");
    return new Map(rs.rows.map((r) => [String(r.outcome_id), Number(r.liability)]));
  }

  async priceMoves(since: Date): Promise<PriceMove[]> {
    const rs = await this.client.execute({
      sql: `SELECT id, outcome_id, market_id, old_price_milli, new_price_milli, changed_at FROM price_changes
            WHERE changed_at >= ? ORDER BY changed_at, id`,
      args: [since.getTime()],
    });
    return rs.rows.map((r) => ({
      id: Number(r.id),
      outcomeId: String(r.outcome_id),
      marketId: String(r.market_id),
      oldMilli: Number(r.old_price_milli),
      newMilli: Number(r.new_price_milli),
      at: new Date(Number(r.changed_at)),
    }));
  }

  /** The house balance without demo activity: its balance less its postings in transactions that move demo money. */
  async houseBalance(): Promise<number> {
    const rs = await this.client.execute({
      sql: `SELECT a.balance - COALESCE((SELECT SUM(p.amount) FROM ledger_postings p
              WHERE p.account_id = a.id AND p.transaction_id IN (${DEMO_TX_IDS})), 0) AS balance
            FROM ledger_accounts a WHERE a.id = ?`,
      args: [HOUSE_ACCOUNT],
    });
    return Number(rs.rows[0]?.balance ?? 0);
  }

  async bankrollBase(): Promise<number> {
    const rs = await this.client.execute("SELECT value FROM risk_settings WHERE key = 'bankroll_base'");
    return Number(rs.rows[0]?.value ?? 0);
  }

  async houseResultFromBets(from: Date, to: Date): Promise<number> {
    const rs = await this.client.execute({
      sql: `SELECT COALESCE(SUM(p.amount), 0) AS s FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
            WHERE p.account_id = ? AND t.kind IN ${BET_KINDS} AND t.created_at >= ? AND t.created_at < ? AND ${realMoney("t.id")}`,
      args: [HOUSE_ACCOUNT, from.getTime(), to.getTime()],
    });
    return Number(rs.rows[0].s);
  }

  async settledTotals(window?: { from: Date; to: Date }): Promise<{ stakes: number; returns: number }> {
    const rs = await this.client.execute({
      sql: `SELECT COALESCE(SUM(stake), 0) AS stakes, COALESCE(SUM(actual_return), 0) AS returns FROM bets
            WHERE status <> 'pending' AND ${realCustomer("user_id")} ${window ? "AND settled_at >= ? AND settled_at < ?" : ""}`,
      args: window ? [window.from.getTime(), window.to.getTime()] : [],
    });
    return { stakes: Number(rs.rows[0].stakes), returns: Number(rs.rows[0].returns) };
  }
}
