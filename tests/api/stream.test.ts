/**
 * GET /api/live-odds/stream: server-sent events read from app.request()'s body. A change written
 * to the database (as the feed or a trader would) reaches the subscriber as an "odds" event with
 * the same item GET /api/live-odds shows; nothing is sent twice; two instances over one database
 * both send it; each change is serialised once for all subscribers of a process and pings come
 * from one timer; a subscriber that stops reading is dropped; a disconnect unsubscribes and the
 * poller stops with its last subscriber.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import { siblingApps } from "../fixtures/builders.ts";
import { liveOddsBroadcastOf, liveOddsHubOf, MAX_QUEUE_BYTES } from "../../api/live-odds/stream.ts";
import { SlowSubscriberError } from "../../api/live-odds/broadcast.ts";
import type { LiveOddsItem } from "../../api/schemas/events.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

type SseMessage = { event: string; data: string };

/** Open the stream and read it message by message, with a timeout that does not lose data. */
async function openStream(app: { request: TestApp["app"]["request"] }) {
  const res = await app.request("/api/live-odds/stream");
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;

  function parse(): SseMessage | null {
    const end = buffer.indexOf("\n\n");
    if (end < 0) return null;
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    const msg: SseMessage = { event: "message", data: "" };
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("event: ")) msg.event = line.slice(7);
      else if (line.startsWith("data: ")) data.push(line.slice(6));
    }
    msg.data = data.join("\n");
    return msg;
  }

  /** The next message, or null if none arrives within `ms`. */
  async function next(ms = 4000): Promise<SseMessage | null> {
    const deadline = Date.now() + ms;
    for (;;) {
      const msg = parse();
      if (msg) return msg;
      const left = deadline - Date.now();
      if (left <= 0) return null;
      pending ??= reader.read();
      const timeout = new Promise<"timeout">((r) => setTimeout(() => r("timeout"), left));
      const result = await Promise.race([pending, timeout]);
      if (result === "timeout") return null;
      pending = null;
      if (result.done) return null;
      buffer += decoder.decode(result.value, { stream: true });
    }
  }

  /** The next "odds" message for the event, skipping pings and other events. */
  async function nextOddsFor(eventId: string, ms = 4000) {
    const deadline = Date.now() + ms;
    for (;;) {
      const msg = await next(Math.max(1, deadline - Date.now()));
      if (!msg) throw new Error(`no odds event for ${eventId} within ${ms} ms`);
      if (msg.event === "odds") {
        const item = JSON.parse(msg.data);
        if (item.id === eventId) return item;
      }
    }
  }

  /**
   * Every message already sent: read until the stream has nothing more once the event loop has
   * turned (a chunk already enqueued is read on that turn). No wall-clock wait is involved.
   */
  async function arrived(): Promise<SseMessage[]> {
    const out: SseMessage[] = [];
    for (;;) {
      for (let m = parse(); m; m = parse()) out.push(m);
      pending ??= reader.read();
      const r = await Promise.race([pending, new Promise<"none">((ok) => setImmediate(() => ok("none")))]);
      if (r === "none") return out;
      pending = null;
      if (r.done) return out;
      buffer += decoder.decode(r.value, { stream: true });
    }
  }

  /** The raw bytes of the next chunk (for the exact wire format). */
  async function rawChunk(): Promise<string> {
    pending ??= reader.read();
    const result = await pending;
    pending = null;
    return decoder.decode(result.value);
  }

  return { res, next, nextOddsFor, arrived, rawChunk, read: () => reader.read(), close: () => reader.cancel() };
}

async function liveItem(eventId: string) {
  const items = (await (await t.app.request("/api/live-odds")).json()) as LiveOddsItem[];
  return items.find((i) => i.id === eventId)!;
}

async function raisePrice(outcomeId: string, byMilli: number) {
  await t.database.client.execute({
    sql: "UPDATE outcomes SET price_milli = price_milli + ?, updated_at = ? WHERE id = ?",
    args: [byMilli, Date.now(), outcomeId],
  });
}

