/** Bets in memory: placement and settlement as single all-or-nothing writes, listings, totals. */
import type { BetTotals, Bets, PlacementOutcome, PlacementPlan, SettlementPlan, SettlementRefused } from "../../domain/ports/index.ts";
import type { BetRecord } from "../../domain/shared/types.ts";
import type { BetRow } from "./rows.ts";
import { ConstraintError, jsonRoundTrip, type MemoryDatabase, type Tables } from "./store.ts";

/** Newest first: placed time descending, then the later insertion first. */
const newestFirst = (t: Tables): BetRow[] => [...t.bets.values()].map((b, i) => ({ b, i }))
  .sort((x, y) => y.b.placedAt - x.b.placedAt || y.i - x.i)
  .map((x) => x.b);

const take = <T>(xs: T[], limit: number): T[] => (limit < 0 ? xs : xs.slice(0, limit));

const PLACEMENT_REFUSALS: Record<string, PlacementOutcome> = {
  "BET.ODDS_CHANGED": { kind: "odds_changed" },
  "CHECK constraint failed: ledger_accounts_wallet_nonneg_ck": { kind: "insufficient_funds" },
  "LEDGER.UNKNOWN_ACCOUNT": { kind: "no_wallet" },
  "FOREIGN KEY constraint failed": { kind: "no_wallet" },
  "UNIQUE constraint failed: idempotency_keys": { kind: "duplicate_idempotency_key" },
};

export class MemoryBets implements Bets {
  private readonly db: MemoryDatabase;
  constructor(db: MemoryDatabase) {
    this.db = db;
  }

  /**
   * Bet, legs, stake postings and idempotency record in one write. A key already used by this
   * customer is reported first (the request is a retry; it must be answered as before, whatever
   * the prices or balance are now); then, in the order of the write: an unknown customer (no
   * wallet), a leg not at the current price of an open market of an unfinished event (all ids
   * matching), an unknown account (no wallet) or an overdraft.
   */
  async place(plan: PlacementPlan): Promise<PlacementOutcome> {
    const { bet } = plan;
    try {
      return this.db.write((t) => {
        const idemKey = plan.idempotency ? JSON.stringify([bet.userId, plan.idempotency.key]) : null;
        if (idemKey && t.idempotency.has(idemKey)) throw new ConstraintError("UNIQUE constraint failed: idempotency_keys");
        if (bet.stake <= 0) throw new ConstraintError("CHECK constraint failed: bets_stake_ck");
        t.insertUnique(t.bets, "bets.id", bet.id, {
          id: bet.id,
          userId: bet.userId,
          betType: bet.betType,
          stake: bet.stake,
          totalOddsMilli: bet.totalOddsMilli,
          potentialReturn: bet.potentialReturn,
          actualReturn: null,
          status: "pending",
          placedAt: bet.placedAt.getTime(),
          settledAt: null,
          settledBy: null,
        });
        if (!t.users.has(bet.userId)) throw new ConstraintError("FOREIGN KEY constraint failed");
        for (const l of plan.legs) {
          const o = t.outcomes.get(l.outcomeId);
          const m = o && t.markets.get(o.marketId);
          const e = m && t.events.get(m.eventId);
          // As the libSQL price guard: also not decided, not suspended, not past its start while pre-match.
          const at = bet.placedAt.getTime();
          const current = !!o && !!m && !!e && m.id === l.marketId && e.id === l.eventId &&
            o.priceMilli === l.oddsMilli && m.status === "open" && e.status !== "finished" && !o.result &&
            !(e.suspendedUntil && e.suspendedUntil > at) && !(e.status === "upcoming" && e.startTime <= at);
          if (!current) throw new ConstraintError("BET.ODDS_CHANGED");
          t.insertUnique(t.legs, "bet_legs.id", l.id, {
            id: l.id,
            betId: bet.id,
            legNo: l.legNo,
            eventId: l.eventId,
            marketId: l.marketId,
            outcomeId: l.outcomeId,
            oddsMilli: l.oddsMilli,
            result: "pending",
            eventName: l.eventName,
            marketName: l.marketName,
            selectionName: l.selectionName,
          });
        }
        t.insertLedgerTransaction(plan.stakeTransaction);
        const balance = t.accounts.get(plan.walletAccountId)?.balance ?? null;
        if (plan.idempotency && idemKey) {
          // The stored response carries the balance as it stands right after this write.
          const response = jsonRoundTrip(plan.idempotency.response);
          t.idempotency.set(idemKey, {
            userId: bet.userId,
            key: plan.idempotency.key,
            requestHash: plan.idempotency.requestHash,
            response: response !== null && typeof response === "object" && !Array.isArray(response)
              ? { ...response, balance }
              : response,
            createdAt: bet.placedAt.getTime(),
          });
        }
        return { kind: "placed", balance: balance ?? 0 };
      });
    } catch (e) {
      const refusal = e instanceof ConstraintError ? PLACEMENT_REFUSALS[e.code] : undefined;
      if (refusal) return refusal;
      throw e;
    }
  }

