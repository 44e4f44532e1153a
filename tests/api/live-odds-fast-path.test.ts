/**
 * GET /api/live-odds is answered ahead of the middleware chain (api/app.ts). It must still carry
 * everything the chain gives every other API response: the same security headers, a request id
 * (the caller's when sane), a log line; and stay documented in the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import type { RequestLogEntry } from "../../api/middleware/request-id.ts";
import { API_SECURITY_HEADERS } from "../../api/middleware/security.ts";

const log: RequestLogEntry[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ requestLog: (e) => log.push(e), trustProxy: true });
});
afterAll(() => t.close());

const PER_RESPONSE = new Set(["cache-control", "content-type", "content-length", "x-request-id", "etag", "vary", "content-encoding"]);

describe("GET /api/live-odds fast path", () => {
  it("carries exactly the security headers of the middleware chain", async () => {
    const chained = await t.app.request("/api/health");
    const fast = await t.app.request("/api/live-odds");
    expect(fast.status).toBe(200);
    const chainHeaders = Object.fromEntries([...chained.headers].filter(([k]) => !PER_RESPONSE.has(k)));
    const fastHeaders = Object.fromEntries([...fast.headers].filter(([k]) => !PER_RESPONSE.has(k)));
    expect(fastHeaders).toEqual(chainHeaders);
    expect(chainHeaders).toEqual(API_SECURITY_HEADERS);
    expect(fast.headers.get("content-type")).toBe("application/json");
    expect(fast.headers.get("cache-control")).toBe("no-cache");
    const items = (await fast.json()) as { id: string }[];
    expect(items.length).toBeGreaterThan(0);
  });

  it("echoes a sane X-Request-Id, makes one otherwise, and logs the request", async () => {
    log.length = 0;
    const mine = await t.app.request("/api/live-odds", { headers: { "x-request-id": "poll-42", "x-forwarded-for": "203.0.113.9" } });
    expect(mine.headers.get("x-request-id")).toBe("poll-42");
    const odd = await t.app.request("/api/live-odds", { headers: { "x-request-id": "not a token!" } });
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ requestId: "poll-42", method: "GET", path: "/api/live-odds", route: "/api/live-odds", status: 200, actor: "anonymous", ip: "203.0.113.9" });
    expect(log[1].requestId).toBe(odd.headers.get("x-request-id"));
  });

  it("answers an unchanged poll with 304 and no body, a changed one with 200", async () => {
    const first = await t.app.request("/api/live-odds");
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.request("/api/live-odds", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(again.headers.get("x-content-type-options")).toBe("nosniff");
    const other = await t.app.request("/api/live-odds", { headers: { "if-none-match": 'W/"something-else"' } });
    expect(other.status).toBe(200);
  });

  it("sends the gzip copy to a client that accepts it, the plain body to one that does not", async () => {
    const plain = await t.app.request("/api/live-odds");
    const text = await plain.text();
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.headers.get("vary")).toBe("accept-encoding");
    const zipped = await t.app.request("/api/live-odds", { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(zipped.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.headers.get("etag")).toBe(plain.headers.get("etag"));
    const bytes = new Uint8Array(await zipped.arrayBuffer());
    expect(bytes.length).toBeLessThan(text.length / 2);
    const unzipped = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).text();
    expect(unzipped).toBe(text);
    const refused = await t.app.request("/api/live-odds", { headers: { "accept-encoding": "gzip;q=0, identity" } });
    expect(refused.headers.get("content-encoding")).toBeNull();
  });

  it("the stream, also answered ahead of the chain, carries the same headers and its own log line", async () => {
    log.length = 0;
    const res = await t.app.request("/api/live-odds/stream", { headers: { "x-request-id": "stream-7" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const headers = Object.fromEntries([...res.headers].filter(([k]) => k in API_SECURITY_HEADERS));
    expect(headers).toEqual(API_SECURITY_HEADERS);
    expect(res.headers.get("x-request-id")).toBe("stream-7");
    await res.body?.cancel();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ requestId: "stream-7", route: "/api/live-odds/stream", status: 200, actor: "anonymous" });
  });

  it("stays in the OpenAPI document", async () => {
    const doc = (await (await t.app.request("/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(doc.paths["/api/live-odds"]?.get).toBeDefined();
    expect(doc.paths["/api/live-odds/stream"]?.get).toBeDefined();
  });
});

describe("acceptsGzip", () => {
  it("reads Accept-Encoding lists, q-values and *", async () => {
    const { acceptsGzip } = await import("../../api/live-odds-snapshot.ts");
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip("gzip")).toBe(true);
    expect(acceptsGzip("br, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("gzip;q=0")).toBe(false);
    expect(acceptsGzip("br, deflate")).toBe(false);
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("*;q=0")).toBe(false);
    expect(acceptsGzip("identity")).toBe(false);
  });
});
