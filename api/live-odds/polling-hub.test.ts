import { afterEach, describe, expect, it } from "vitest";
import { PollingHub } from "./polling-hub.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(cond: () => boolean, ms = 2000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("condition not met in time");
    await sleep(5);
  }
}

/** A source whose next poll returns whatever was queued, counting starts and polls. */
function source() {
  const s = {
    starts: 0,
    polls: 0,
    pending: [] as number[],
    failNext: false,
    inFlight: 0,
    maxInFlight: 0,
    async start() {
      s.starts++;
    },
    async poll() {
      s.polls++;
      s.inFlight++;
      s.maxInFlight = Math.max(s.maxInFlight, s.inFlight);
      await sleep(2);
      s.inFlight--;
      if (s.failNext) {
        s.failNext = false;
        throw new Error("database hiccup");
      }
      return s.pending.splice(0);
    },
  };
  return s;
}

const hubs: PollingHub<number>[] = [];
const unsubscribers: (() => void)[] = [];
afterEach(() => {
  unsubscribers.splice(0).forEach((u) => u());
  hubs.splice(0);
});

function hubOver(s: ReturnType<typeof source>, errors: unknown[] = []) {
  const hub = new PollingHub<number>({ intervalMs: 10, start: s.start, poll: s.poll, onError: (e) => errors.push(e) });
  hubs.push(hub);
  return hub;
}

describe("PollingHub", () => {
  it("does not poll while nobody listens", async () => {
    const s = source();
    const hub = hubOver(s);
    await sleep(40);
    expect(s.starts).toBe(0);
    expect(s.polls).toBe(0);
    expect(hub.isRunning).toBe(false);
  });

  it("starts with the first subscriber, then sends every polled item to every subscriber, in order", async () => {
    const s = source();
    const hub = hubOver(s);
    const a: number[] = [];
    const b: number[] = [];
    unsubscribers.push(await hub.subscribe((xs) => a.push(...xs)));
    expect(s.starts).toBe(1);
    unsubscribers.push(await hub.subscribe((xs) => b.push(...xs)));
    expect(s.starts).toBe(1); // one poller for all subscribers
    s.pending.push(1, 2, 3);
    await until(() => a.length === 3 && b.length === 3);
    expect(a).toEqual([1, 2, 3]);
    expect(b).toEqual([1, 2, 3]);
    expect(hub.subscriberCount).toBe(2);
  });

  it("hands each poll's items to a subscriber as one batch, and nothing for an empty poll", async () => {
    const s = source();
    const hub = hubOver(s);
    const batches: number[][] = [];
    unsubscribers.push(await hub.subscribe((xs) => batches.push(xs)));
    await until(() => s.polls >= 3); // empty polls
    expect(batches).toEqual([]);
    s.pending.push(4, 5);
    await until(() => batches.length === 1);
    s.pending.push(6);
    await until(() => batches.length === 2);
    expect(batches).toEqual([[4, 5], [6]]);
  });

  it("never runs two polls at once", async () => {
    const s = source();
    const hub = hubOver(s);
    unsubscribers.push(await hub.subscribe(() => {}));
    unsubscribers.push(await hub.subscribe(() => {}));
    await until(() => s.polls >= 5);
    expect(s.maxInFlight).toBe(1);
  });

  it("stops polling when the last subscriber leaves, and starts afresh for the next", async () => {
    const s = source();
    const hub = hubOver(s);
    const got: number[] = [];
    const off1 = await hub.subscribe((xs) => got.push(...xs));
    const off2 = await hub.subscribe(() => {});
    off1();
    off1(); // twice is harmless
    expect(hub.subscriberCount).toBe(1);
    expect(hub.isRunning).toBe(true);
    off2();
    expect(hub.subscriberCount).toBe(0);
    expect(hub.isRunning).toBe(false);
    await sleep(30);
    const pollsWhenStopped = s.polls;
    await sleep(50);
    expect(s.polls).toBe(pollsWhenStopped);
    s.pending.push(9);
    await sleep(30);
    expect(got).toEqual([]); // nobody was listening; nothing was polled

    unsubscribers.push(await hub.subscribe((xs) => got.push(...xs)));
    expect(s.starts).toBe(2);
    await until(() => got.length === 1);
    expect(got).toEqual([9]);
  });

  it("a subscriber that leaves stops receiving at once", async () => {
    const s = source();
    const hub = hubOver(s);
    const a: number[] = [];
    const b: number[] = [];
    const offA = await hub.subscribe((xs) => a.push(...xs));
    unsubscribers.push(await hub.subscribe((xs) => b.push(...xs)));
    s.pending.push(1);
    await until(() => b.length === 1);
    offA();
    s.pending.push(2);
    await until(() => b.length === 2);
    expect(a).toEqual([1]);
    expect(b).toEqual([1, 2]);
  });

  it("reports a failing poll and carries on; a throwing subscriber does not stop the others", async () => {
    const s = source();
    const errors: unknown[] = [];
    const hub = hubOver(s, errors);
    const got: number[] = [];
    unsubscribers.push(
      await hub.subscribe(() => {
        throw new Error("bad listener");
      }),
    );
    unsubscribers.push(await hub.subscribe((xs) => got.push(...xs)));
    s.failNext = true;
    await until(() => errors.length >= 1);
    expect(String(errors[0])).toContain("database hiccup");
    s.pending.push(7);
    await until(() => got.length === 1);
    expect(got).toEqual([7]);
    expect(errors.some((e) => String(e).includes("bad listener"))).toBe(true);
  });

  it("a failing start is retried on the next tick before any poll", async () => {
    let fails = 1;
    const errors: unknown[] = [];
    const s = source();
    const hub = new PollingHub<number>({
      intervalMs: 10,
      start: async () => {
        s.starts++;
        if (fails-- > 0) throw new Error("not yet");
      },
      poll: s.poll,
      onError: (e) => errors.push(e),
    });
    unsubscribers.push(await hub.subscribe(() => {}));
    expect(errors).toHaveLength(1);
    expect(s.polls).toBe(0);
    await until(() => s.polls >= 1);
    expect(s.starts).toBe(2);
  });
});
