import { describe, expect, it } from "vitest";
import { kycStatusOf, levelsForKycFilter } from "./kyc.ts";

describe("KYC display mapping and filters", () => {
  it("shows full as verified, basic as pending and anything else as rejected", () => {
    expect(kycStatusOf("full")).toBe("verified");
    expect(kycStatusOf("basic")).toBe("pending");
    expect(kycStatusOf("none")).toBe("rejected");
    expect(kycStatusOf("rejected")).toBe("rejected");
  });
  it("filters by stored level", () => {
    expect(levelsForKycFilter("verified")).toEqual(["full"]);
    expect(levelsForKycFilter("basic")).toEqual(["basic"]);
    expect(levelsForKycFilter("pending")).toEqual(["basic", "pending"]);
    expect(levelsForKycFilter("rejected")).toEqual(["none", "rejected"]);
  });
});
