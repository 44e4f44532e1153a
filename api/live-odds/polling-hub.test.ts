/**
 * The hub's wait between polls is a timer the test fires itself (`manualTimer`): a tick polls once,
 * and "nothing was polled" is shown by there being no tick armed and the loop having ended, never by
 * sleeping and finding nothing (which a slow machine would pass for the wrong reason).
 */
import { afterEach, describe, expect, it } from "vitest";
import { PollingHub, type Timer } from "./polling-hub.ts";

/** A timer the test fires: `tick()` fires what is armed and resolves once the hub has armed its next wait. */
function manualTimer() {
  const armed = new Set<{ fire: () => void; ms: number }>();
  let onArm = () => {};
  const timer: Timer & { readonly armed: number; readonly lastMs: number; fire(): void; tick(): Promise<void> } = {
    set(fire, ms) {
      const handle = { fire, ms };
      armed.add(handle);
      onArm();
      return handle;
    },
    clear(handle) {
      armed.delete(handle as { fire: () => void; ms: number });
    },
    get armed() {
      return armed.size;
    },
    get lastMs() {
      return [...armed].at(-1)?.ms ?? NaN;
    },
    /** Fires the one armed wait. */
    fire() {
      if (armed.size !== 1) throw new Error(`expected one armed wait, found ${armed.size}`);
      const [handle] = [...armed];
      armed.delete(handle!);
      handle!.fire();
    },
    async tick() {
      const rearmed = new Promise<void>((resolve) => (onArm = resolve));
      timer.fire();
      await rearmed;
    },
  };
  return timer;
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
      // A poll that takes a few turns of the event loop, as a database read does.
      for (let i = 0; i < 3; i++) await new Promise<void>((r) => setImmediate(r));
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

const unsubscribers: (() => void)[] = [];
afterEach(() => {
  unsubscribers.splice(0).forEach((u) => u());
});

function hubOver(s: ReturnType<typeof source>, errors: unknown[] = []) {
  const timer = manualTimer();
  const hub = new PollingHub<number>({ intervalMs: 10, start: s.start, poll: s.poll, onError: (e) => errors.push(e), timer });
  return { hub, timer };
}

describe("PollingHub", () => {
  it("does not poll while nobody listens: no wait is armed and no loop runs", async () => {
    const s = source();
    const { hub, timer } = hubOver(s);
    await hub.whenStopped();
    expect(timer.armed).toBe(0);
    expect(s.starts).toBe(0);
    expect(s.polls).toBe(0);
    expect(hub.isRunning).toBe(false);
  });

  it("starts with the first subscriber, then sends every polled item to every subscriber, in order", async () => {
    const s = source();
    const { hub, timer } = hubOver(s);
    const a: number[] = [];
    const b: number[] = [];
    unsubscribers.push(await hub.subscribe((xs) => a.push(...xs)));
    expect(s.starts).toBe(1);
    expect([timer.armed, timer.lastMs]).toEqual([1, 10]); // the next poll waits intervalMs
    unsubscribers.push(await hub.subscribe((xs) => b.push(...xs)));
    expect(s.starts).toBe(1); // one poller for all subscribers
    expect(timer.armed).toBe(1);
    s.pending.push(1, 2, 3);
    await timer.tick();
    expect(s.polls).toBe(1);
    expect(a).toEqual([1, 2, 3]);
    expect(b).toEqual([1, 2, 3]);
    expect(hub.subscriberCount).toBe(2);
  });

  it("hands each poll's items to a subscriber as one batch, and nothing for an empty poll", async () => {
    const s = source();
    const { hub, timer } = hubOver(s);
    const batches: number[][] = [];
    unsubscribers.push(await hub.subscribe((xs) => batches.push(xs)));
    for (let i = 0; i < 3; i++) await timer.tick(); // empty polls
    expect(s.polls).toBe(3);
    expect(batches).toEqual([]);
    s.pending.push(4, 5);
    await timer.tick();
    s.pending.push(6);
    await timer.tick();
    expect(batches).toEqual([[4, 5], [6]]);
  });

  it("counts finished polls, items handed over first, and resolves a wait for the nth", async () => {
    const s = source();
    const { hub, timer } = hubOver(s);
    const got: number[] = [];
    unsubscribers.push(await hub.subscribe((xs) => got.push(...xs)));
    expect(hub.pollsFinished).toBe(0); // the start is not a poll
    let second = false;
    void hub.whenPolled(2).then(() => (second = got.length === 1)); // the item of poll 2 already delivered
    await timer.tick();
    expect([hub.pollsFinished, second]).toEqual([1, false]);
    s.pending.push(7);
    await timer.tick();
    await hub.whenPolled(2);
    expect([hub.pollsFinished, second]).toEqual([2, true]);
    await hub.whenPolled(1); // already past: at once
  });

  it("never runs two polls at once: the next wait is armed only once a poll has answered", async () => {
    const s = source();
    const { hub, timer } = hubOver(s);
    unsubscribers.push(await hub.subscribe(() => {}));
    unsubscribers.push(await hub.subscribe(() => {}));
    for (let i = 0; i < 5; i++) {
      await timer.tick();
      expect([s.inFlight, timer.armed]).toEqual([0, 1]);
    }
    expect(s.polls).toBe(5);
    expect(s.maxInFlight).toBe(1);
  });

  it("stops polling when the last subscriber leaves, and starts afresh for the next", async () => {
    const s = source();
    const { hub, timer } = hubOver(s);
    const got: number[] = [];
    const off1 = await hub.subscribe((xs) => got.push(...xs));
    const off2 = await hub.subscribe(() => {});
    await timer.tick();
    off1();
    off1(); // twice is harmless
    expect(hub.subscriberCount).toBe(1);
    expect(hub.isRunning).toBe(true);
    off2();
    expect(hub.subscriberCount).toBe(0);
    expect(hub.isRunning).toBe(false);
    // Its loop has ended and its wait was cleared: nothing is left that could poll.
    await hub.whenStopped();
    expect(timer.armed).toBe(0);
    expect(s.polls).toBe(1);
    s.pending.push(9);
    expect(got).toEqual([]); // nobody was listening; nothing was polled

    unsubscribers.push(await hub.subscribe((xs) => got.push(...xs)));
    expect(s.starts).toBe(2);
    await timer.tick();
    expect(got).toEqual([9]);
  });

  it("a subscriber leaving while a poll is in flight ends the run without arming another wait", async () => {
    const s = source();
    const { hub, timer } = hubOver(s);
    const got: number[] = [];
    const off = await hub.subscribe((xs) => got.push(...xs));
    s.pending.push(1);
    timer.fire();
    await expect.poll(() => s.inFlight).toBe(1);
    off();
    await hub.whenStopped();
    expect([s.inFlight, s.polls, timer.armed]).toEqual([0, 1, 0]);
    expect(got).toEqual([]); // the poll's answer came after the last subscriber left
  });

  it("a subscriber that leaves stops receiving at once", async () => {
    const s = source();
    const { hub, timer } = hubOver(s);
    const a: number[] = [];
    const b: number[] = [];
    const offA = await hub.subscribe((xs) => a.push(...xs));
    unsubscribers.push(await hub.subscribe((xs) => b.push(...xs)));
    s.pending.push(1);
    await timer.tick();
    offA();
    s.pending.push(2);
    await timer.tick();
    expect(a).toEqual([1]);
    expect(b).toEqual([1, 2]);
  });

  it("reports a failing poll and carries on; a throwing subscriber does not stop the others", async () => {
    const s = source();
    const errors: unknown[] = [];
    const { hub, timer } = hubOver(s, errors);
    const got: number[] = [];
    unsubscribers.push(
      await hub.subscribe(() => {
        throw new Error("bad listener");
      }),
    );
    unsubscribers.push(await hub.subscribe((xs) => got.push(...xs)));
    s.failNext = true;
    await timer.tick();
    expect(errors.map(String)).toEqual([expect.stringContaining("database hiccup")]);
    s.pending.push(7);
    await timer.tick();
    expect(got).toEqual([7]);
    expect(errors.some((e) => String(e).includes("bad listener"))).toBe(true);
  });

  it("a failing start is retried on the next tick before any poll", async () => {
    let fails = 1;
    const errors: unknown[] = [];
    const s = source();
    const timer = manualTimer();
    const hub = new PollingHub<number>({
      intervalMs: 10,
      start: async () => {
        s.starts++;
        if (fails-- > 0) throw new Error("not yet");
      },
      poll: s.poll,
      onError: (e) => errors.push(e),
      timer,
    });
    unsubscribers.push(await hub.subscribe(() => {}));
    expect(errors).toHaveLength(1);
    expect(s.polls).toBe(0);
    await timer.tick();
    expect([s.starts, s.polls]).toEqual([2, 0]);
    await timer.tick();
    expect(s.polls).toBe(1);
  });
});
