import { describe, expect, it } from "vitest";
import { debtMessage } from "./debt-notice.tsx";

describe("debt notice", () => {
  it("says what is owed and where it will come from", () => {
    expect(debtMessage(1234)).toMatch(/^You owe \$12\.34; it will be taken from your next deposits or winnings\.$/);
  });
  it("says nothing when nothing is owed", () => {
    expect(debtMessage(0)).toBeNull();
  });
});
