/**
 * setLimit on the world with every port on libSQL (see self-exclude.test.ts for why not the memory fake): a first or lower limit applies at once, a higher one or a removal
 * after 24 hours; removing a limit never set writes nothing; each change is audited. Only customers
 * set limits.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { setLimit } from "../../domain/responsible/set-limit.ts";
import type { User } from "../../domain/shared/types.ts";
import { makeWorld, NOW, sqlAudit, type World } from "./world.ts";

let w: World;
let c1: User;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  c1 = await w.customer("c1", 100_000);
});
const tomorrow = new Date(NOW.getTime() + 24 * 3_600_000);
const limits = async () => (await w.ports.responsible.snapshot("c1", NOW)).limits;

it("a first daily deposit limit of 50.00 applies at once, audited", async () => {
  expect(await setLimit(w.as(c1), { type: "deposit", period: "daily", amount: 5_000 })).toEqual({ ok: true, value: "immediately" });
  expect((await limits()).deposit.daily).toEqual({ amount: 5_000, pending: null });
  expect((await sqlAudit(w.database)).at(-1)).toMatchObject({
    action: "responsible.deposit_limit", actorId: "c1",
    before: { period: "daily", amount: null, pending: null },
    after: { period: "daily", requested: 5_000, applies: "immediately", amount: 5_000, pending: null },
  });
});

it("lowering applies at once; raising waits 24 hours (the old limit holds meanwhile); removing too", async () => {
  await setLimit(w.as(c1), { type: "loss", period: "weekly", amount: 10_000 });
  expect(await setLimit(w.as(c1), { type: "loss", period: "weekly", amount: 8_000 })).toEqual({ ok: true, value: "immediately" });
  expect(await setLimit(w.as(c1), { type: "loss", period: "weekly", amount: 20_000 })).toEqual({ ok: true, value: "after_cooling_off" });
  expect((await limits()).loss.weekly).toEqual({ amount: 8_000, pending: { amount: 20_000, effectiveAt: tomorrow } });
  expect(await setLimit(w.as(c1), { type: "loss", period: "weekly", amount: null })).toEqual({ ok: true, value: "after_cooling_off" });
  expect((await limits()).loss.weekly).toEqual({ amount: 8_000, pending: { amount: null, effectiveAt: tomorrow } });
});

it("removing a limit never set: unchanged, nothing written", async () => {
  expect(await w.unchanged(() => setLimit(w.as(c1), { type: "deposit", period: "monthly", amount: null }))).toEqual({ ok: true, value: "unchanged" });
});

it("an admin: AUTH.FORBIDDEN; a suspended customer: AUTH.ACCOUNT_SUSPENDED; nothing written", async () => {
  const admin = await w.staff("a1", "admin");
  const r = await w.unchanged(() => setLimit(w.as(admin), { type: "deposit", period: "daily", amount: 5_000 }));
  expect(!r.ok && r.error.code).toBe("AUTH.FORBIDDEN");
  const suspended = await w.customer("c2", 0, { isActive: false });
  const s = await w.unchanged(() => setLimit(w.as(suspended), { type: "deposit", period: "daily", amount: 5_000 }));
  expect(!s.ok && s.error.code).toBe("AUTH.ACCOUNT_SUSPENDED");
});
