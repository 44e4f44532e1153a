/**
 * A bet's risk profile for the operator: how much the house stands to lose on it (potential
 * return minus stake), on a logarithmic 0..100 score. 100.00 of liability scores 50, 1,000.00
 * scores 75, 10,000.00 or more scores 100.
 */
import type { Cents } from "../shared/money.ts";

import type { RiskLevel } from "../shared/risk-level.ts";

export function betRiskProfile(stake: Cents, potentialReturn: Cents): { riskLevel: RiskLevel; riskScore: number } {
  const liability = Math.max(0, potentialReturn - stake);
  const score = Math.min(100, Math.round(25 * Math.log10(1 + liability / 100)));
  const riskLevel: RiskLevel = score >= 100 ? "critical" : score >= 75 ? "high" : score >= 50 ? "medium" : "low";
  return { riskLevel, riskScore: score };
}
