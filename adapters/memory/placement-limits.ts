/**
 * Placement limits in memory: the same figures as the libSQL adapter, computed from the stored
 * bets (every market at the default liability limit; no stake factors or payout settings are
 * stored here, so the defaults apply).
 */
import type { PlacementLimits } from "../../domain/ports/index.ts";
import {
  DEFAULT_MAX_PAYOUT_PER_BET, DEFAULT_MAX_PAYOUT_PER_DAY, FULL_STAKE_FACTOR_BP, type PlacementExposure,
} from "../../domain/betting/placement-limits.ts";
import type { MemoryDatabase } from "./store.ts";

export const MEMORY_LIABILITY_LIMIT = 200_000_000;

export class MemoryPlacementLimits implements PlacementLimits {
  private readonly db: MemoryDatabase;
  constructor(db: MemoryDatabase) {
    this.db = db;
  }

  async exposure(userId: string, outcomeIds: readonly string[], since: Date): Promise<PlacementExposure> {
    return this.db.read((t) => {
      const bets = [...t.bets.values()];
      const legs = [...t.legs.values()];
      // The bettor's book only (real or demo), as the libSQL adapter's outcome_liability rows are kept.
      const demo = t.users.get(userId)?.isDemo ?? false;
      const inBook = (uid: string) => (t.users.get(uid)?.isDemo ?? false) === demo;
      const pending = new Map(bets.filter((b) => b.status === "pending" && inBook(b.userId)).map((b) => [b.id, b]));
      return {
        stakeFactorBp: FULL_STAKE_FACTOR_BP,
        maxPayoutPerBet: DEFAULT_MAX_PAYOUT_PER_BET,
        maxPayoutPerDay: DEFAULT_MAX_PAYOUT_PER_DAY,
        returnsInWindow: bets
          .filter((b) => b.userId === userId && b.placedAt > since.getTime() && b.status !== "void")
          .reduce((s, b) => s + b.potentialReturn, 0),
        outcomes: outcomeIds
          .filter((id) => t.outcomes.has(id))
          .map((outcomeId) => ({
            outcomeId,
            limit: MEMORY_LIABILITY_LIMIT,
            liability: legs
              .filter((l) => l.outcomeId === outcomeId && pending.has(l.betId))
              .reduce((s, l) => s + pending.get(l.betId)!.potentialReturn - pending.get(l.betId)!.stake, 0),
          })),
      };
    });
  }
}
