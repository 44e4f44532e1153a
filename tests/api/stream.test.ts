/**
 * GET /api/live-odds/stream: server-sent events read from app.request()'s body. A change written
 * to the database (as the feed or a trader would) reaches the subscriber as an "odds" event with
 * the same item GET /api/live-odds shows; nothing is sent twice; two instances over one database
 * both send it; a disconnect unsubscribes and the poller stops with its last subscriber.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import { siblingApps, sleep } from "../fixtures/builders.ts";
import { liveOddsHubOf } from "../../api/routes/stream.ts";
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

  return { res, next, nextOddsFor, close: () => reader.cancel() };
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

async function until(cond: () => boolean, ms = 3000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await sleep(10);
  }
}

describe("GET /api/live-odds/stream", () => {
  it("answers an event stream that opens with a ping, for anyone", async () => {
    const s = await openStream(t.app);
    try {
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(s.res.headers.get("cache-control")).toBe("no-cache");
      const first = await s.next();
      expect(first?.event).toBe("ping");
      expect(JSON.parse(first!.data)).toEqual({ at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
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
      // Several polls, including the overlap window, pass: nothing more for this event.
      const quiet = await s.next(1800);
      expect(quiet === null || quiet.event === "ping" || JSON.parse(quiet.data).id !== "evt_010").toBe(true);
      // A write that touches the row without changing anything shown is not sent either.
      await t.database.client.execute({ sql: "UPDATE outcomes SET updated_at = ? WHERE id = 'evt_010-m1-o2'", args: [Date.now()] });
      expect(await s.next(1200)).toBeNull();
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
      expect(liveOddsHubOf(t.database.client)?.subscriberCount).toBe(1);
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

  it("a disconnect unsubscribes at once, and the poller stops with its last subscriber", async () => {
    const a = await openStream(t.app);
    const b = await openStream(t.app);
    await a.next();
    await b.next();
    const hub = liveOddsHubOf(t.database.client)!;
    expect(hub.subscriberCount).toBe(2);
    expect(hub.isRunning).toBe(true);
    await a.close();
    await until(() => hub.subscriberCount === 1);
    expect(hub.isRunning).toBe(true);
    await b.close();
    await until(() => hub.subscriberCount === 0);
    expect(hub.isRunning).toBe(false);
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
      for (let i = 0; i < 3; i++) seen.push((await s.next(1000))?.event ?? "none");
      expect(seen).toEqual(["ping", "ping", "ping"]);
    } finally {
      await s.close();
    }
  });
});
