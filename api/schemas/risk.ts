/**
 * Risk: the heatmap and the risk-management figures, computed by
 * the liability engine in domain/risk/liability.ts from open (pending) bets and current prices.
 *
 * Conventions used by every risk and trading schema:
 * - Money is integer cents.
 * - Every ratio is a PERCENT number 0..100 (2 decimals), e.g. margin 4.76 means 4.76 %.
 * - payout owed on an outcome = what the house pays if that outcome wins (singles fully; a multiple
 *   counts its full potential return on each of its still-open legs' outcomes).
 * - liability (of a market) = max(0, max over outcomes of (payout owed - stakes taken)): the worst
 *   case net loss. exposure (of a market) = max over outcomes of payout owed: the worst case gross
 *   payout. Events, sports and market types sum their markets.
 * - riskValue 0..100 = max(liability as a percent of the limit, 20 x log10(1 + liability in whole
 *   currency units)), clamped to 0..100 (100.00 of liability scores 40, 1,000.00 scores 60,
 *   10,000.00 scores 80, 100,000.00 or more 100). Bands (spec): > 80 critical, > 60 high,
 *   > 40 medium, > 20 low, else minimal.
 */
import { z } from "@hono/zod-openapi";
import { Cents, IsoDate, OddsString, RiskLevel } from "./common.ts";
import { MarketStatus, MarketType } from "./events.ts";

export const HeatmapRange = z.enum(["1h", "24h", "7d"]);
export type HeatmapRange = z.infer<typeof HeatmapRange>;

/** The spec's rows and columns, in order. */
export const HEATMAP_ROWS = ["Soccer", "Tennis", "Basketball", "Racing", "Rugby", "Cricket"] as const;
export const HEATMAP_COLUMNS = ["FT Win", "O/U", "Handicap", "Player", "Parlay"] as const;
export const HeatmapRow = z.enum(HEATMAP_ROWS);
export const HeatmapColumn = z.enum(HEATMAP_COLUMNS);

export const RiskBand = z
  .enum(["critical", "high", "medium", "low", "minimal"])
  .openapi({ description: "Colour band of a riskValue: > 80 critical, > 60 high, > 40 medium, > 20 low, else minimal" });
export type RiskBand = z.infer<typeof RiskBand>;

export const RiskHeatmapQuery = z.object({
  range: HeatmapRange.default("24h").openapi({
    param: { name: "range", in: "query" },
    description: "Only open bets placed within this window count (default 24h)",
  }),
});

export const HeatmapCell = z
  .object({
    sport: HeatmapRow,
    market: HeatmapColumn,
    riskValue: z.number().int().min(0).max(100),
    band: RiskBand,
    exposure: Cents.openapi({ description: "Sum of the cell's markets' worst-case gross payout" }),
    liability: Cents.openapi({
      description:
        "FT Win, O/U, Handicap: the sum of the cell's markets' liabilities now, each at its worst outcome (the running totals placement " +
        "enforces, as on the risk tab and the desk); Parlay: the sum of its multiples' potential return - stake",
    }),
    activeBets: z.number().int(),
    averageStake: Cents,
    maxPayout: Cents.openapi({ description: "Largest potential return of one bet in the cell" }),
    margin: z.number().openapi({ description: "Average overround of the cell's open markets, percent" }),
    marketIds: z.array(z.string()).openapi({
      description: "Markets behind the cell (with bets first); Parlay cells list the markets the multiples' open legs are on",
    }),
  })
  .openapi("HeatmapCell");
export type HeatmapCell = z.infer<typeof HeatmapCell>;

export const RiskHeatmap = z
  .object({
    range: HeatmapRange,
    rows: z.array(HeatmapRow),
    columns: z.array(HeatmapColumn),
    /**
     * Row mapping: Soccer = soccer, Tennis = tennis, Basketball = basketball, Racing = racing,
     * Rugby = nrl (rugby league), Cricket = cricket. Columns: FT Win = full_time_result,
     * O/U = over_under, Handicap = handicap (singles only), Player = player markets (none are
     * offered, so always 0), Parlay = multiples whose first pending leg is in that sport.
     */
    cells: z.array(HeatmapCell),
    generatedAt: IsoDate,
  })
  .openapi("RiskHeatmap");
export type RiskHeatmap = z.infer<typeof RiskHeatmap>;

/** One outcome of a market in the book (docs/money.md "Liability"): every outcome, draw and runners included. */
export const OutcomeExposure = z
  .object({
    outcomeId: z.string(),
    name: z.string().openapi({ description: "The outcome's own name (a racing runner, Draw, Over 2.5...)" }),
    odds: OddsString.openapi({ description: "The outcome's current decimal price" }),
    stakes: Cents.openapi({ description: "Stakes of the open bets counted on this outcome" }),
    payout: Cents.openapi({ description: "What the book pays if this outcome wins (bets counted on it, each once)" }),
    net: z.number().int().openapi({ description: "payout - stakes taken on the market (negative: the book wins)" }),
    liability: Cents.openapi({
      description: "The outcome's liability: pending bets with a leg on it, potential return - stake each (a multiple on every outcome it touches); what placement checks against the market's limit",
    }),
  })
  .openapi("OutcomeExposure");

