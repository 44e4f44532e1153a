import { afterEach, describe, expect, it } from "vitest";
import { SlowSubscriberError, SseBroadcast, sseFrame, sseText } from "./broadcast.ts";

/** One turn of the event loop: every pending promise callback and I/O callback has run. */
const nextTurn = () => new Promise((r) => setImmediate(r));
const decoder = new TextDecoder();

/** A source we drive by hand: `emit` is what the poller would do after a poll. */
function manualSource() {
  const s = {
    listener: null as ((items: { id: string; n: number }[]) => void) | null,
    subscribes: 0,
    unsubscribes: 0,
    /** Resolves once the broadcast has asked to listen (before any gate lets it finish). */
    asked: null as Promise<void> | null,
    askedNow: () => {},
    /** Resolved by the test to let a subscription finish (null: at once). */
    gate: null as Promise<void> | null,
    async subscribe(listener: (items: { id: string; n: number }[]) => void) {
      s.subscribes++;
      s.askedNow();
      if (s.gate) await s.gate;
      s.listener = listener;
      return () => {
        s.unsubscribes++;
        s.listener = null;
      };
    },
    emit(...items: { id: string; n: number }[]) {
      s.listener?.(items);
    },
  };
  s.asked = new Promise<void>((r) => (s.askedNow = r));
  return s;
}

const broadcasts: SseBroadcast<{ id: string; n: number }>[] = [];
const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
afterEach(async () => {
  await Promise.all(readers.splice(0).map((r) => r.cancel().catch(() => {})));
  broadcasts.splice(0);
});

function broadcastOver(source: ReturnType<typeof manualSource>, opts: { pingMs?: number; maxQueueBytes?: number } = {}) {
  let serialised = 0;
  const b = new SseBroadcast<{ id: string; n: number }>({
    source,
    event: "odds",
    serialize: (item) => {
      serialised++;
      return JSON.stringify(item);
    },
    pingMs: opts.pingMs ?? 60_000,
    pingData: () => JSON.stringify({ at: "2026-01-01T00:00:00.000Z" }),
    retryMs: 3000,
    maxQueueBytes: opts.maxQueueBytes ?? 1 << 20,
  });
  broadcasts.push(b);
  return { b, serialised: () => serialised };
}

async function subscribe(b: SseBroadcast<{ id: string; n: number }>) {
  const reader = (await b.open()).getReader();
  readers.push(reader);
  return reader;
}

const text = async (r: ReadableStreamDefaultReader<Uint8Array>) => decoder.decode((await r.read()).value);

describe("sseFrame", () => {
  it("is one event in the SSE wire format, with retry when asked", () => {
    expect(sseText("odds", '{"a":1}')).toBe('event: odds\ndata: {"a":1}\n\n');
    expect(decoder.decode(sseFrame("ping", "{}", 3000))).toBe("event: ping\ndata: {}\nretry: 3000\n\n");
  });
});

