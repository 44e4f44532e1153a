/** How the fraud screen words a rule's precision and an alert's verdict. */
import type { FraudResolution, FraudRulePrecision } from "../../../../../api/schemas/fraud.ts";

/** "67%" for 2 confirmed of 3 verdicts; "—" before any verdict. */
export const formatPrecision = (p: Pick<FraudRulePrecision, "precision">): string =>
  p.precision === null ? "—" : `${Math.round(p.precision * 100)}%`;

export const ruleName = (alertType: string): string => {
  const words = alertType.replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
};

export const VERDICT_LABEL: Record<FraudResolution, string> = {
  confirmed: "Confirmed",
  false_positive: "False positive",
  resolved: "Resolved",
};
