/** The structured request log: one entry per request with id, actor, route, status and duration. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import type { RequestLogEntry } from "../../api/middleware/request-trail.ts";

const log: RequestLogEntry[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ requestLog: (e) => log.push(e), trustProxy: true });
});
afterAll(() => t.close());

describe("request log", () => {
  it("records the request id, the actor, the matched route, the status and the duration", async () => {
    const s = new Session(t);
    await s.request("POST", "/api/demo/login", { role: "customer" }, { "x-forwarded-for": "198.51.100.4" });
    const me = (await (await s.request("GET", "/api/auth/user")).json()) as { id: string };
    log.length = 0;
    const res = await s.request("POST", "/api/admin/settle-bet/bet_1", { status: "lost", actualReturn: 0 }, { "x-request-id": "req-abc", "x-forwarded-for": "198.51.100.4" });
    expect(res.status).toBe(403);
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      requestId: "req-abc",
      method: "POST",
      path: "/api/admin/settle-bet/bet_1",
      route: "/api/admin/settle-bet/:id",
      status: 403,
      actor: `customer:${me.id}`,
      ip: "198.51.100.4",
    });
    expect(Number.isFinite(log[0].ms)).toBe(true);
    expect(new Date(log[0].t).toString()).not.toBe("Invalid Date");
  });

  it("logs refusals of anonymous callers as anonymous, with a generated id", async () => {
    log.length = 0;
    const res = await t.app.request("/api/admin/all-bets");
    expect(res.status).toBe(401);
    expect(log[0]).toMatchObject({ actor: "anonymous", status: 401, path: "/api/admin/all-bets", route: "/api/admin/all-bets" });
    expect(log[0].requestId).toBe(res.headers.get("x-request-id"));
  });
});
