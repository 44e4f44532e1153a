/**
 * KYC as the admin console shows it (the product spec's display mapping): full is shown as verified, basic as pending,
 * anything else as rejected. The list filter works on the stored level:
 * verified = full, basic = basic, pending = basic or pending, rejected = none or rejected.
 */
export type KycStatus = "verified" | "pending" | "rejected";

export const kycStatusOf = (verificationLevel: string): KycStatus =>
  verificationLevel === "full" ? "verified" : verificationLevel === "basic" ? "pending" : "rejected";

export type KycFilter = "verified" | "basic" | "pending" | "rejected";

export const levelsForKycFilter = (f: KycFilter): string[] =>
  f === "verified" ? ["full"] : f === "basic" ? ["basic"] : f === "pending" ? ["basic", "pending"] : ["none", "rejected"];
