/**
 * GET /api/live-odds/stream served by @hono/node-server (as both entries serve it), written straight
 * to each connection (adapters/system/node-event-streams.ts) instead of through a web stream: the
 * same headers and wire format as through app.request() (tests/api/stream.test.ts), a change
 * arrives, and a disconnect unsubscribes.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import { liveOddsBroadcastOf, liveOddsHubOf } from "../../api/live-odds/stream.ts";
import { API_SECURITY_HEADERS } from "../../api/middleware/request-trail.ts";
import type { LiveOddsItem } from "../../api/schemas/events.ts";
import { nodeEventStreams } from "../../adapters/system/node-event-streams.ts";
import type { EventStreams } from "../../domain/ports/index.ts";

/** The server's event streams, counting the responses they wrote to (null: the request had no connection). */
const opened: ("connection" | null)[] = [];
const counting: EventStreams = {
  open(env, headers, onClose) {
    const r = nodeEventStreams().open(env, headers, onClose);
    opened.push(r ? "connection" : null);
    return r;
  },
};

let t: TestApp;
let server: ServerType;
let port = 0;
beforeAll(async () => {
  t = await makeTestApp({ liveStream: { pollMs: 30 }, eventStreams: counting });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  t.close();
});

/** A subscriber over a real connection: its response, and the text it has read so far (as it arrives). */
async function subscribe() {
  const { req, res } = await new Promise<{ req: http.ClientRequest; res: http.IncomingMessage }>((resolve, reject) => {
    const req = http.get({ hostname: "127.0.0.1", port, path: "/api/live-odds/stream", agent: false }, (res) => resolve({ req, res }));
    req.on("error", reject);
  });
  let text = "";
  const waiters: (() => void)[] = [];
  res.setEncoding("utf8");
  res.on("data", (chunk: string) => ((text += chunk), waiters.splice(0).forEach((w) => w())));
  /** Resolves once the text read matches. */
  const until = (pattern: RegExp) =>
    new Promise<RegExpMatchArray>((resolve) => {
      const check = () => {
        const m = text.match(pattern);
        if (m) resolve(m);
        else waiters.push(check);
      };
      check();
    });
  const closed = new Promise<void>((resolve) => res.once("close", () => resolve()));
  return { res, until, closed, close: () => req.destroy() };
}

describe("the live-odds stream under @hono/node-server", () => {
  it("answers with the same headers and wire format, written to the connection, and pushes a change as GET /api/live-odds shows it", async () => {
    const before = opened.length;
    const s = await subscribe();
    try {
      expect(s.res.statusCode).toBe(200);
      expect(opened.slice(before)).toEqual(["connection"]);
      expect(s.res.headers["content-type"]).toMatch(/^text\/event-stream/);
      expect(s.res.headers["cache-control"]).toBe("no-cache");
      expect(s.res.headers["x-accel-buffering"]).toBe("no");
      for (const [name, value] of Object.entries(API_SECURITY_HEADERS)) expect(s.res.headers[name]).toBe(value);
      expect(s.res.headers["x-request-id"]).toBeTruthy();
      expect(s.res.headers["transfer-encoding"]).toBe("chunked");
      await s.until(/^event: ping\ndata: \{"at":"[^"]+"\}\nretry: 3000\n\n/);
      await t.database.client.execute({ sql: "UPDATE outcomes SET price_milli = price_milli + 70, updated_at = ? WHERE id = 'evt_001-m1-o1'", args: [Date.now()] });
      const [, data] = await s.until(/event: odds\ndata: (\{"id":"evt_001".*\})\n\n/);
      const items = (await (await t.app.request("/api/live-odds")).json()) as LiveOddsItem[];
      expect(JSON.parse(data!)).toEqual(items.find((i) => i.id === "evt_001"));
      expect(liveOddsBroadcastOf(t.database.client)!.subscriberCount).toBe(1);
    } finally {
      s.close();
      await s.closed;
    }
  });

  it("a disconnect unsubscribes, and the poller stops with the last subscriber", async () => {
    const s = await subscribe();
    await s.until(/event: ping/);
    const broadcast = liveOddsBroadcastOf(t.database.client)!;
    expect(broadcast.subscriberCount).toBe(1);
    s.close();
    // The server sees the close on a later turn of its event loop: wait for it, not for a time.
    await expect.poll(() => broadcast.subscriberCount).toBe(0);
    expect(liveOddsHubOf(t.database.client)!.isRunning).toBe(false);
    expect(broadcast.isPinging).toBe(false);
  });

  it("through app.request() (no connection) it still answers with a web stream", async () => {
    const before = opened.length;
    const res = await t.app.request("/api/live-odds/stream");
    expect(res.status).toBe(200);
    expect(opened.slice(before)).toEqual([null]);
    const reader = res.body!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^event: ping\n/);
    await reader.cancel();
    await expect.poll(() => liveOddsBroadcastOf(t.database.client)!.subscriberCount).toBe(0);
  });
});

describe("a connection that closes while the broadcast is still joining its source", () => {
  it("leaves at once, and the poller stops", async () => {
    const a = await makeTestApp({
      liveStream: { pollMs: 30 },
      // The server reports the connection closed before the subscriber is attached.
      eventStreams: {
        open: (_env, _headers, onClose) => {
          queueMicrotask(onClose);
          return { connection: { write() {}, unsent: 0, destroy() {} }, answered: new Response(null, { status: 200 }) };
        },
      },
    });
    try {
      const res = await a.app.request("/api/live-odds/stream");
      expect(res.status).toBe(200);
      const broadcast = liveOddsBroadcastOf(a.database.client)!;
      expect(broadcast.subscriberCount).toBe(0);
      expect(liveOddsHubOf(a.database.client)!.isRunning).toBe(false);
    } finally {
      a.close();
    }
  });
});
