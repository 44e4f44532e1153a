import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, type TestApp } from "../fixtures/test-app.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe("smoke", () => {
  it("answers health", async () => {
    const res = await t.app.request("/api/health");
    expect(res.status).toBe(200);
    expect((await res.json()).database.ok).toBe(true);
  });
  it("logs a demo customer in with 1,000.00", async () => {
    const s = await demoLogin(t, "customer");
    const res = await s.get("/api/customer/balance");
    expect(await res.json()).toEqual({ balance: 100000 });
  });
});
