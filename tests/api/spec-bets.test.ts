/**
 * POST /api/bets with the spec's body as an alias: a dollar-string stake and the spec's
 * selection shape map onto the native placement; the answer is in the request's unit; bad aliases
 * are refused with the existing validation code and write nothing; the native shapes are unchanged.
 */
import { describe, expect, it } from "vitest";
import { demoLogin, Session } from "../fixtures/test-app.ts";
import {
  balanceOf,
  betCountFor,
  currentUserId,
  expectedReturn,
  expectError,
  expectInvalidFields,
  postingCountFor,
  type ApiEvent,
} from "../fixtures/builders.ts";
import { useBetsApp } from "../fixtures/bets-api.ts";

const t = useBetsApp();

const result = (e: ApiEvent) => e.markets.find((m) => m.type === "full_time_result")!;
const withDraw = (e: ApiEvent) => e.sport === "soccer" && result(e)?.outcomes.length === 3;
const twoWay = (e: ApiEvent) => result(e)?.outcomes.length === 2 && e.sport !== "racing";

/** The spec's selection for an event: id `<eventId>-<code>`, market "match-winner", the code, the price shown. */
function specSelection(e: ApiEvent, code: "home" | "draw" | "away") {
  const outcomes = result(e).outcomes;
  const o = code === "home" ? outcomes[0] : code === "away" ? outcomes.at(-1)! : outcomes[1];
  return { id: `${e.id}-${code}`, eventId: e.id, eventName: e.name, marketId: "match-winner", marketName: "Match Result", outcomeId: code, selectionName: o.name, odds: o.odds, outcome: o };
}
const body = (sel: ReturnType<typeof specSelection>) => {
  const { outcome: _o, ...rest } = sel;
  return rest;
};

async function customer() {
  const s = await demoLogin(t, "customer");
  return { s, id: await currentUserId(s) };
}

describe("POST /api/bets with the spec's body", () => {
  it("places a single from a dollar stake and a spec selection, answering in dollars", async () => {
    const { s, id } = await customer();
    const e = t.pool.next(withDraw);
    const sel = specSelection(e, "draw");
    const before = await balanceOf(s);
    const res = await s.post("/api/bets", { selections: [body(sel)], stake: "2.50", betType: "single" });
    expect(res.status, await res.clone().text()).toBe(201);
    const out = (await res.json()) as { bet: { id: string; potentialReturn: string; stake: string }; balance: number };
    const cents = expectedReturn(250, [sel.odds]);
    expect(out.bet.stake).toBe("2.50");
    expect(out.bet.potentialReturn).toBe(`${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`);
    expect(out.balance).toBe(before - 250);
    expect(await balanceOf(s)).toBe(before - 250);
    // The bet is on the event's real match-result market and the draw outcome, in cents.
    const bets = (await (await s.get("/api/bets")).json()) as { id: string; stake: number; potentialReturn: number; legs: { eventId: string; selectionName: string }[] }[];
    const bet = bets.find((b) => b.id === out.bet.id)!;
    expect(bet.stake).toBe(250);
    expect(bet.potentialReturn).toBe(cents);
    expect(bet.legs).toMatchObject([{ eventId: e.id, selectionName: "Draw" }]);
    expect(await betCountFor(t.database, id)).toBe(1);
  });

  it("takes a whole-dollar string stake ('10' = 1000 cents) with spec selections", async () => {
    const { s } = await customer();
    const e = t.pool.next(twoWay);
    const sel = specSelection(e, "home");
    const before = await balanceOf(s);
    const res = await s.post("/api/bets", { selections: [body(sel)], stake: "10", betType: "single" });
    expect(res.status, await res.clone().text()).toBe(201);
    const out = (await res.json()) as { bet: { stake: string; potentialReturn: string } };
    expect(out.bet.stake).toBe("10.00");
    expect(await balanceOf(s)).toBe(before - 1000);
  });

  it("places a multiple of spec selections on two events", async () => {
    const { s } = await customer();
    const a = specSelection(t.pool.next(withDraw), "home");
    const b = specSelection(t.pool.next(withDraw), "away");
    const res = await s.post("/api/bets", { selections: [body(a), body(b)], stake: "1.00", betType: "multiple" });
    expect(res.status, await res.clone().text()).toBe(201);
    const cents = expectedReturn(100, [a.odds, b.odds]);
    expect(((await res.json()) as { bet: { potentialReturn: string } }).bet.potentialReturn).toBe((cents / 100).toFixed(2));
  });

  it("refuses bad dollar stakes with REQUEST.INVALID on stake and writes nothing", async () => {
    const { s, id } = await customer();
    const sel = specSelection(t.pool.next(withDraw), "home");
    const before = await balanceOf(s);
    for (const stake of ["2.505", "-1", "ten", "1e3", "", "99999999999"]) {
      await expectInvalidFields(await s.post("/api/bets", { selections: [body(sel)], stake, betType: "single" }), "stake");
    }
    expect(await balanceOf(s)).toBe(before);
    expect(await betCountFor(t.database, id)).toBe(0);
    expect(await postingCountFor(t.database, id)).toBe(1); // the demo grant only
  });

  it("refuses a spec selection the event cannot map (draw in a two-way sport, unknown event, bad code)", async () => {
    const { s, id } = await customer();
    const e = t.pool.next(twoWay);
    const draw = { ...body(specSelection(e, "home")), outcomeId: "draw", id: `${e.id}-draw` };
    await expectError(await s.post("/api/bets", { selections: [draw], stake: "1", betType: "single" }), 404, "BET.SELECTION_NOT_FOUND");
    const unknown = { ...body(specSelection(e, "home")), eventId: "evt_nope" };
    await expectError(await s.post("/api/bets", { selections: [unknown], stake: "1", betType: "single" }), 404, "BET.SELECTION_NOT_FOUND");
    const badCode = { ...body(specSelection(e, "home")), outcomeId: "over" };
    await expectInvalidFields(await s.post("/api/bets", { selections: [badCode], stake: "1", betType: "single" }), "selections.0.outcomeId");
    expect(await betCountFor(t.database, id)).toBe(0);
  });

  it("keeps the native refusals' field paths (a fractional cents stake is still 'stake')", async () => {
    const { s } = await customer();
    const e = t.pool.next(twoWay);
    const o = result(e).outcomes[0];
    const native = { eventId: e.id, marketId: result(e).id, outcomeId: o.id, odds: o.odds };
    const res = await s.post("/api/bets", { selections: [native], stake: 10.5, betType: "single" });
    const env = await expectInvalidFields(res, "stake");
    expect(env.error.details!.fields!.every((f) => f.code !== "invalid_union")).toBe(true);
  });

  it("documents the alias in the OpenAPI description", async () => {
    const doc = (await (await new Session(t).get("/api/openapi.json")).json()) as { paths: Record<string, { post?: { description?: string } }> };
    expect(doc.paths["/api/bets"].post!.description).toContain("dollar strings");
  });
});

