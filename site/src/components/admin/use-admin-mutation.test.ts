import { describe, expect, it } from "vitest";
import { adminMutationCallbacks, failureToast } from "./use-admin-mutation.ts";

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

describe("useAdminMutation's callbacks", () => {
  type Step = string;
  function harness(extra: { refreshFirst?: boolean; failure?: Parameters<typeof adminMutationCallbacks<string, number>>[0]["failure"] } = {}) {
    const steps: Step[] = [];
    const pending: (() => void)[] = [];
    const callbacks = adminMutationCallbacks<string, number>(
      {
        request: async () => 1,
        success: { title: "Done" },
        failure: extra.failure ?? "Failed",
        invalidate: [["/api/a"], ["/api/b"]],
        onSuccess: () => steps.push("follow-up"),
        onError: () => steps.push("on-error"),
        refreshFirst: extra.refreshFirst,
      },
      (t) => steps.push(`toast ${t.title}`),
      (key) => {
        steps.push(`refresh ${String(key[0])}`);
        return new Promise<void>((resolve) => {
          pending.push(() => {
            steps.push(`refreshed ${String(key[0])}`);
            resolve();
          });
        });
      },
    );
    return { steps, callbacks, release: (i: number) => pending[i]() };
  }

  it("runs the follow-up first and refreshes when the call is over, by default", async () => {
    const { steps, callbacks } = harness();
    await callbacks.onSuccess(1, "v");
    void callbacks.onSettled(1, null, "v");
    expect(steps).toEqual(["toast Done", "follow-up", "refresh /api/a", "refresh /api/b"]);
  });

  it("with refreshFirst, runs the follow-up only once the refresh is over, and does not refresh twice", async () => {
    const { steps, callbacks, release } = harness({ refreshFirst: true });
    const success = callbacks.onSuccess(1, "v");
    await Promise.resolve();
    expect(steps).toEqual(["toast Done", "refresh /api/a", "refresh /api/b"]);
    release(1);
    await Promise.resolve();
    expect(steps).not.toContain("follow-up");
    release(0);
    await success;
    expect(steps).toEqual(["toast Done", "refresh /api/a", "refresh /api/b", "refreshed /api/b", "refreshed /api/a", "follow-up"]);
    expect(callbacks.onSettled(1, null, "v")).toBeUndefined();
  });

  it("with refreshFirst, still refreshes after a failure", () => {
    const { steps, callbacks } = harness({ refreshFirst: true });
    callbacks.onError(new Error("no"), "v");
    void callbacks.onSettled(undefined, new Error("no"), "v");
    expect(steps).toEqual(["on-error", "toast Error", "refresh /api/a", "refresh /api/b"]);
  });

  it("shows no failure toast when the failure function returns null, but still calls onError", () => {
    const { steps, callbacks } = harness({ failure: () => null });
    callbacks.onError(new Error("no"), "v");
    expect(steps).toEqual(["on-error"]);
  });
});
