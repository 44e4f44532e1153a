/**
 * User list filtering (client side, the product spec's rules): case-insensitive search on the email or
 * "first last"; status active = isActive, suspended = not; KYC by verification level, with the
 * same meaning the server gives the kyc filter (verified = full, basic = basic, pending = basic or
 * pending, rejected = none or rejected). Stat figures follow the product spec's business constants.
 */
import type { AdminUser } from "../../../../../api/schemas/users.ts";

export type StatusFilter = "all" | "active" | "suspended";
export type KycFilter = "all" | "verified" | "basic" | "pending" | "rejected";

const KYC_LEVELS: Record<Exclude<KycFilter, "all">, readonly string[]> = {
  verified: ["full"],
  basic: ["basic"],
  pending: ["basic", "pending"],
  rejected: ["none", "rejected"],
};

export function filterUsers(users: readonly AdminUser[], search: string, status: StatusFilter, kyc: KycFilter): AdminUser[] {
  const q = search.trim().toLowerCase();
  return users.filter((u) => {
    if (q) {
      const name = `${u.firstName} ${u.lastName}`.toLowerCase();
      if (!u.email.toLowerCase().includes(q) && !name.includes(q)) return false;
    }
    if (status === "active" && !u.isActive) return false;
    if (status === "suspended" && u.isActive) return false;
    if (kyc !== "all" && !KYC_LEVELS[kyc].includes(u.verificationLevel)) return false;
    return true;
  });
}

export function isHighRisk(u: Pick<AdminUser, "riskProfile">): boolean {
  return u.riskProfile.riskLevel === "high" || u.riskProfile.riskLevel === "critical";
}

export function percent(part: number, total: number): number {
  return total > 0 ? Math.round((part / total) * 100) : 0;
}

export function displayUserName(u: Pick<AdminUser, "firstName" | "lastName" | "email">): string {
  const n = `${u.firstName} ${u.lastName}`.trim();
  return n || u.email;
}
