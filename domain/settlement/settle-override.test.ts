import { describe, expect, it } from "vitest";
import { finishDecision, overrideDecision } from "./settle-override.ts";

const start = new Date("2026-11-21T18:00:00Z");
const before = new Date("2026-11-21T12:00:00Z");
const after = new Date("2026-11-21T20:00:00Z");
const OVERRIDE = { reason: "Result confirmed by the league" };

describe("finishing an event, or its final score, before its start", () => {
  it("needs an override with a reason; after the start it needs none", () => {
    expect(finishDecision({ startTime: start, name: "A v B" }, after, undefined)).toEqual({ ok: true, value: null });
    const refused = finishDecision({ startTime: start, name: "A v B" }, before, undefined);
    expect(refused).toMatchObject({ ok: false, error: { code: "SETTLE.EVENT_NOT_FINISHED" } });
    expect(!refused.ok && refused.error.message).toMatch(/A v B has not started yet/);
    expect(finishDecision({ startTime: start, name: "A v B" }, before, { reason: "short" })).toMatchObject({ ok: false, error: { code: "SETTLE.OVERRIDE_REASON_REQUIRED" } });
    expect(finishDecision({ startTime: start, name: "A v B" }, before, OVERRIDE)).toEqual({ ok: true, value: OVERRIDE });
  });
});

describe("the refusal to settle early says what is early", () => {
  const message = (status: "upcoming" | "live" | "finished", now: Date) => {
    const r = overrideDecision({ status, startTime: start, name: "A v B" }, now, "winner", undefined);
    return r.ok ? null : r.error.message;
  };
  it("upcoming before its start: not started; live: not finished", () => {
    expect(message("upcoming", before)).toMatch(/has not started yet/);
    expect(message("live", before)).toMatch(/has not finished/);
    expect(message("live", after)).toMatch(/has not finished/);
  });
  it("finished before its start: marked finished early, never \"not started\"", () => {
    expect(message("finished", before)).toMatch(/was marked finished before its scheduled start/);
    expect(message("finished", before)).not.toMatch(/not started/);
    expect(message("finished", after)).toBeNull();
  });
});
