/**
 * Proxy trust and our own hosts, through app.request() against a real database (the rules:
 * api/middleware/proxy-trust.ts, api/middleware/public-origin.ts; docs/security.md):
 *   - behind TRUST_PROXY=1 the client is the right-most X-Forwarded-For entry, so whatever a client
 *     writes to its left buys it nothing: sign-in, demo-login and registration limits all count
 *     the real address, and logs and sessions record it;
 *   - an entry that is not an IP address is ignored (the socket's address is used);
 *   - TRUST_PROXY as a list of proxies believes only a peer on that list;
 *   - a request for a host that is not ours is refused (421) before anything runs, the
 *     DNS-rebinding shape included; loopback hosts are ours unconfigured; the health probe answers
 *     on any host.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import { countRows, expectError } from "../fixtures/builders.ts";
import { registerCustomer, uniqueEmail } from "../fixtures/accounts.ts";
import { DEFAULT_RATE_LIMITS } from "../../api/middleware/rate-limit.ts";
import type { RequestLogEntry } from "../../api/middleware/request-trail.ts";

const log: RequestLogEntry[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({
    trustProxy: "1",
    requestLog: (e) => log.push(e),
    rateLimits: { ...DEFAULT_RATE_LIMITS, "demo-login": { limit: 3, windowMs: 600_000, by: "ip" }, register: { limit: 2, windowMs: 3_600_000, by: "ip" } },
  });
});
afterAll(() => t.close());

/** As Node hands a request to app.fetch: the socket's peer address. */
const fromPeer = (peer: string) => ({ incoming: { socket: { remoteAddress: peer } } });
const json = (body: unknown, headers: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/json", ...headers },
  body: JSON.stringify(body),
});

describe("behind one trusted proxy (TRUST_PROXY=1), forged X-Forwarded-For prefixes", () => {
  it("twelve wrong sign-ins with a different forged prefix each are throttled after five, on the real address", async () => {
    const victim = await registerCustomer(t);
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const res = await t.app.request("/api/auth/login", json({ email: victim.email, password: `guess ${i}` }, { "x-forwarded-for": `198.51.100.${i}, 203.0.113.7` }));
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
    // It is the real address that is throttled: another account from it too, whatever the prefix.
    const other = await registerCustomer(t);
    const res = await t.app.request("/api/auth/login", json({ email: other.email, password: other.password }, { "x-forwarded-for": "192.0.2.1, 203.0.113.7" }));
    expect((await expectError(res, 429, "AUTH.THROTTLED")).error.details).toMatchObject({ by: "address" });
    // The failures were recorded against the real address only.
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM sign_in_attempts WHERE ip = '203.0.113.7'")).toBe(5);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM sign_in_attempts WHERE ip LIKE '198.51.100.%'")).toBe(0);
  });

  it("demo-login and registration limits count the real address whatever the prefix", async () => {
    const users = await countRows(t.database, "SELECT COUNT(*) AS n FROM users");
    for (let i = 1; i <= 3; i++)
      expect((await t.app.request("/api/demo/login", json({ role: "customer" }, { "x-forwarded-for": `198.51.100.${i}, 203.0.113.20` }))).status).toBe(200);
    await expectError(await t.app.request("/api/demo/login", json({ role: "customer" }, { "x-forwarded-for": "198.51.100.99, 203.0.113.20" })), 429, "RATE.LIMITED");
    const form = () => ({ firstName: "Prox", lastName: "Ied", email: uniqueEmail("proxy"), password: "correct horse battery", dateOfBirth: "1990-01-01" });
    for (let i = 1; i <= 2; i++)
      expect((await t.app.request("/api/auth/register", json(form(), { "x-forwarded-for": `10.9.9.${i}, 203.0.113.21` }))).status).toBe(201);
    await expectError(await t.app.request("/api/auth/register", json(form(), { "x-forwarded-for": "10.9.9.3, 203.0.113.21" })), 429, "RATE.LIMITED");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM users")).toBe(users + 5);
  });

  it("sessions and the request log record the real address, never the forged one", async () => {
    log.length = 0;
    const res = await t.app.request("/api/demo/login", json({ role: "customer" }, { "x-forwarded-for": "garbage-9, 203.0.113.30", "x-request-id": "forged-prefix" }));
    expect(res.status).toBe(200);
    expect(log.find((e) => e.requestId === "forged-prefix")?.ip).toBe("203.0.113.30");
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM sessions WHERE ip = '203.0.113.30'")).toBe(1);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM sessions WHERE ip = 'garbage-9'")).toBe(0);
  });
});

describe("an X-Forwarded-For entry that is not an IP address", () => {
  it("is ignored: the socket's address is recorded and counted instead", async () => {
    log.length = 0;
    for (const [junk, id] of [["garbage-9", "junk-1"], ["unknown", "junk-2"], ["book.example", "junk-3"], ["1.2.3.999", "junk-4"]] as const) {
      const res = await t.app.request("/api/demo/login", json({ role: "customer" }, { "x-forwarded-for": junk, "x-request-id": id }), fromPeer("192.0.2.44"));
      // The peer's own budget (3) is what these draw on.
      expect([200, 429]).toContain(res.status);
      expect(log.find((e) => e.requestId === id)?.ip).toBe("192.0.2.44");
    }
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM sessions WHERE ip = '192.0.2.44'")).toBe(3);
    expect(await countRows(t.database, "SELECT COUNT(*) AS n FROM sessions WHERE ip IN ('garbage-9', 'unknown', 'book.example', '1.2.3.999')")).toBe(0);
  });
});