describe("explicit stake units: the stake's unit follows the body's shape, never its JSON type alone", () => {
  /** A customer with a native selection and the spec selection for the same outcome (the home side of a match result). */
  async function setUp() {
    const c = await customer();
    const e = t.pool.next(twoWay);
    const spec = specSelection(e, "home");
    const native = { eventId: e.id, marketId: result(e).id, outcomeId: spec.outcome.id, odds: spec.odds };
    return { ...c, e, spec: body(spec), native };
  }

  async function refusedOnStake(s: Session, userId: string, payload: unknown) {
    const before = await balanceOf(s);
    const env = await expectInvalidFields(await s.post("/api/bets", payload), "stake");
    const field = env.error.details!.fields!.find((f) => f.path === "stake")!;
    expect(field.message).toMatch(/cents|dollars/);
    expect(await balanceOf(s)).toBe(before);
    expect(await betCountFor(t.database, userId)).toBe(0);
  }

  it("a dollar string with selections by id is a 400 naming stake (\"100\" would have been 100.00), and nothing is placed", async () => {
    const { s, id, native } = await setUp();
    await refusedOnStake(s, id, { selections: [native], stake: "100", betType: "single" });
    await refusedOnStake(s, id, { selections: [native], stake: "1.00", betType: "single" });
  });

  it("integer cents with the spec's selections is a 400 naming stake (100 would have been 1.00), and nothing is placed", async () => {
    const { s, id, spec } = await setUp();
    await refusedOnStake(s, id, { selections: [spec], stake: 100, betType: "single" });
  });

  it("a mix of both selection shapes is refused with either stake", async () => {
    const { s, id, native } = await setUp();
    const other = body(specSelection(t.pool.next(twoWay), "away"));
    await refusedOnStake(s, id, { selections: [native, other], stake: 100, betType: "multiple" });
    await refusedOnStake(s, id, { selections: [native, other], stake: "1.00", betType: "multiple" });
  });

  it("each whole shape is placed, at the unit its shape names: 100 cents = \"1.00\" dollars", async () => {
    const { s, id, spec, native } = await setUp();
    const before = await balanceOf(s);
    const cents = await s.post("/api/bets", { selections: [native], stake: 100, betType: "single" });
    expect(cents.status, await cents.clone().text()).toBe(201);
    expect(((await cents.json()) as { bet: { stake: number } }).bet.stake).toBe(100);
    const dollars = await s.post("/api/bets", { selections: [spec], stake: "1.00", betType: "single" });
    expect(dollars.status, await dollars.clone().text()).toBe(201);
    expect(((await dollars.json()) as { bet: { stake: string } }).bet.stake).toBe("1.00");
    expect(await balanceOf(s)).toBe(before - 200);
    expect(await betCountFor(t.database, id)).toBe(2);
  });
});
