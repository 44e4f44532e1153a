/**
 * Password checks at the edge of the API, through app.request() against a real database:
 *   - change-password under the sign-in failure throttle, and one password check in flight per account;
 *   - per-address limits keyed by the /64 of an IPv6 address.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import { expectError } from "../fixtures/builders.ts";
import { registerCustomer } from "../fixtures/accounts.ts";
import { DEFAULT_RATE_LIMITS } from "../../api/middleware/rate-limit.ts";
import { changePassword, freshIp, useEdgeApp, signIn, storedHash } from "../fixtures/edges.ts";

const t = useEdgeApp();

// ---------------------------------------------------------------- password checks

describe("change-password shares the sign-in failure throttle", () => {
  it("after 5 wrong current passwords answers 429 AUTH.THROTTLED with Retry-After, even for the right one, and changes nothing", async () => {
    const r = await registerCustomer(t);
    const ip = freshIp();
    const before = await storedHash(t, r.userId);
    for (let i = 0; i < 5; i++) await expectError(await changePassword(r.session, `wrong guess ${i}`, ip), 403, "AUTH.INVALID_CREDENTIALS");
    const verifiesBefore = t.hasher.started;
    const blocked = await changePassword(r.session, r.password, ip);
    const body = await expectError(blocked, 429, "AUTH.THROTTLED");
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(body.error.details).toMatchObject({ by: "account" });
    expect(t.hasher.started).toBe(verifiesBefore); // refused without checking the password
    expect(await storedHash(t, r.userId)).toBe(before);
    // Still signed in: a throttle is not a sign-out.
    expect((await r.session.get("/api/auth/user")).status).toBe(200);
  });

  it("wrong guesses through change-password count toward sign-in, and the other way round", async () => {
    const a = await registerCustomer(t);
    const ipA = freshIp();
    for (let i = 0; i < 3; i++) await expectError(await changePassword(a.session, `nope ${i}`, ipA), 403, "AUTH.INVALID_CREDENTIALS");
    for (let i = 0; i < 2; i++) await expectError(await signIn(t, a.email, `nope ${i}`, ipA), 401, "AUTH.INVALID_CREDENTIALS");
    await expectError(await signIn(t, a.email, a.password, ipA), 429, "AUTH.THROTTLED");

    const b = await registerCustomer(t);
    const ipB = freshIp();
    for (let i = 0; i < 5; i++) await expectError(await signIn(t, b.email, `nope ${i}`, ipB), 401, "AUTH.INVALID_CREDENTIALS");
    await expectError(await changePassword(b.session, b.password, ipB), 429, "AUTH.THROTTLED");
  });

  it("strangers' wrong sign-ins elsewhere do not stop the owner changing the password from where they signed in", async () => {
    const home = freshIp();
    const r = await registerCustomer(t, {}, { "x-forwarded-for": home });
    for (let i = 0; i < 12; i++) {
      const res = await signIn(t, r.email, `stranger ${i}`, freshIp());
      expect([401, 429]).toContain(res.status);
    }
    expect((await changePassword(r.session, r.password, home, "the owner's new passphrase")).status).toBe(200);
  });

  it("throttles by address too: 5 wrong guesses from one address block change-password from it on another account", async () => {
    const ip = freshIp();
    const a = await registerCustomer(t);
    for (let i = 0; i < 5; i++) await expectError(await changePassword(a.session, `nope ${i}`, ip), 403, "AUTH.INVALID_CREDENTIALS");
    const b = await registerCustomer(t);
    const body = await expectError(await changePassword(b.session, b.password, ip), 429, "AUTH.THROTTLED");
    expect(body.error.details).toMatchObject({ by: "address" });
    expect((await changePassword(b.session, b.password, freshIp())).status).toBe(200);
  });

  it("a right current password still changes it (and the new one signs in)", async () => {
    const r = await registerCustomer(t);
    expect((await changePassword(r.session, r.password, freshIp(), "another fine passphrase")).status).toBe(200);
    expect((await signIn(t, r.email, "another fine passphrase", freshIp())).status).toBe(200);
  });
});

describe("at most one password check in flight per account", () => {
  /** Fire `n` requests at once while the first check is held open; returns the statuses once released. */
  async function concurrently(n: number, send: (i: number) => Promise<Response>) {
    t.hasher.hold();
    const startedBefore = t.hasher.started;
    t.hasher.maxInFlight = 0;
    const answered: Response[] = [];
    const all = Array.from({ length: n }, (_, i) => send(i).then((res) => (answered.push(res), res)));
    // Everything but the one held check comes back while it is still held: nobody waited for it.
    await expect.poll(() => answered.length).toBe(n - 1);
    expect(t.hasher.inFlight).toBe(1);
    t.hasher.release();
    const results = await Promise.all(all);
    return { results, checks: t.hasher.started - startedBefore, maxInFlight: t.hasher.maxInFlight };
  }

  it("20 concurrent change-password guesses: one is checked, 19 get 429 AUTH.THROTTLED (in_flight) at once", async () => {
    const r = await registerCustomer(t);
    const { results, checks, maxInFlight } = await concurrently(20, (i) => changePassword(r.session, `guess ${i}`, freshIp()));
    expect(checks).toBe(1);
    expect(maxInFlight).toBe(1);
    const statuses = results.map((x) => x.status).sort();
    expect(statuses.filter((s) => s === 403)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
    const refused = results.find((x) => x.status === 429)!;
    const body = (await refused.json()) as { error: { code: string; details: { by: string } } };
    expect(body.error).toMatchObject({ code: "AUTH.THROTTLED", details: { by: "in_flight" } });
    expect(refused.headers.get("retry-after")).toBe("1");
    // The slot is free again afterwards.
    expect((await changePassword(r.session, r.password, freshIp())).status).toBe(200);
  });

  it("sign-in and change-password share the slot: sign-ins during a change-password check are refused without a check", async () => {
    const r = await registerCustomer(t);
    t.hasher.hold();
    const startedBefore = t.hasher.started;
    const held = changePassword(r.session, "held guess", freshIp());
    await expect.poll(() => t.hasher.inFlight).toBe(1);
    const attempts = await Promise.all(Array.from({ length: 9 }, (_, i) => signIn(t, r.email, i === 4 ? r.password : `guess ${i}`, freshIp())));
    expect(attempts.map((x) => x.status)).toEqual(Array(9).fill(429));
    expect(t.hasher.started - startedBefore).toBe(1);
    t.hasher.release();
    expect((await held).status).toBe(403);
    expect((await signIn(t, r.email, r.password, freshIp())).status).toBe(200);
  });

  it("other accounts are not held up by one account's check", async () => {
    const a = await registerCustomer(t);
    const b = await registerCustomer(t);
    t.hasher.hold();
    const held = changePassword(a.session, "held guess", freshIp());
    await expect.poll(() => t.hasher.inFlight).toBe(1);
    const other = signIn(t, b.email, b.password, freshIp());
    await expect.poll(() => t.hasher.inFlight).toBe(2);
    t.hasher.release();
    expect((await other).status).toBe(200);
    expect((await held).status).toBe(403);
  });
});