describe("GET /api/live-odds/stream", () => {
  it("answers an event stream that opens with a ping, for anyone", async () => {
    const s = await openStream(t.app);
    try {
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(s.res.headers.get("cache-control")).toBe("no-cache");
      expect(s.res.headers.get("x-accel-buffering")).toBe("no");
      const first = await s.next();
      expect(first?.event).toBe("ping");
      expect(JSON.parse(first!.data)).toEqual({ at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    } finally {
      await s.close();
    }
  });

  it("speaks the exact wire format: retry and a ping first, then one event block per change", async () => {
    const s = await openStream(t.app);
    try {
      expect(await s.rawChunk()).toMatch(/^event: ping\ndata: \{"at":"[^"]+"\}\nretry: 3000\n\n$/);
      await raisePrice("evt_018-m1-o1", 50);
      const raw = await s.rawChunk();
      expect(raw).toMatch(/^event: odds\ndata: \{.*\}\n\n$/);
      expect(JSON.parse(raw.slice("event: odds\ndata: ".length, -2))).toEqual(await liveItem("evt_018"));
    } finally {
      await s.close();
    }
  });

  it("pushes a price change written to the database as the same item GET /api/live-odds shows", async () => {
    const s = await openStream(t.app);
    try {
      expect((await s.next())?.event).toBe("ping");
      const before = await liveItem("evt_001");
      await raisePrice("evt_001-m1-o1", 250);
      const pushed = await s.nextOddsFor("evt_001");
      const expected = await liveItem("evt_001");
      expect(pushed).toEqual(expected);
      expect(pushed.odds.home).not.toBe(before.odds.home);
      expect(Number(pushed.odds.home)).toBeCloseTo(Number(before.odds.home) + 0.25, 3);
    } finally {
      await s.close();
    }
  });

  it("pushes score, market status and event status changes", async () => {
    const s = await openStream(t.app);
    try {
      await s.next();
      await t.database.client.execute({
        sql: "UPDATE events SET home_score = home_score + 1, minute = minute + 1, updated_at = ? WHERE id = 'evt_002'",
        args: [Date.now()],
      });
      const scored = await s.nextOddsFor("evt_002");
      expect(scored).toEqual(await liveItem("evt_002"));

      await t.database.client.execute({ sql: "UPDATE markets SET status = 'suspended', updated_at = ? WHERE id = 'evt_007-m1'", args: [Date.now()] });
      expect((await s.nextOddsFor("evt_007")).marketStatus).toBe("suspended");
      await t.database.client.execute({ sql: "UPDATE markets SET status = 'open', updated_at = ? WHERE id = 'evt_007-m1'", args: [Date.now()] });
      expect((await s.nextOddsFor("evt_007")).marketStatus).toBe("open");

      // An admin finishes a live event through the API: the stream says so (and the panel drops it).
      const admin = await demoLogin(t, "admin");
      expect((await admin.patch("/api/admin/events/evt_015", { status: "finished" })).status).toBe(200);
      const finished = await s.nextOddsFor("evt_015");
      expect(finished).toMatchObject({ id: "evt_015", status: "finished", marketStatus: "closed" });
    } finally {
      await s.close();
    }
  });

  it("sends each change once (no repeats while nothing changes), then the next change", async () => {
    const s = await openStream(t.app);
    try {
      await s.next();
      await raisePrice("evt_010-m1-o1", 100);
      await s.nextOddsFor("evt_010");
      // Three more polls, each re-reading the change (it is still inside the overlap window), have
      // finished: nothing more for this event. Counted polls, not a span of time a slow machine
      // could fill with none.
      const hub = liveOddsHubOf(t.database.client)!;
      await hub.whenPolled(hub.pollsFinished + 3);
      const odds = (messages: SseMessage[]) => messages.filter((m) => m.event === "odds").map((m) => (JSON.parse(m.data) as { id: string }).id);
      expect(odds(await s.arrived())).not.toContain("evt_010");
      // A write that touches the row without changing anything shown is not sent either: two polls
      // on, one of them begun after the write, nothing at all has been sent.
      await t.database.client.execute({ sql: "UPDATE outcomes SET updated_at = ? WHERE id = 'evt_010-m1-o2'", args: [Date.now()] });
      await hub.whenPolled(hub.pollsFinished + 2);
      expect(odds(await s.arrived())).toEqual([]);
      await raisePrice("evt_010-m1-o2", 100);
      const item = await s.nextOddsFor("evt_010");
      expect(item).toEqual(await liveItem("evt_010"));
    } finally {
      await s.close();
    }
  });

  it("two server instances over one database both push the same change (each polls the database itself)", async () => {
    const siblings = await siblingApps(t, 1);
    const a = await openStream(t.app);
    const b = await openStream(siblings.apps[0]);
    try {
      await a.next();
      await b.next();
      // Each instance has its own poller and its own subscribers.
      expect(liveOddsBroadcastOf(t.database.client)?.subscriberCount).toBe(1);
      await raisePrice("evt_011-m1-o2", 300);
      const [fromA, fromB] = await Promise.all([a.nextOddsFor("evt_011"), b.nextOddsFor("evt_011")]);
      expect(fromA).toEqual(fromB);
      expect(fromA).toEqual(await liveItem("evt_011"));
    } finally {
      await a.close();
      await b.close();
      siblings.close();
    }
  });

  it("serialises a change once for all subscribers of a process and hands each the same bytes", async () => {
    const streams = [await openStream(t.app), await openStream(t.app), await openStream(t.app)];
    try {
      for (const s of streams) await s.next();
      const broadcast = liveOddsBroadcastOf(t.database.client)!;
      expect(broadcast.subscriberCount).toBe(3);
      const before = { ...broadcast.stats };
      await raisePrice("evt_004-m1-o1", 70);
      const raws = await Promise.all(streams.map((s) => s.rawChunk()));
      expect(raws[0]).toContain('"id":"evt_004"');
      expect(raws[1]).toBe(raws[0]);
      expect(raws[2]).toBe(raws[0]);
      expect(broadcast.stats.itemsEncoded - before.itemsEncoded).toBe(1); // one item, serialised once
      expect(broadcast.stats.chunksEnqueued - before.chunksEnqueued).toBe(3); // the same bytes to each
    } finally {
      for (const s of streams) await s.close();
    }
  });

  it("a disconnect unsubscribes at once, and the poller stops with its last subscriber", async () => {
    const a = await openStream(t.app);
    const b = await openStream(t.app);
    await a.next();
    await b.next();
    const hub = liveOddsHubOf(t.database.client)!;
    const broadcast = liveOddsBroadcastOf(t.database.client)!;
    expect(broadcast.subscriberCount).toBe(2);
    expect(hub.subscriberCount).toBe(1); // the broadcast listens once for all its subscribers
    expect(hub.isRunning).toBe(true);
    expect(broadcast.isPinging).toBe(true);
    await a.close();
    expect(broadcast.subscriberCount).toBe(1); // at once, not on the next write
    expect(hub.isRunning).toBe(true);
    await b.close();
    expect(broadcast.subscriberCount).toBe(0);
    expect(hub.isRunning).toBe(false);
    expect(broadcast.isPinging).toBe(false);
  });
});

describe("pings", () => {
  let fast: TestApp;
  beforeAll(async () => {
    fast = await makeTestApp({ liveStream: { pingMs: 100, pollMs: 50 } });
  });
  afterAll(() => fast.close());

  it("arrive at the configured interval (15 s by default)", async () => {
    const s = await openStream(fast.app);
    try {
      const seen: string[] = [];
      // Three pings well inside a bound a 15 s interval could not meet (not a measure of speed).
      for (let i = 0; i < 3; i++) seen.push((await s.next(10_000))?.event ?? "none");
      expect(seen).toEqual(["ping", "ping", "ping"]);
    } finally {
      await s.close();
    }
  });

  it("come from one timer shared by every subscriber, the same bytes to each", async () => {
    const streams = [await openStream(fast.app), await openStream(fast.app), await openStream(fast.app)];
    try {
      for (const s of streams) await s.rawChunk(); // the opening ping
      const broadcast = liveOddsBroadcastOf(fast.database.client)!;
      const before = { pings: broadcast.stats.pingsEncoded, chunks: broadcast.stats.chunksEnqueued };
      const pings = await Promise.all(streams.map(async (s) => [await s.rawChunk(), await s.rawChunk()]));
      expect(pings[1]).toEqual(pings[0]);
      expect(pings[2]).toEqual(pings[0]);
      expect(pings[0][0]).toMatch(/^event: ping\ndata: \{"at":"[^"]+"\}\n\n$/);
      // Every ping encoded went to all three subscribers (a timer each would encode one per
      // subscriber), however many ticks a slow machine let pass meanwhile. Nothing else is sent
      // here: no price changes while the pings are read.
      const encoded = broadcast.stats.pingsEncoded - before.pings;
      expect(encoded).toBeGreaterThanOrEqual(2);
      expect(broadcast.stats.chunksEnqueued - before.chunks).toBe(3 * encoded);
    } finally {
      for (const s of streams) await s.close();
    }
  });
});

describe("a subscriber that stops reading", () => {
  let fast: TestApp;
  beforeAll(async () => {
    fast = await makeTestApp({ liveStream: { pollMs: 30 } });
  });
  afterAll(() => fast.close());

  it("is dropped once its unread events pass the limit; the others carry on", async () => {
    const stalled = await openStream(fast.app);
    const reading = await openStream(fast.app);
    try {
      await stalled.next();
      await reading.next();
      const broadcast = liveOddsBroadcastOf(fast.database.client)!;
      const droppedBefore = broadcast.stats.dropped;
      // Every event's prices move, poll after poll: each poll sends every event (~40 items).
      let round = 0;
      let unread = 0;
      while (broadcast.stats.dropped === droppedBefore && round < 200) {
        round++;
        await fast.database.client.execute({ sql: "UPDATE outcomes SET price_milli = price_milli + 1, updated_at = ?", args: [Date.now()] });
        // The reading subscriber reads everything; what it reads, the stalled one leaves unread.
        for (let msg = await reading.next(2000); msg; msg = await reading.next(1)) unread += msg.data.length;
      }
      expect(broadcast.stats.dropped).toBe(droppedBefore + 1);
      expect(unread).toBeGreaterThan(MAX_QUEUE_BYTES / 4); // it really fell far behind first
      expect(broadcast.subscriberCount).toBe(1);
      // The stalled stream ends with the reason (its queue is discarded), the other still gets changes.
      let error: unknown = null;
      try {
        for (;;) if ((await stalled.read()).done) break;
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(SlowSubscriberError);
      await fast.database.client.execute({ sql: "UPDATE outcomes SET price_milli = price_milli + 5, updated_at = ? WHERE id = 'evt_005-m1-o1'", args: [Date.now()] });
      expect((await reading.nextOddsFor("evt_005")).id).toBe("evt_005");
    } finally {
      await stalled.close().catch(() => {});
      await reading.close();
    }
  });
});
