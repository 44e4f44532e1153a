/**
 * selfExclude and requestReturn on the world with every port on libSQL (the memory fake of responsible gambling
 * keeps its state outside the store's tables, so unchanged() could not see it, and cannot record a return): the
 * exclusion and its audit record, betting refused at once, a second exclusion refused, a return
 * asked for only after the period; wrong roles and periods write nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { requestReturn, selfExclude } from "../../domain/responsible/exclude.ts";
import { placeBet } from "../../domain/betting/place-bet.ts";
import type { User } from "../../domain/shared/types.ts";
import { makeWorld, NOW, sel, sqlAudit, type World } from "./world.ts";

let w: World;
let c1: User;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  c1 = await w.customer("c1", 100_000);
});
const sixMonths = new Date("2027-05-21T10:00:00Z");

describe("self-excluded", () => {
  it("for 6 months: the exclusion to 2027-05-21, audited, and the next bet refused RG.SELF_EXCLUDED", async () => {
    const r = await selfExclude(w.as(c1), { period: "6m", reason: "  too much  " });
    expect(r.ok && r.value).toMatchObject({ id: "rgx_1", kind: "self_exclusion", startedAt: NOW, endsAt: sixMonths, reason: "too much" });
    expect((await sqlAudit(w.database)).at(-1)).toMatchObject({
      actorId: "c1", action: "responsible.self_exclusion", entity: "user:c1",
      after: { period: "6m", endsAt: "2027-05-21T10:00:00.000Z", reason: "too much", linkedAccounts: [] },
    });
    const bet = await w.unchanged(() => placeBet(w.as(c1), { selections: [sel("ev_up_a", "2.10")], stake: 1000, betType: "single" }, null));
    expect(!bet.ok && bet.error.code).toBe("RG.SELF_EXCLUDED");
  });

  it("a shorter self-exclusion during a longer one: RG.EXCLUSION_ACTIVE, nothing written; a longer one extends it", async () => {
    await selfExclude(w.as(c1), { period: "1y" });
    const r = await w.unchanged(() => selfExclude(w.as(c1), { period: "6m" }));
    expect(!r.ok && r.error.code).toBe("RG.EXCLUSION_ACTIVE");
    const longer = await selfExclude(w.as(c1), { period: "5y" });
    expect(longer.ok && longer.value).toMatchObject({ endsAt: new Date("2031-11-21T10:00:00Z") });
  });
});

describe("refused, nothing written", () => {
  it("a time-out period given as a self-exclusion: REQUEST.INVALID on the period", async () => {
    expect(await w.unchanged(() => selfExclude(w.as(c1), { period: "24h" as "6m" }))).toEqual({
      ok: false,
      error: {
        code: "REQUEST.INVALID",
        message: "Self-exclusion is for 6 months, 1 year, 5 years or permanent; shorter breaks are time-outs",
        details: { field: "period" },
      },
    });
  });

  it("an admin: AUTH.FORBIDDEN; anonymous: AUTH.REQUIRED", async () => {
    const admin = await w.staff("a1", "admin");
    const r = await w.unchanged(() => selfExclude(w.as(admin), { period: "6m" }));
    expect(!r.ok && r.error.code).toBe("AUTH.FORBIDDEN");
    const a = await w.unchanged(() => selfExclude(w.as(null), { period: "6m" }));
    expect(!a.ok && a.error.code).toBe("AUTH.REQUIRED");
  });
});

describe("asking to return", () => {
  it("not excluded: RG.NOT_EXCLUDED", async () => {
    const r = await w.unchanged(() => requestReturn(w.as(c1)));
    expect(!r.ok && r.error.code).toBe("RG.NOT_EXCLUDED");
  });

  it("during the period: refused, nothing written", async () => {
    await selfExclude(w.as(c1), { period: "6m" });
    const r = await w.unchanged(() => requestReturn(w.as(c1)));
    expect(!r.ok && r.error.code).toBe("RG.EXCLUSION_ACTIVE");
  });

  it("after the period: access 24 hours after asking", async () => {
    await selfExclude(w.as(c1), { period: "6m" });
    const later = new Date(sixMonths.getTime() + 3_600_000);
    const r = await requestReturn({ ...w.as(c1), clock: { now: () => later } });
    expect(r).toEqual({ ok: true, value: { accessAt: new Date(later.getTime() + 24 * 3_600_000) } });
    expect((await sqlAudit(w.database)).at(-1)).toMatchObject({ action: "responsible.return_requested", actorId: "c1" });
  });
});

describe("on the memory store too (its responsible fake reads exclusions as libSQL does)", () => {
  it("after the period a bet is still refused until the return's cooling-off ends; the return recorded once", async () => {
    const m = await makeWorld();
    const c = await m.customer("c1", 100_000);
    await selfExclude(m.as(c), { period: "6m" });
    const after = new Date(sixMonths.getTime() + 3_600_000);
    const at = (d: Date) => ({ ...m.as(c), clock: { now: () => d } });
    const bet = (d: Date) => placeBet(at(d), { selections: [sel("ev_up_a", "2.10")], stake: 1000, betType: "single" }, null);
    const waiting = await m.unchanged(() => bet(after));
    expect(!waiting.ok && waiting.error).toMatchObject({ code: "RG.SELF_EXCLUDED", details: { stage: "awaiting_return" } });
    expect(await requestReturn(at(after))).toEqual({ ok: true, value: { accessAt: new Date(after.getTime() + 24 * 3_600_000) } });
    const again = await m.unchanged(() => requestReturn(at(after)));
    expect(!again.ok && again.error.code).toBe("RG.EXCLUSION_ACTIVE");
    const coolingOff = await bet(new Date(after.getTime() + 23 * 3_600_000));
    expect(!coolingOff.ok && coolingOff.error).toMatchObject({ code: "RG.SELF_EXCLUDED", details: { stage: "cooling_off" } });
  });
});
