import { describe, expect, it } from "vitest";
import { failureToast } from "./use-admin-mutation.ts";

describe("useAdminMutation's failure toast", () => {
  const error = Object.assign(new Error("Market is suspended"), { details: { fields: [{ path: "odds", message: "too low" }] } });

  it("follows a sentence with the server's reason and its field details", () => {
    expect(failureToast("Failed to update odds", error, undefined)).toEqual({
      title: "Error",
      description: "Failed to update odds: Market is suspended (odds: too low)",
      variant: "destructive",
    });
  });

  it("shows a fixed toast as given and a function's toast as it returns it", () => {
    const fixed = { title: "Error", description: "Failed to update user status.", variant: "destructive" as const };
    expect(failureToast(fixed, error, undefined)).toBe(fixed);
    expect(failureToast((e, v: string) => ({ title: v, description: e.message }), error, "Withdrawal failed")).toEqual({
      title: "Withdrawal failed",
      description: "Market is suspended",
    });
  });
});
