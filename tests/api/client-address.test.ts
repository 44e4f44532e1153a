import { afterEach, describe, expect, it } from "vitest";
import { makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import { peerAddress } from "../../api/middleware/proxy-trust.ts";

const login = (t: TestApp, headers: Record<string, string>) =>
  t.app.request("/api/demo/login", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ role: "customer" }),
  });

const sessionIps = async (t: TestApp) =>
  (await t.database.client.execute("SELECT ip FROM sessions")).rows.map((r) => r.ip);

describe("client address recorded with each session", () => {
  let t: TestApp;
  afterEach(() => t.close());

  it("behind one trusted proxy: the right-most X-Forwarded-For entry (the one the proxy appended)", async () => {
    t = await makeTestApp({ seed: false, trustProxy: true });
    expect((await login(t, { "x-forwarded-for": "10.0.0.1, 203.0.113.7" })).status).toBe(200);
    expect(await sessionIps(t)).toEqual(["203.0.113.7"]);
  });

  it("behind two trusted proxies (TRUST_PROXY=2): the second from the right", async () => {
    t = await makeTestApp({ seed: false, trustProxy: "2" });
    expect((await login(t, { "x-forwarded-for": "198.51.100.1, 203.0.113.7, 10.0.0.1" })).status).toBe(200);
    expect(await sessionIps(t)).toEqual(["203.0.113.7"]);
  });

  it("without a trusted proxy: X-Forwarded-For is ignored (a client could forge it)", async () => {
    t = await makeTestApp({ seed: false });
    expect((await login(t, { "x-forwarded-for": "203.0.113.7" })).status).toBe(200);
    expect(await sessionIps(t)).toEqual([null]);
  });
});

describe("peerAddress", () => {
  it("reads the socket address Node and Deno hand to app.fetch", () => {
    expect(peerAddress({ incoming: { socket: { remoteAddress: "::1" } } })).toBe("::1");
    expect(peerAddress({ remoteAddr: { hostname: "127.0.0.1" } })).toBe("127.0.0.1");
    expect(peerAddress(undefined)).toBeNull();
  });
});
