/**
 * The one risk scale the house uses for customers and bets (fraud risk profiles, a bet's risk
 * profile, the trading desk's liability bands). Each context maps its own score onto it.
 */
export type RiskLevel = "low" | "medium" | "high" | "critical";