describe("SseBroadcast", () => {
  it("opens every stream with retry and a ping, once the source listens", async () => {
    const source = manualSource();
    const { b } = broadcastOver(source);
    const r = await subscribe(b);
    expect(source.subscribes).toBe(1);
    expect(await text(r)).toBe('event: ping\ndata: {"at":"2026-01-01T00:00:00.000Z"}\nretry: 3000\n\n');
    expect(b.subscriberCount).toBe(1);
  });

  it("serialises each item once and hands the very same bytes to every subscriber", async () => {
    const source = manualSource();
    const { b, serialised } = broadcastOver(source);
    const rs = [await subscribe(b), await subscribe(b), await subscribe(b)];
    expect(source.subscribes).toBe(1); // one subscription to the poller for all of them
    for (const r of rs) await r.read(); // the opening ping
    source.emit({ id: "evt_1", n: 1 }, { id: "evt_2", n: 2 });
    const chunks = await Promise.all(rs.map(async (r) => (await r.read()).value!));
    expect(serialised()).toBe(2);
    expect(b.stats.itemsEncoded).toBe(2);
    expect(chunks[1]).toBe(chunks[0]); // the same Uint8Array, not equal copies
    expect(chunks[2]).toBe(chunks[0]);
    expect(decoder.decode(chunks[0])).toBe('event: odds\ndata: {"id":"evt_1","n":1}\n\nevent: odds\ndata: {"id":"evt_2","n":2}\n\n');
    expect(b.stats.chunksEnqueued).toBe(3);
  });

  it("runs one ping timer for all subscribers, and only while there are any", async () => {
    const source = manualSource();
    const { b } = broadcastOver(source, { pingMs: 40 });
    expect(b.isPinging).toBe(false);
    const rs = [await subscribe(b), await subscribe(b), await subscribe(b)];
    expect(b.isPinging).toBe(true);
    for (const r of rs) await r.read();
    const before = { pings: b.stats.pingsEncoded, chunks: b.stats.chunksEnqueued };
    const pings = await Promise.all(rs.map(async (r) => [(await r.read()).value!, (await r.read()).value!]));
    expect(pings[1][0]).toBe(pings[0][0]); // one frame per tick, shared
    expect(pings[2][1]).toBe(pings[0][1]);
    expect(decoder.decode(pings[0][0])).toBe('event: ping\ndata: {"at":"2026-01-01T00:00:00.000Z"}\n\n');
    // Every ping encoded went to all three subscribers (a timer each would encode one per
    // subscriber): however many ticks a slow machine let pass meanwhile, not a count of them.
    const encoded = b.stats.pingsEncoded - before.pings;
    expect(encoded).toBeGreaterThanOrEqual(2);
    expect(b.stats.chunksEnqueued - before.chunks).toBe(3 * encoded);
    for (const r of rs) await r.cancel();
    readers.splice(0);
    expect(b.isPinging).toBe(false);
  });

  it("drops a subscriber that stops reading, keeps the others", async () => {
    const source = manualSource();
    const { b } = broadcastOver(source, { maxQueueBytes: 1000 });
    const slow = await subscribe(b);
    const fast = await subscribe(b);
    const got: string[] = [];
    void (async () => {
      for (;;) {
        const { value, done } = await fast.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        got.push(decoder.decode(value));
      }
    })();
    for (let n = 0; n < 20; n++) {
      source.emit({ id: "x".repeat(100), n });
      await nextTurn();
    }
    expect(b.stats.dropped).toBe(1);
    expect(b.subscriberCount).toBe(1);
    await expect(slow.read()).rejects.toBeInstanceOf(SlowSubscriberError);
    // However long the reader takes to catch up (no fixed number of tries).
    await expect.poll(() => got.join(""), { timeout: 25_000 }).toContain('"n":19}');
  });

  it("a cancelled stream leaves at once; the source subscription ends with the last one and starts afresh", async () => {
    const source = manualSource();
    const { b } = broadcastOver(source);
    const a = await subscribe(b);
    const c = await subscribe(b);
    await a.cancel();
    expect(b.subscriberCount).toBe(1);
    expect(source.unsubscribes).toBe(0);
    await c.cancel();
    expect(b.subscriberCount).toBe(0);
    expect(source.unsubscribes).toBe(1);
    source.emit({ id: "evt_1", n: 1 }); // nobody listens: nothing to do, nothing thrown
    const d = await subscribe(b);
    expect(source.subscribes).toBe(2);
    await d.read();
    source.emit({ id: "evt_1", n: 2 });
    expect(decoder.decode((await d.read()).value)).toContain('"n":2');
  });

  it("streams opened while the source is starting all wait for it, and share one subscription", async () => {
    const source = manualSource();
    let release!: () => void;
    source.gate = new Promise<void>((r) => (release = r));
    const { b } = broadcastOver(source);
    let opened = 0;
    const opening = [b.open(), b.open()].map((p) => p.then((s) => (opened++, s)));
    // The source has been asked; once every pending turn has run (a macrotask after it), neither
    // stream has opened: the gate, not the time waited, is what holds them.
    await expect.poll(() => source.subscribes).toBe(1);
    await new Promise((r) => setImmediate(r));
    expect(opened).toBe(0); // no ping before the source listens
    release();
    const rs = (await Promise.all(opening)).map((s) => s.getReader());
    readers.push(...rs);
    expect(source.subscribes).toBe(1);
    expect(b.subscriberCount).toBe(2);
    for (const r of rs) expect(await text(r)).toContain("retry: 3000");
    source.emit({ id: "evt_1", n: 1 });
    for (const r of rs) expect(await text(r)).toContain('"id":"evt_1"');
  });
});

