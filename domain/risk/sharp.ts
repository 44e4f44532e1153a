/**
 * Sharp tracking: how well a customer bets, from their real bets.
 *
 * - closing-line value (CLV) of a leg: placed odds / closing odds - 1, as a percent. The closing
 *   odds are the outcome's price when its market closed (or now, while it is still open). A bettor
 *   who keeps getting better prices than the market ends at is "sharp". A customer's CLV is the
 *   mean over their legs.
 * - win rate: won / (won + lost) settled bets, percent (void and cashed-out bets do not count).
 * - profit: returns - stakes over settled bets, from the customer's side (positive = they are up).
 * - ROI: profit / settled stakes, percent.
 *
 * Sharp score, 0..100:
 *   confidence x ( 4 x clamp(CLV, 0, 10)            up to 40 points
 *                + clamp(win rate - 50, 0, 30)        up to 30 points
 *                + clamp(ROI, 0, 30) )                up to 30 points
 *   where confidence = min(1, total bets / 10), so a handful of lucky bets cannot score high.
 * Levels: >= 80 critical, >= 60 high, >= 40 medium, else low. 60 or more counts as sharp money.
 */
import type { Cents } from "../shared/money.ts";
import type { OddsMilli } from "../shared/odds.ts";
import type { RiskLevel } from "../shared/risk-level.ts";

export const SHARP_THRESHOLD = 60;
/** The product spec's customer win rate alert: 65 %. */
export const WIN_RATE_ALERT = 65;

export interface BettorLeg {
  placedMilli: OddsMilli;
  /** The price at the market's close (or now); null when unknown. */
  closingMilli: OddsMilli | null;
}
export interface BettorBet {
  stake: Cents;
  status: "pending" | "won" | "lost" | "void" | "cashed_out";
  actualReturn: Cents | null;
  placedAt: Date;
  legs: BettorLeg[];
}

export interface BettorSummary {
  totalBets: number;
  settledBets: number;
  won: number;
  lost: number;
  winRate: number;
  avgStake: Cents;
  totalStaked: Cents;
  profit: Cents;
  roi: number;
  clv: number;
  lastBet: Date | null;
  sharpScore: number;
  riskLevel: RiskLevel;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));

/** Mean CLV of the legs with a known closing price, percent (2 decimals); 0 when none. */
export function closingLineValue(legs: readonly BettorLeg[]): number {
  const known = legs.filter((l) => l.closingMilli !== null && l.closingMilli > 0);
  if (known.length === 0) return 0;
  const sum = known.reduce((s, l) => s + (l.placedMilli / l.closingMilli! - 1) * 100, 0);
  return round2(sum / known.length);
}

export function sharpScore(input: { clv: number; winRate: number; roi: number; totalBets: number; decidedBets: number }): number {
  const confidence = Math.min(1, input.totalBets / 10);
  const clvPoints = 4 * clamp(input.clv, 0, 10);
  const winPoints = input.decidedBets > 0 ? clamp(input.winRate - 50, 0, 30) : 0;
  const roiPoints = clamp(input.roi, 0, 30);
  return Math.round(clamp(confidence * (clvPoints + winPoints + roiPoints), 0, 100));
}

export function sharpLevel(score: number): RiskLevel {
  if (score >= 80) return "critical";
  if (score >= 60) return "high";
  if (score >= 40) return "medium";
  return "low";
}

export function summarizeBettor(bets: readonly BettorBet[]): BettorSummary {
  const settled = bets.filter((b) => b.status !== "pending");
  const won = bets.filter((b) => b.status === "won").length;
  const lost = bets.filter((b) => b.status === "lost").length;
  const totalStaked = bets.reduce((s, b) => s + b.stake, 0);
  const settledStakes = settled.reduce((s, b) => s + b.stake, 0);
  const profit = settled.reduce((s, b) => s + (b.actualReturn ?? 0) - b.stake, 0);
  const winRate = won + lost > 0 ? round2((100 * won) / (won + lost)) : 0;
  const roi = settledStakes > 0 ? round2((100 * profit) / settledStakes) : 0;
  const clv = closingLineValue(bets.flatMap((b) => b.legs));
  const score = sharpScore({ clv, winRate, roi, totalBets: bets.length, decidedBets: won + lost });
  const last = bets.reduce<Date | null>((m, b) => (m === null || b.placedAt > m ? b.placedAt : m), null);
  return {
    totalBets: bets.length,
    settledBets: settled.length,
    won,
    lost,
    winRate,
    avgStake: bets.length > 0 ? Math.floor(totalStaked / bets.length) : 0,
    totalStaked,
    profit,
    roi,
    clv,
    lastBet: last,
    sharpScore: score,
    riskLevel: sharpLevel(score),
  };
}
