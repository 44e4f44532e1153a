/** The fraud rules' alert vocabulary, shared by the rules engine, the FraudRecords port and its adapters. */
export type FraudAlertType = "rapid_betting" | "stake_spike" | "deposit_withdrawal" | "shared_address" | "bonus_abuse" | "large_first_bet" | "manual_flag";
export type FraudSeverity = "critical" | "high" | "medium" | "low";
