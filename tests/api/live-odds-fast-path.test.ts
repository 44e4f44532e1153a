/**
 * GET /api/live-odds is answered ahead of the middleware chain (api/app.ts). It must still carry
 * everything the chain gives every other API response: the same security headers, a request id
 * (the caller's when sane), a log line; and stay documented in the OpenAPI document.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import type { RequestLogEntry } from "../../api/middleware/request-trail.ts";
import { API_SECURITY_HEADERS } from "../../api/middleware/request-trail.ts";

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

  it("is the poll with any query and for HEAD (no body); a trailing slash or a POST is not", async () => {
    const query = await t.app.request("/api/live-odds?since=1");
    expect(query.status).toBe(200);
    expect(((await query.json()) as unknown[]).length).toBeGreaterThan(0);
    const head = await t.app.request("/api/live-odds", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toMatch(/^W\//);
    expect(await head.text()).toBe("");
    const slash = await t.app.request("/api/live-odds/");
    expect(slash.status).toBe(404);
    expect(((await slash.json()) as { error: { code: string } }).error.code).toBe("ROUTE.NOT_FOUND");
    const post = await t.app.request("/api/live-odds", { method: "POST" });
    expect(post.status).toBe(404);
  });

  it("while the snapshot is fresh, app.fetch answers at once: no router, no promise", async () => {
    const cached = await makeTestApp({ liveOddsCacheMs: 60_000 });
    try {
      const first = cached.app.fetch(new Request("http://localhost/api/live-odds"), {});
      expect(first).toBeInstanceOf(Promise); // the first poll builds the snapshot
      expect((await first).status).toBe(200);
      const next = cached.app.fetch(new Request("http://localhost/api/live-odds"), {});
      expect(next).toBeInstanceOf(Response);
      // Every other request goes through the router as before.
      expect(cached.app.fetch(new Request("http://localhost/api/health"), {})).toBeInstanceOf(Promise);
    } finally {
      cached.close();
    }
  });

  it("when the snapshot cannot be built: a 500 with the error envelope, request id and security headers", async () => {
    const broken = await makeTestApp();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      await broken.database.client.execute("ALTER TABLE events RENAME TO events_gone");
      const res = await broken.app.request("/api/live-odds", { headers: { "x-request-id": "poll-err" } });
      expect(res.status).toBe(500);
      expect(res.headers.get("x-request-id")).toBe("poll-err");
      expect(res.headers.get("content-security-policy")).toBe(API_SECURITY_HEADERS["content-security-policy"]);
      const body = (await res.json()) as { error: { code: string; requestId: string } };
      expect(body.error).toMatchObject({ code: "INTERNAL", requestId: "poll-err" });
      expect(errors).toHaveBeenCalledWith(expect.stringContaining("no such table: events"));
      // The same envelope as a route behind the router gets from the app's error handler.
      const routed = await broken.app.request("/api/events", { headers: { "x-request-id": "events-err" } });
      expect(routed.status).toBe(500);
      expect(((await routed.json()) as { error: unknown }).error).toEqual({ ...body.error, requestId: "events-err" });
      // Once the database is whole again, the next poll is answered.
      await broken.database.client.execute("ALTER TABLE events_gone RENAME TO events");
      expect((await broken.app.request("/api/live-odds")).status).toBe(200);
    } finally {
      errors.mockRestore();
      broken.close();
    }
  });

  it("stays in the OpenAPI document", async () => {
    const doc = (await (await t.app.request("/api/openapi.json")).json()) as { paths: Record<string, Record<string, unknown>> };
    expect(doc.paths["/api/live-odds"]?.get).toBeDefined();
    expect(doc.paths["/api/live-odds/stream"]?.get).toBeDefined();
  });
});

describe("isLiveOddsPoll", () => {
  it("matches GET and HEAD of exactly /api/live-odds, with or without a query", async () => {
    const { isLiveOddsPoll } = await import("../../api/live-odds/snapshot.ts");
    const poll = (url: string, method = "GET") => isLiveOddsPoll(new Request(url, { method }));
    expect(poll("http://localhost/api/live-odds")).toBe(true);
    expect(poll("https://bet.example:8443/api/live-odds?x=1")).toBe(true);
    expect(poll("http://localhost/api/live-odds", "HEAD")).toBe(true);
    expect(poll("http://localhost/api/live-odds", "POST")).toBe(false);
    expect(poll("http://localhost/api/live-odds/")).toBe(false);
    expect(poll("http://localhost/api/live-odds/stream")).toBe(false);
    expect(poll("http://localhost/api/live-oddsx")).toBe(false);
    expect(poll("http://localhost/x/api/live-odds")).toBe(false);
    expect(poll("http://localhost/")).toBe(false);
  });
});

describe("acceptsGzip", () => {
  it("reads Accept-Encoding lists, q-values and *", async () => {
    const { acceptsGzip } = await import("../../api/live-odds/snapshot.ts");
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