describe("TRUST_PROXY as a list of proxy addresses", () => {
  let listed: TestApp;
  beforeAll(async () => {
    listed = await makeTestApp({ seed: false, trustProxy: "10.0.0.0/8" });
  });
  afterAll(() => listed.close());
  const sessionIp = async (headers: Record<string, string>, peer: string) => {
    const res = await listed.app.request("/api/demo/login", json({ role: "customer" }, headers), fromPeer(peer));
    expect(res.status).toBe(200);
    const rs = await listed.database.client.execute("SELECT ip FROM sessions ORDER BY created_at DESC, rowid DESC LIMIT 1");
    return rs.rows[0].ip;
  };

  it("from a listed proxy: the right-most address that is not a listed proxy", async () => {
    expect(await sessionIp({ "x-forwarded-for": "198.51.100.1, 203.0.113.8, 10.2.3.4" }, "10.0.0.2")).toBe("203.0.113.8");
  });

  it("from anyone else: the headers are theirs to write, so the peer is the client, and X-Forwarded-Proto does not make a Secure cookie", async () => {
    expect(await sessionIp({ "x-forwarded-for": "203.0.113.8" }, "198.51.100.200")).toBe("198.51.100.200");
    const res = await listed.app.request("/api/demo/login", json({ role: "customer" }, { "x-forwarded-proto": "https" }), fromPeer("198.51.100.200"));
    expect(res.headers.getSetCookie().some((c) => c.startsWith("sid=") && !/secure/i.test(c))).toBe(true);
    const viaProxy = await listed.app.request("/api/demo/login", json({ role: "customer" }, { "x-forwarded-proto": "https", origin: "https://localhost" }), fromPeer("10.0.0.2"));
    expect(viaProxy.headers.getSetCookie().some((c) => c.startsWith("__Host-sid=") && /secure/i.test(c))).toBe(true);
  });
});

describe("a request for a host that is not ours", () => {
  let published: TestApp;
  beforeAll(async () => {
    published = await makeTestApp({ seed: false, publicOrigin: "https://book.example" });
  });
  afterAll(() => published.close());

  it("is refused with 421 before anything runs: the DNS-rebinding shape (Host and Origin both the attacker's)", async () => {
    for (const app of [t, published]) {
      const users = await countRows(app.database, "SELECT COUNT(*) AS n FROM users");
      const res = await app.app.request("http://evil.example/api/demo/login", json({ role: "customer" }, { host: "evil.example", origin: "http://evil.example" }));
      const body = await expectError(res, 421, "REQUEST.MISDIRECTED");
      expect(body.error.message).toMatch(/host/i);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("x-frame-options")).toBe("DENY");
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await countRows(app.database, "SELECT COUNT(*) AS n FROM users")).toBe(users);
    }
  });

  it("is refused on reads too: the API, the live-odds poll (fast path included) and the stream", async () => {
    const foreign = { host: "evil.example" };
    for (const path of ["/api/events", "/api/auth/session", "/api/live-odds", "/api/live-odds?x=1", "/api/live-odds/stream"])
      await expectError(await published.app.request(`http://evil.example${path}`, { headers: foreign }), 421, "REQUEST.MISDIRECTED");
    expect((await published.app.request("http://book.example/api/live-odds", { headers: { host: "book.example" } })).status).toBe(200);
  });

  it("is refused when only the forwarded host is foreign and a proxy is trusted, and a forged X-Forwarded-Host is ignored without one", async () => {
    await expectError(await t.app.request("http://localhost/api/events", { headers: { "x-forwarded-host": "evil.example" } }), 421, "REQUEST.MISDIRECTED");
    expect((await published.app.request("http://book.example/api/events", { headers: { host: "book.example", "x-forwarded-host": "evil.example" } })).status).toBe(200);
  });

  it("loopback hosts are ours without any setting, on any port; other hosts need PUBLIC_ORIGIN", async () => {
    for (const host of ["localhost", "localhost:4321", "127.0.0.1:3000", "[::1]:3000"])
      expect((await t.app.request(`http://${host}/api/events`, { headers: { host } })).status, host).toBe(200);
    await expectError(await t.app.request("http://book.example/api/events", { headers: { host: "book.example" } }), 421, "REQUEST.MISDIRECTED");
    await expectError(await t.app.request("http://10.0.0.5:3000/api/events", { headers: { host: "10.0.0.5:3000" } }), 421, "REQUEST.MISDIRECTED");
    expect((await published.app.request("http://book.example/api/events", { headers: { host: "book.example" } })).status).toBe(200);
  });

  it("GET /api/health answers on any host (a load balancer probes by address)", async () => {
    expect((await published.app.request("http://10.0.0.5:3000/api/health", { headers: { host: "10.0.0.5:3000" } })).status).toBe(200);
    await expectError(
      await published.app.request("http://10.0.0.5:3000/api/health", { method: "POST", headers: { host: "10.0.0.5:3000" } }),
      421,
      "REQUEST.MISDIRECTED",
    );
  });
});
