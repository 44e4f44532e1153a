import { describe, expect, it } from "vitest";
import { AdmissionEstimator } from "./admission.ts";

/** Drives a server answering one write every `perWriteMs` while it has work, on a fake clock. */
function steadyServer(e: AdmissionEstimator, perWriteMs: number, writes: number, start = 0) {
  let now = start;
  for (let i = 0; i < writes; i++) {
    expect(e.admit(now).admitted).toBe(true);
    now += perWriteMs;
    e.finished(now);
  }
  return now;
}

describe("admission estimator", () => {
  it("admits everything while it knows nothing and nothing queues", () => {
    const e = new AdmissionEstimator({ budgetMs: 150 });
    expect(e.waitMs(0)).toBe(0);
    for (let i = 0; i < 100; i++) expect(e.admit(0).admitted).toBe(true);
    expect(e.queued).toBe(100);
  });

  it("learns the time per write and refuses once the queue implies more than the budget", () => {
    const e = new AdmissionEstimator({ budgetMs: 150 });
    let now = steadyServer(e, 2, 500);
    expect(e.meanPerWriteMs).toBeCloseTo(2, 5);
    // 75 in flight x 2 ms = 150 ms: still within the budget; the next would wait longer.
    let admitted = 0;
    while (e.admit(now).admitted) admitted++;
    expect(admitted).toBe(76);
    const refused = e.admit(now);
    expect(refused).toEqual({ admitted: false, waitMs: 152, retryAfterSeconds: 1 });
    expect(e.queued).toBe(76);
    // As the writer answers, room comes back.
    now += 10;
    for (let i = 0; i < 5; i++) e.finished(now);
    expect(e.admit(now).admitted).toBe(true);
  });

  it("groups of answers arriving together (group commit) average out", () => {
    const e = new AdmissionEstimator({ budgetMs: 150 });
    let now = 0;
    for (let round = 0; round < 50; round++) {
      for (let i = 0; i < 100; i++) e.admit(now);
      now += 50; // 100 writes answered together every 50 ms: 0.5 ms each
      for (let i = 0; i < 100; i++) e.finished(now);
    }
    expect(e.meanPerWriteMs).toBeCloseTo(0.5, 2);
  });

  it("a stall with writes in flight counts as wait even when the rate looked fast", () => {
    const e = new AdmissionEstimator({ budgetMs: 150, minQueue: 1 });
    let now = steadyServer(e, 1, 100);
    e.admit(now);
    now += 200; // nothing answered for 200 ms
    const d = e.admit(now);
    expect(d.admitted).toBe(false);
    if (!d.admitted) expect(d.waitMs).toBe(200);
  });

  it("a thread running later than the budget refuses while a queue exists, whatever the writer's rate", () => {
    const e = new AdmissionEstimator({ budgetMs: 100, minQueue: 4 });
    const now = steadyServer(e, 0.1, 100);
    for (let i = 0; i < 4; i++) expect(e.admit(now, 500).admitted).toBe(true);
    const d = e.admit(now, 500);
    expect(d.admitted).toBe(false);
    if (!d.admitted) expect(d.waitMs).toBe(500);
    expect(e.admit(now, 100).admitted).toBe(true);
  });

  it("a thread busier than its share admits the first minQueue writes of each window and refuses the rest", () => {
    const e = new AdmissionEstimator({ budgetMs: 100, minQueue: 4, maxBusy: 0.9, windowMs: 100 });
    let now = 0;
    // Each write answered at once: nothing is in flight, so only the busy share can refuse.
    const write = (busy: number) => {
      const d = e.admit(now, 0, busy);
      if (d.admitted) e.finished(now);
      return d;
    };
    // Not busy: everything is admitted.
    for (let i = 0; i < 10; i++) expect(write(0.5).admitted).toBe(true);
    // The next window, busy: the first four to arrive, then refused.
    now += 100;
    for (let i = 0; i < 4; i++) expect(write(0.95).admitted).toBe(true);
    expect(write(0.95)).toMatchObject({ admitted: false, retryAfterSeconds: 1 });
    expect(write(0.95).admitted).toBe(false);
    // Room again on the thread: admitted in the same window.
    expect(write(0.85).admitted).toBe(true);
    // The window is over: four more, then refused again.
    now += 100;
    for (let i = 0; i < 4; i++) expect(write(0.95).admitted).toBe(true);
    expect(write(0.95).admitted).toBe(false);
    // Refusing on the busy share leaves nothing in flight.
    expect(e.queued).toBe(0);
  });

  it("a short queue is never refused, however slow", () => {
    const e = new AdmissionEstimator({ budgetMs: 10, minQueue: 8 });
    let now = steadyServer(e, 100, 10);
    for (let i = 0; i < 8; i++) expect(e.admit(now).admitted).toBe(true);
    expect(e.admit(now).admitted).toBe(false);
    now += 1;
    expect(e.queued).toBe(8);
  });

  it("a suspended write (waiting for an in-play delay) is not queued for the writer", () => {
    const e = new AdmissionEstimator({ budgetMs: 150 });
    let now = steadyServer(e, 2, 200);
    for (let i = 0; i < 70; i++) e.admit(now);
    for (let i = 0; i < 70; i++) e.suspend(now);
    expect(e.queued).toBe(0);
    expect(e.waitMs(now)).toBe(0);
    now += 5000;
    for (let i = 0; i < 70; i++) e.resume(now);
    expect(e.queued).toBe(70);
    for (let i = 0; i < 70; i++) e.finished(now + 1);
    expect(e.queued).toBe(0);
  });

  it("Retry-After is a whole number of seconds, at least 1", () => {
    for (const perWriteMs of [1, 2, 7, 25, 50])
      for (const extra of [9, 40, 400, 5000]) {
        const e = new AdmissionEstimator({ budgetMs: 5 });
        const now = steadyServer(e, perWriteMs, 30);
        for (let i = 0; i < extra; i++) {
          const d = e.admit(now);
          if (!d.admitted) {
            expect(Number.isInteger(d.retryAfterSeconds)).toBe(true);
            expect(d.retryAfterSeconds).toBeGreaterThanOrEqual(1);
            expect(d.retryAfterSeconds).toBe(Math.max(1, Math.ceil(d.waitMs / 1000)));
            break;
          }
        }
      }
  });
});
