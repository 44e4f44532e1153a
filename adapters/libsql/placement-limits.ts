/**
 * What placement reads to check its limits (domain/betting/placement-limits.ts): the customer's
 * stake factor, each slip outcome's running liability (outcome_liability, kept by the triggers of
 * migration 0026) with its market's limit, the payout settings and the customer's potential returns
 * in the payout window. The placement write re-checks liability and payout in its triggers.
 */
import type { Client } from "@libsql/client";
import type { PlacementLimits } from "../../domain/ports/index.ts";
import {
  DEFAULT_MAX_PAYOUT_PER_BET, DEFAULT_MAX_PAYOUT_PER_DAY, FULL_STAKE_FACTOR_BP, type PlacementExposure,
} from "../../domain/betting/placement-limits.ts";

export class LibsqlPlacementLimits implements PlacementLimits {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async exposure(userId: string, outcomeIds: readonly string[], since: Date): Promise<PlacementExposure> {
    const marks = outcomeIds.map(() => "?").join(",");
    const [head, outcomes] = await this.client.batch(
      [
        {
          sql: `SELECT
                  (SELECT factor_bp FROM customer_stake_factors WHERE user_id = ?) AS factor_bp,
                  (SELECT value FROM risk_settings WHERE key = 'max_payout_per_bet') AS per_bet,
                  (SELECT value FROM risk_settings WHERE key = 'max_payout_per_day') AS per_day,
                  (SELECT COALESCE(SUM(total), 0) FROM customer_payout_hours WHERE user_id = ? AND hour >= ?) AS returns`,
          // The hourly totals of migration 0034: the hour of \`since\` onwards (the write's trigger
          // reads the same hours, so the use case and the write agree).
          args: [userId, userId, Math.floor(since.getTime() / 3_600_000)],
        },
        {
          sql: `SELECT o.id AS outcome_id, COALESCE(l.liability, 0) AS liability, m.liability_limit
                FROM outcomes o JOIN markets m ON m.id = o.market_id LEFT JOIN outcome_liability l ON l.outcome_id = o.id
                WHERE o.id IN (${marks})`,
          args: [...outcomeIds],
        },
      ],
      "read",
    );
    const h = head.rows[0];
    return {
      stakeFactorBp: h.factor_bp === null ? FULL_STAKE_FACTOR_BP : Number(h.factor_bp),
      maxPayoutPerBet: h.per_bet === null ? DEFAULT_MAX_PAYOUT_PER_BET : Number(h.per_bet),
      maxPayoutPerDay: h.per_day === null ? DEFAULT_MAX_PAYOUT_PER_DAY : Number(h.per_day),
      returnsInWindow: Number(h.returns),
      outcomes: outcomes.rows.map((r) => ({ outcomeId: String(r.outcome_id), liability: Number(r.liability), limit: Number(r.liability_limit) })),
    };
  }
}