export const MarketRisk = z
  .object({
    marketId: z.string(),
    eventId: z.string(),
    eventName: z.string(),
    sport: z.string().openapi({ description: "Sport display name" }),
    marketName: z.string(),
    marketType: MarketType,
    status: MarketStatus,
    payout: Cents.openapi({ description: "Paid out if every open bet counted here wins (sum of the outcome payouts)" }),
    exposure: Cents.openapi({ description: "The largest outcome payout: the worst case" }),
    liability: Cents.openapi({ description: "The market's largest outcome liability: the figure placement checks against its limit" }),
    outcomes: z.array(OutcomeExposure),
    limit: Cents.openapi({ description: "Per-market liability limit (default 200000000 = 2,000,000.00)" }),
    limitUsage: z.number().openapi({ description: "liability / limit, percent (spec colours: >= 90 red, >= 70 yellow)" }),
    eventLimit: z
      .object({ liability: Cents, limit: Cents, limitUsage: z.number() })
      .nullable()
      .openapi({ description: "The market's event: the sum of its markets' worst outcomes against the event's own limit (BET.EVENT_LIMIT), as the desk shows it" }),
    volume: Cents.openapi({ description: "Stakes of open bets on this market" }),
    activeBets: z.number().int(),
    riskValue: z.number().int().min(0).max(100),
    riskLevel: RiskLevel,
    margin: z.number().openapi({ description: "Overround of the current prices, percent" }),
    lastUpdate: IsoDate,
  })
  .openapi("MarketRisk");
export type MarketRisk = z.infer<typeof MarketRisk>;

export const CustomerRisk = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    isActive: z.boolean(),
    totalStaked: Cents,
    winRate: z.number().openapi({ description: "Won / (won + lost) settled bets, percent" }),
    sharpScore: z.number().int().min(0).max(100).openapi({ description: "The sharp score (domain/risk/sharp.ts), the same as /api/trading/sharp-bettors" }),
    riskScore: z.number().int().min(0).max(100).openapi({ description: "Deprecated: the sharp score raised to 70 when the win rate is over 65 % on 5+ settled bets (use sharpScore and the high_win_rate flag)" }),
    flags: z.array(z.enum(["high_win_rate", "sharp", "beats_closing_line", "large_stakes", "limited", "suspended"])),
    lastActivity: IsoDate.nullable(),
    stakeFactor: z.number().openapi({ description: "0.01..1; placement allows at most the max stake x this factor" }),
  })
  .openapi("CustomerRisk");
export type CustomerRisk = z.infer<typeof CustomerRisk>;

export const ExposureGroup = z
  .object({
    key: z.string().openapi({ description: "Sport display name, or market type" }),
    markets: z.number().int(),
    activeBets: z.number().int().openapi({ description: "Bets counted in the group's markets (a multiple counts once, in the market of its first pending leg)" }),
    volume: Cents,
    exposure: Cents,
    liability: Cents.openapi({ description: "Sum of the group's market liabilities, each market at its worst outcome" }),
    riskValue: z.number().int().min(0).max(100),
  })
  .openapi("ExposureGroup");

export const RiskPoint = z
  .object({ at: IsoDate, exposure: Cents, liability: Cents })
  .openapi("RiskPoint");

export const RiskMetrics = z
  .object({
    totalPayout: Cents.openapi({ description: "Potential payout: paid out if every open bet wins (each bet once); equals the dashboard's potentialPayout" }),
    totalExposure: Cents,
    totalLiability: Cents.openapi({ description: "Sum of the market liabilities, each market at its worst outcome (what the limits are checked against)" }),
    profitMargin: z.number().openapi({ description: "Stake-weighted overround of open markets with bets (plain mean if none), percent" }),
    activeAlerts: z.number().int().openapi({ description: "Unacknowledged trading alerts" }),
    dailyExposureLimit: Cents.openapi({ description: "Spec constant 15M (display only)" }),
    markets: z.array(MarketRisk).openapi({ description: "Markets with open bets (open, suspended, or closed awaiting settlement), highest risk first (max 50)" }),
    bySport: z.array(ExposureGroup).openapi({ description: "Exposure and liability per sport, largest liability first" }),
    byMarketType: z.array(ExposureGroup).openapi({ description: "Exposure and liability per market type, largest liability first" }),
    customers: z.array(CustomerRisk).openapi({ description: "Customers with bets, highest risk first (max 50)" }),
    series: z.array(RiskPoint).openapi({ description: "Exposure and liability of the book at each of the last 24 hours (replayed from bets)" }),
    generatedAt: IsoDate,
  })
  .openapi("RiskMetrics");
export type RiskMetrics = z.infer<typeof RiskMetrics>;