  async findById(id: string): Promise<BetRecord | null> {
    return this.db.read((t) => {
      const b = t.bets.get(id);
      return b ? t.toBetRecord(b) : null;
    });
  }

  async listForUser(userId: string, limit: number): Promise<BetRecord[]> {
    return this.db.read((t) => take(newestFirst(t).filter((b) => b.userId === userId), limit).map((b) => t.toBetRecord(b)));
  }

  async listAll(limit: number, status?: "pending" | "settled") {
    return this.db.read((t) =>
      take(
        newestFirst(t).filter((b) =>
          (status === "pending" ? b.status === "pending" : status === "settled" ? b.status !== "pending" : true) &&
          t.users.has(b.userId),
        ),
        limit,
      ).map((b) => {
        const u = t.users.get(b.userId)!;
        return { ...t.toBetRecord(b), customer: { firstName: u.firstName, lastName: u.lastName, email: u.email } };
      }),
    );
  }

  /**
   * Status, leg results, payout postings and audit record in one write. A bet that is not
   * pending (or does not exist) is left as it is, with no payout and no audit record.
   */
  async settle(plan: SettlementPlan): Promise<"settled" | "not_pending" | "not_found" | SettlementRefused> {
    return this.db.write((t) => applySettlement(t, plan));
  }

  async settleMany(plans: readonly SettlementPlan[]): Promise<"settled" | "conflict"> {
    try {
      // One write: a refused plan throws, and the draft with the plans before it is dropped.
      return this.db.write((t) => {
        for (const plan of plans) if (applySettlement(t, plan) !== "settled") throw new SettlementConflict();
        return "settled" as const;
      });
    } catch (e) {
      if (e instanceof SettlementConflict) return "conflict";
      throw e;
    }
  }

  async totals(): Promise<BetTotals> {
    return this.db.read((t) => {
      const out: BetTotals = {
        totalBets: 0, pendingBets: 0, wonBets: 0, lostBets: 0, voidBets: 0,
        totalStaked: 0, totalReturned: 0, settledStakes: 0, openLiability: 0,
      };
      for (const b of t.bets.values()) {
        out.totalBets += 1;
        out.totalStaked += b.stake;
        if (b.status === "pending") {
          out.pendingBets += 1;
          out.openLiability += b.potentialReturn;
          continue;
        }
        if (b.status === "won") out.wonBets += 1;
        else if (b.status === "lost") out.lostBets += 1;
        else out.voidBets += 1;
        out.totalReturned += b.actualReturn ?? 0;
        out.settledStakes += b.stake;
      }
      return out;
    });
  }
}

class SettlementConflict extends Error {}

/**
 * One settlement inside a write: nothing changes unless the bet is there and pending, and its
 * return within its potential return (the libSQL guard of migration 0026, which this fake's bets,
 * none each way, always fall under).
 */
function applySettlement(t: Tables, plan: SettlementPlan): "settled" | "not_pending" | "not_found" | SettlementRefused {
  const bet = t.bets.get(plan.betId);
  if (!bet) return "not_found";
  if (bet.status !== "pending") return "not_pending";
  if (plan.actualReturn > bet.potentialReturn) return { refused: "BET.RETURN_ABOVE_POTENTIAL" };
  Object.assign(bet, {
    status: plan.status,
    actualReturn: plan.actualReturn,
    settledAt: plan.settledAt.getTime(),
    settledBy: plan.settledBy,
  });
  for (const r of plan.legResults) {
    const leg = t.legs.get(r.legId);
    if (leg && leg.betId === plan.betId) leg.result = r.result;
  }
  if (plan.payout) t.insertLedgerTransaction(plan.payout);
  t.insertAudit(plan.audit);
  return "settled";
}
