import { describe, expect, it } from "vitest";
import type { AdminUser } from "../../../../../api/schemas/users.ts";
import { displayUserName, filterUsers, isHighRisk, percent } from "./user-filter.ts";

function user(p: Partial<AdminUser>): AdminUser {
  return {
    id: "u", email: "a@example.com", firstName: "Ann", lastName: "Lee", role: "customer", isActive: true, isDemo: false,
    balance: 0, hasWallet: true, createdAt: "2026-01-01T00:00:00.000Z", verificationLevel: "full", kycStatus: "verified",
    riskProfile: { riskLevel: "low", riskScore: 0 }, ...p,
  };
}

const users = [
  user({ id: "1", email: "jack@example.com", firstName: "Jack", lastName: "Thompson", verificationLevel: "full" }),
  user({ id: "2", email: "olivia@example.com", firstName: "Olivia", lastName: "Nguyen", isActive: false, verificationLevel: "basic" }),
  user({ id: "3", email: "liam@example.com", firstName: "Liam", lastName: "O'Brien", verificationLevel: "none", riskProfile: { riskLevel: "critical", riskScore: 91 } }),
  user({ id: "4", email: "noah@example.com", firstName: "Noah", lastName: "Patel", verificationLevel: "pending" }),
];

describe("user filtering", () => {
  it("searches email or 'first last', case-insensitively", () => {
    expect(filterUsers(users, "JACK T", "all", "all").map((u) => u.id)).toEqual(["1"]);
    expect(filterUsers(users, "example.com", "all", "all")).toHaveLength(4);
    expect(filterUsers(users, "nguyen", "all", "all").map((u) => u.id)).toEqual(["2"]);
    expect(filterUsers(users, "zzz", "all", "all")).toEqual([]);
  });

  it("filters by status", () => {
    expect(filterUsers(users, "", "suspended", "all").map((u) => u.id)).toEqual(["2"]);
    expect(filterUsers(users, "", "active", "all").map((u) => u.id)).toEqual(["1", "3", "4"]);
  });

  it("filters by KYC the way the server does", () => {
    expect(filterUsers(users, "", "all", "verified").map((u) => u.id)).toEqual(["1"]);
    expect(filterUsers(users, "", "all", "basic").map((u) => u.id)).toEqual(["2"]);
    expect(filterUsers(users, "", "all", "pending").map((u) => u.id)).toEqual(["2", "4"]);
    expect(filterUsers(users, "", "all", "rejected").map((u) => u.id)).toEqual(["3"]);
  });

  it("counts high risk as high or critical, and percents of a total", () => {
    expect(users.filter(isHighRisk).map((u) => u.id)).toEqual(["3"]);
    expect(percent(1, 4)).toBe(25);
    expect(percent(1, 0)).toBe(0);
    expect(displayUserName(user({ firstName: "", lastName: "", email: "x@y.z" }))).toBe("x@y.z");
  });
});
