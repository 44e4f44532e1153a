/**
 * changeEventStatus against the memory ports: forward only, going live starts the clock and the
 * score at 0, finishing closes the markets (so the event takes no more bets), each change audited.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { changeEventStatus } from "../../domain/betting/event-status.ts";
import { placeBet } from "../../domain/betting/place-bet.ts";
import type { EventStatus, User } from "../../domain/shared/types.ts";
import { intercept, makeWorld, NOW, sel, type World } from "./world.ts";

let w: World;
let admin: User;
beforeEach(async () => {
  w = await makeWorld();
  admin = await w.staff("adm", "admin");
});

it("an anonymous caller: AUTH.REQUIRED", async () => {
  expect(await w.unchanged(() => changeEventStatus(w.as(null), "ev_up_a", "live"))).toEqual({
    ok: false,
    error: { code: "AUTH.REQUIRED", message: "Please log in" },
  });
});

it("an unknown event: EVENT.NOT_FOUND", async () => {
  expect(await w.unchanged(() => changeEventStatus(w.as(admin), "nope", "live"))).toEqual({
    ok: false,
    error: { code: "EVENT.NOT_FOUND", message: "No event with that id" },
  });
});

describe("allowed moves", () => {
  it("upcoming -> live: minute and score start at 0, markets stay open; the updated event is returned and audited", async () => {
    const r = await changeEventStatus(w.as(admin), "ev_up_a", "live");
    expect(r).toEqual({ ok: true, value: await w.store.ports.events.findById("ev_up_a") });
    expect(r.ok && r.value).toMatchObject({ status: "live", minute: 0, homeScore: 0, awayScore: 0, updatedAt: NOW });
    expect(r.ok && r.value.markets.map((m) => m.status)).toEqual(["open", "open"]);
    expect(w.store.audit()).toEqual([{
      id: "aud_1",
      actorId: "adm",
      actorRole: "admin",
      action: "event.status",
      entityType: "event",
      entityId: "ev_up_a",
      before: { status: "upcoming" },
      after: { status: "live" },
      createdAt: NOW.getTime(),
    }]);
  });

  it("live -> finished: the clock and score stay as they were, every market closes", async () => {
    w.store.setMarketStatus("ev_live_s-m2", "suspended");
    const r = await changeEventStatus(w.as(admin), "ev_live_s", "finished");
    expect(r.ok && r.value).toMatchObject({ status: "finished", minute: 30, homeScore: 1, awayScore: 0 });
    expect(r.ok && r.value.markets.map((m) => m.status)).toEqual(["closed", "closed"]);
  });

  it("upcoming -> finished (abandoned): markets close, and a bet on it is then BET.EVENT_CLOSED", async () => {
    const c1 = await w.customer("c1", 10_000);
    expect((await changeEventStatus(w.as(admin), "ev_up_b", "finished")).ok).toBe(true);
    const r = await placeBet(w.as(c1), { selections: [sel("ev_up_b", "2.10")], stake: 1000, betType: "single" }, null);
    expect(!r.ok && r.error).toMatchObject({ code: "BET.EVENT_CLOSED", details: { eventId: "ev_up_b", prices: [{ outcomeId: "ev_up_b-m1-o1", odds: null }] } });
  });

  it("the use case checks the role itself: a trader or a customer is refused and nothing is written", async () => {
    const trader = await w.staff("trd", "trader");
    const c1 = await w.customer("c1", 10_000);
    for (const who of [trader, c1]) {
      const r = await w.unchanged(() => changeEventStatus(w.as(who), "ev_up_t", "live"));
      expect(!r.ok && r.error.code).toBe("AUTH.FORBIDDEN");
    }
  });
});

describe("refused moves: EVENT.INVALID_TRANSITION, nothing written", () => {
  const refused: [string, EventStatus, EventStatus][] = [
    ["ev_up_a", "upcoming", "upcoming"],
    ["ev_live_s", "live", "live"],
    ["ev_live_s", "live", "upcoming"],
    ["ev_fin_s", "finished", "finished"],
    ["ev_fin_s", "finished", "live"],
    ["ev_fin_s", "finished", "upcoming"],
  ];
  for (const [eventId, from, to] of refused)
    it(`${from} -> ${to}`, async () => {
      expect(await w.unchanged(() => changeEventStatus(w.as(admin), eventId, to))).toEqual({
        ok: false,
        error: { code: "EVENT.INVALID_TRANSITION", message: `An event that is ${from} cannot be set ${to}` },
      });
    });

  it("another operator moved it between our read and our write", async () => {
    const events = w.store.ports.events;
    const other = await w.staff("adm2", "admin");
    let raced = false;
    const racing = {
      ...w.store.ports,
      events: intercept(events, {
        async findById(id: string) {
          const seen = await events.findById(id);
          if (!raced) {
            raced = true;
            await changeEventStatus(w.as(other), id, "live");
          }
          return seen;
        },
      }),
    };
    expect(await changeEventStatus(w.as(admin, racing), "ev_up_a", "live")).toEqual({
      ok: false,
      error: { code: "EVENT.INVALID_TRANSITION", message: "The event changed meanwhile; it can no longer be set live" },
    });
    expect(w.store.audit().map((a) => a.actorId)).toEqual(["adm2"]);
  });
});