// ---------------------------------------------------------------- IPv6 /64

describe("per-address limits key an IPv6 address by its /64", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await makeTestApp({ trustProxy: true, seed: false, rateLimits: { ...DEFAULT_RATE_LIMITS, "demo-login": { limit: 3, windowMs: 600_000, by: "ip" } } });
  });
  afterAll(() => limited.close());
  const demo = (ip: string) =>
    limited.app.request("/api/demo/login", { method: "POST", headers: { "content-type": "application/json", "x-forwarded-for": ip }, body: JSON.stringify({ role: "customer" }) });

  it("rate limits: addresses of one /64 share a budget; the next /64 has its own", async () => {
    limited.clock.set(new Date("2026-11-21T12:00:00.000Z"));
    expect((await demo("2001:db8:a:b::1")).status).toBe(200);
    expect((await demo("2001:db8:a:b::2")).status).toBe(200);
    expect((await demo("2001:db8:a:b:1234:5678:9abc:def0")).status).toBe(200);
    await expectError(await demo("2001:db8:a:b:ffff::9"), 429, "RATE.LIMITED");
    await expectError(await demo("2001:0DB8:000A:000B::77"), 429, "RATE.LIMITED");
    expect((await demo("2001:db8:a:c::1")).status).toBe(200);
    // IPv4 addresses are still counted one by one.
    expect((await demo("203.0.113.50")).status).toBe(200);
    expect((await demo("203.0.113.51")).status).toBe(200);
  });

  it("the sign-in throttle: 5 failures from addresses of one /64 throttle the whole /64", async () => {
    const victim = await registerCustomer(t);
    const prefix = "2001:db8:77:1";
    for (let i = 1; i <= 5; i++) {
      const other = await registerCustomer(t);
      await expectError(await signIn(t, other.email, "wrong", `${prefix}::${i}`), 401, "AUTH.INVALID_CREDENTIALS");
    }
    const body = await expectError(await signIn(t, victim.email, victim.password, `${prefix}:aaaa:bbbb:cccc:dddd`), 429, "AUTH.THROTTLED");
    expect(body.error.details).toMatchObject({ by: "address" });
    expect((await signIn(t, victim.email, victim.password, "2001:db8:77:2::1")).status).toBe(200);
  });
});
