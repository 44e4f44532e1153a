/**
 * takeTimeout and takeBreak on the world with every port on libSQL (see self-exclude.test.ts for why not the memory fake): a time-out ends at its period, a reality-check
 * break after 15 minutes; during either, betting is refused; a self-exclusion period given as a
 * time-out and wrong roles write nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { takeBreak, takeTimeout } from "../../domain/responsible/exclude.ts";
import { placeBet } from "../../domain/betting/place-bet.ts";
import type { User } from "../../domain/shared/types.ts";
import { makeWorld, NOW, sel, sqlAudit, type World } from "./world.ts";

let w: World;
let c1: User;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  c1 = await w.customer("c1", 100_000);
});
const bet = (at = NOW) =>
  placeBet({ ...w.as(c1), clock: { now: () => at } }, { selections: [sel("ev_up_a", "2.10")], stake: 1000, betType: "single" }, null);

it("a one-week time-out: ends 2026-11-28 10:00, audited; a bet during it refused RG.SELF_EXCLUDED naming the time-out", async () => {
  const r = await takeTimeout(w.as(c1), { period: "1w" });
  expect(r.ok && r.value).toMatchObject({ kind: "timeout", startedAt: NOW, endsAt: new Date("2026-11-28T10:00:00Z"), reason: null });
  expect((await sqlAudit(w.database)).at(-1)).toMatchObject({ action: "responsible.timeout", after: { period: "1w", endsAt: "2026-11-28T10:00:00.000Z" } });
  const during = await w.unchanged(() => bet(new Date("2026-11-21T11:00:00Z")));
  expect(!during.ok && during.error).toMatchObject({
    code: "RG.SELF_EXCLUDED", message: "You are on a time-out until the end of the period you chose", details: { kind: "timeout", until: "2026-11-28T10:00:00.000Z" },
  });
});

it("a reality-check break: 15 minutes, reason recorded", async () => {
  const r = await takeBreak(w.as(c1));
  expect(r.ok && r.value).toMatchObject({ kind: "timeout", endsAt: new Date(NOW.getTime() + 15 * 60_000), reason: "Reality check break" });
  const during = await w.unchanged(() => bet());
  expect(!during.ok && during.error).toMatchObject({ code: "RG.SELF_EXCLUDED", details: { kind: "timeout" } });
});

describe("refused, nothing written", () => {
  it("a self-exclusion period as a time-out: REQUEST.INVALID", async () => {
    expect(await w.unchanged(() => takeTimeout(w.as(c1), { period: "6m" as "1w" }))).toEqual({
      ok: false,
      error: { code: "REQUEST.INVALID", message: "A time-out is for 24 hours, 1 week, 1 month or 6 weeks", details: { field: "period" } },
    });
  });

  it("a trader: AUTH.FORBIDDEN (time-out and break)", async () => {
    const trader = await w.staff("t1", "trader");
    for (const act of [() => takeTimeout(w.as(trader), { period: "24h" }), () => takeBreak(w.as(trader))]) {
      const r = await w.unchanged(act);
      expect(!r.ok && r.error.code).toBe("AUTH.FORBIDDEN");
    }
  });
});
