/**
 * The error envelope everywhere: unknown routes, malformed JSON, wrong content types, bodies of
 * the wrong shape, bad headers; and never a 500 whatever the client sends.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import {
  balanceOf,
  betCountFor,
  currentUserId,
  expectError,
  expectInvalidFields,
  expectLedgerBalanced,
  listEvents,
  placeOk,
  selectionOf,
  type Selection,
} from "../fixtures/builders.ts";

let t: TestApp;
let customer: Session;
let customerId: string;
let admin: Session;
let sel: Selection;
let betId: string;
let eventId: string;
beforeAll(async () => {
  t = await makeTestApp();
  customer = await demoLogin(t, "customer");
  customerId = await currentUserId(customer);
  admin = await demoLogin(t, "admin");
  const upcoming = await listEvents(customer, "status=upcoming&limit=200");
  sel = selectionOf(upcoming[0]);
  eventId = upcoming[1].id;
  betId = (await placeOk(customer, [sel], 1000)).bet.id;
});
afterAll(() => t.close());

/** Every JSON route with a session allowed to reach its body validation. */
const jsonRoutes = (): { name: string; session: () => Session; method: string; path: () => string; valid: () => unknown }[] => [
  { name: "POST /api/demo/login", session: () => new Session(t), method: "POST", path: () => "/api/demo/login", valid: () => ({ role: "customer" }) },
  {
    name: "POST /api/bets",
    session: () => customer,
    method: "POST",
    path: () => "/api/bets",
    valid: () => ({ selections: [sel], stake: 1000, betType: "single" }),
  },
  {
    name: "POST /api/admin/settle-bet/{id}",
    session: () => admin,
    method: "POST",
    path: () => `/api/admin/settle-bet/${betId}`,
    valid: () => ({ status: "lost", actualReturn: 0 }),
  },
  {
    name: "PATCH /api/admin/events/{id}",
    session: () => admin,
    method: "PATCH",
    path: () => `/api/admin/events/${eventId}`,
    valid: () => ({ status: "live" }),
  },
];

async function expectNothingChanged() {
  expect(await balanceOf(customer)).toBe(99000);
  expect(await betCountFor(t.database, customerId)).toBe(1);
  const bet = await t.database.client.execute({ sql: "SELECT status FROM bets WHERE id = ?", args: [betId] });
  expect(bet.rows[0].status).toBe("pending");
  const ev = await t.database.client.execute({ sql: "SELECT status FROM events WHERE id = ?", args: [eventId] });
  expect(ev.rows[0].status).toBe("upcoming");
}

describe("unknown routes", () => {
  it.each([
    ["GET", "/api/nope"],
    ["POST", "/api/nope"],
    ["PATCH", "/api/bets"],
    ["DELETE", "/api/admin/all-bets"],
    ["GET", "/api/admin/settle-bet/x"],
    ["GET", "/api/admin/nope/deeper"],
  ])("%s %s: 404 ROUTE.NOT_FOUND envelope", async (method, path) => {
    const res = await admin.request(method, path, method === "GET" ? undefined : {});
    await expectError(res, 404, "ROUTE.NOT_FOUND");
    expect(res.headers.get("content-type")).toMatch(/^application\/json/);
  });
});

describe("malformed JSON", () => {
  it.each(jsonRoutes().map((r) => [r.name, r] as const))("%s: 400 REQUEST.INVALID_JSON", async (_n, r) => {
    for (const raw of ['{"role":', "{not json}", "", "{'single': 'quotes'}"]) {
      const res = await r.session().request(r.method, r.path(), raw);
      await expectError(res, 400, "REQUEST.INVALID_JSON");
    }
  });

  it("changed nothing", expectNothingChanged);
});

describe("wrong content type on a JSON route", () => {
  it.each(jsonRoutes().map((r) => [r.name, r] as const))("%s: 400 with the envelope", async (_n, r) => {
    const body = JSON.stringify(r.valid());
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await r.session().request(r.method, r.path(), body, { "content-type": type });
      await expectError(res, 400, "REQUEST.INVALID");
    }
    // No content type at all.
    const res = await t.app.request(r.path(), {
      method: r.method,
      headers: { cookie: r.session().cookie },
      body,
    });
    await expectError(res, 400, "REQUEST.INVALID");
  });

  it("changed nothing", expectNothingChanged);
});

describe("bodies of the wrong shape", () => {
  it.each(jsonRoutes().map((r) => [r.name, r] as const))("%s: 400 REQUEST.INVALID with details.fields", async (_n, r) => {
    for (const raw of ["[]", "null", '"text"', "42", "true", "{}"]) {
      const res = await r.session().request(r.method, r.path(), raw);
      const body = await expectError(res, 400, "REQUEST.INVALID");
      expect(Array.isArray(body.error.details?.fields) && body.error.details!.fields!.length > 0, raw).toBe(true);
    }
  });

  it("an Idempotency-Key that is not 1..128 visible ASCII characters: 400 naming the header", async () => {
    for (const key of ["has space", "x".repeat(129), "tab\there"]) {
      await expectInvalidFields(
        await customer.post("/api/bets", { selections: [sel], stake: 1000, betType: "single" }, { "Idempotency-Key": key }),
        "idempotency-key",
      );
    }
  });

  it("changed nothing", expectNothingChanged);
});