/** A connection as an HTTP server would give it (EventStreamConnection): what it was sent, and its unsent bytes set by the test. */
function fakeConnection() {
  const c = {
    sent: [] as Uint8Array[],
    unsentBytes: 0 as number | null,
    destroyedWith: null as Error | null,
    write(chunk: Uint8Array) {
      c.sent.push(chunk);
    },
    get unsent() {
      return c.unsentBytes;
    },
    destroy(reason: Error) {
      c.destroyedWith = reason;
      c.unsentBytes = null;
    },
    text: () => c.sent.map((b) => decoder.decode(b)).join(""),
  };
  return c;
}

describe("SseBroadcast, subscribers written to their connections (attach)", () => {
  it("writes retry and a ping once the source listens, then the same bytes as every web stream subscriber", async () => {
    const source = manualSource();
    let release!: () => void;
    source.gate = new Promise<void>((r) => (release = r));
    const { b } = broadcastOver(source);
    const conn = fakeConnection();
    const attaching = b.attach(conn);
    // Nothing before the source listens: it has been asked, is held at the gate, and every pending
    // turn has run.
    await source.asked;
    await nextTurn();
    expect(conn.sent).toHaveLength(0);
    release();
    await attaching;
    expect(conn.text()).toBe('event: ping\ndata: {"at":"2026-01-01T00:00:00.000Z"}\nretry: 3000\n\n');
    const stream = await subscribe(b);
    await stream.read();
    source.emit({ id: "evt_1", n: 1 });
    const streamed = (await stream.read()).value!;
    expect(conn.sent[1]).toBe(streamed); // the very same Uint8Array
    expect(b.subscriberCount).toBe(2);
    expect(source.subscribes).toBe(1);
  });

  it("drops a connection whose unsent bytes reach the limit (closing it), keeps the others", async () => {
    const source = manualSource();
    const { b } = broadcastOver(source, { maxQueueBytes: 1000 });
    const slow = fakeConnection();
    const fast = fakeConnection();
    await b.attach(slow);
    await b.attach(fast);
    slow.unsentBytes = 999;
    source.emit({ id: "evt_1", n: 1 });
    expect(slow.destroyedWith).toBeNull(); // under the limit: still sent to
    expect(slow.sent).toHaveLength(2);
    slow.unsentBytes = 1000;
    source.emit({ id: "evt_1", n: 2 });
    expect(slow.destroyedWith).toBeInstanceOf(SlowSubscriberError);
    expect(slow.sent).toHaveLength(2); // nothing more written to it
    expect(fast.text()).toContain('"n":2');
    expect(b.stats.dropped).toBe(1);
    expect(b.subscriberCount).toBe(1);
  });

  it("a connection that closed is left at the next send; its leave ends the source subscription with the last one", async () => {
    const source = manualSource();
    const { b } = broadcastOver(source);
    const gone = fakeConnection();
    const staying = fakeConnection();
    await b.attach(gone);
    const leave = await b.attach(staying);
    gone.unsentBytes = null; // closed without its leave having run yet
    source.emit({ id: "evt_1", n: 1 });
    expect(b.subscriberCount).toBe(1);
    expect(gone.sent).toHaveLength(1);
    leave();
    expect(b.subscriberCount).toBe(0);
    expect(source.unsubscribes).toBe(1);
    expect(b.isPinging).toBe(false);
  });
});