describe("never a 500", () => {
  const weird: unknown[] = [
    { selections: [{}], stake: 1000, betType: "single" },
    { selections: [null], stake: 1000, betType: "single" },
    { selections: [{ ...{ eventId: "e", marketId: "m", outcomeId: "o" }, odds: "9999.999" }], stake: 1000, betType: "single" },
    { selections: [{ eventId: "e".repeat(65), marketId: "m", outcomeId: "o", odds: "2.00" }], stake: 1000, betType: "single" },
    { selections: [{ eventId: "e", marketId: "m", outcomeId: "o", odds: "2.00" }], stake: 1e300, betType: "single" },
    { selections: [{ eventId: "e", marketId: "m", outcomeId: "o", odds: "2.00" }], stake: Number.MAX_SAFE_INTEGER + 2, betType: "single" },
    { selections: [{ eventId: "e", marketId: "m", outcomeId: "o", odds: "2.00" }], stake: 1000, betType: null },
    { selections: [{ eventId: "'; DROP TABLE bets; --", marketId: "m", outcomeId: "o\u0000", odds: "2.00" }], stake: 1000, betType: "single" },
    { status: "won", actualReturn: Number.MAX_SAFE_INTEGER },
    { status: "won", actualReturn: 1e300 },
    { status: "won", actualReturn: 0, legResults: Array.from({ length: 21 }, () => ({ legId: "x", result: "won" })) },
    { status: "won", actualReturn: 0, legResults: "all" },
    { role: ["admin"] },
    { status: ["live"] },
    '{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}',
    '{"role":"customer","role":"admin","status":"live","status":"won"}',
    { a: { b: { c: { d: { e: { f: [[[[[]]]]] } } } } } },
  ];

  it("answers every odd body on every JSON route with a 4xx envelope", async () => {
    const seen: string[] = [];
    for (const r of jsonRoutes()) {
      for (const body of weird) {
        const res = await r.session().request(r.method, r.path(), typeof body === "string" ? body : JSON.stringify(body));
        const text = await res.text();
        seen.push(`${r.name} ${res.status}`);
        expect(res.status, `${r.name} ${JSON.stringify(body)} -> ${text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${r.name} ${JSON.stringify(body)} -> ${text.slice(0, 200)}`).toBeLessThan(500);
        expect(JSON.parse(text).error.code).toMatch(/^[A-Z]+\.[A-Z_]+$/);
      }
    }
    expect(seen.length).toBe(jsonRoutes().length * weird.length);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("answers odd query strings and ids with a 4xx envelope", async () => {
    const paths = [
      "/api/events?limit=1e3",
      "/api/events?limit=NaN",
      "/api/events?limit=99999999999999999999",
      "/api/events?status=LIVE",
      "/api/events?sport=",
      "/api/bets?limit=-0.5",
      "/api/admin/all-bets?limit=%00",
      "/api/events?status=live&status=finished",
    ];
    for (const p of paths) {
      const res = await admin.get(p);
      expect(res.status, p).toBeLessThan(500);
      if (res.status !== 200) await expectError(res, 400, "REQUEST.INVALID");
    }
    const odd = ["%2e%2e%2f", "x".repeat(64), "bet%00id", "%F0%9F%92%A9"];
    for (const id of odd) {
      const res = await admin.post(`/api/admin/settle-bet/${id}`, { status: "lost", actualReturn: 0 });
      expect(res.status, id).toBeGreaterThanOrEqual(400);
      expect(res.status, id).toBeLessThan(500);
    }
  });

  it("changed nothing", expectNothingChanged);
});

describe("the envelope", () => {
  it("echoes a client's X-Request-Id in the error and the header", async () => {
    const res = await customer.get("/api/nope", { "x-request-id": "trace-123.abc" });
    const body = await expectError(res, 404, "ROUTE.NOT_FOUND");
    expect(body.error.requestId).toBe("trace-123.abc");
  });

  it("replaces an unusable X-Request-Id with its own", async () => {
    const res = await customer.get("/api/nope", { "x-request-id": "bad id with spaces" });
    const body = await expectError(res, 404, "ROUTE.NOT_FOUND");
    expect(body.error.requestId).not.toBe("bad id with spaces");
    expect(body.error.requestId).toMatch(/^[\w.-]{1,64}$/);
  });

  it("API responses are not cached and carry the security headers", async () => {
    const res = await customer.get("/api/customer/balance");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });
});

describe("the ledger after this file", () => {
  it("is balanced", async () => {
    await expectLedgerBalanced(t.database);
  });
});
