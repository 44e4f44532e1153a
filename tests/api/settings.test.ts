/** Customer settings on the server: odds format, price-change policy, reality-check interval. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { expectError, expectInvalidFields, expectUnknownKey } from "../fixtures/builders.ts";
import { put, registerCustomer } from "../fixtures/accounts.ts";

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

const DEFAULTS = { oddsFormat: "decimal", priceChangePolicy: "refuse", realityCheckMinutes: 60 };

describe("GET/PUT /api/account/settings", () => {
  it("starts at the defaults", async () => {
    const r = await registerCustomer(t);
    const res = await r.session.get("/api/account/settings");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(DEFAULTS);
  });

  it("changes only what is sent, keeps it, and shows it in /api/auth/user and /api/account", async () => {
    const r = await registerCustomer(t);
    const a = await put(r.session, "/api/account/settings", { oddsFormat: "fractional" });
    expect(a.status).toBe(200);
    expect(await a.json()).toEqual({ ...DEFAULTS, oddsFormat: "fractional" });
    const b = await put(r.session, "/api/account/settings", { priceChangePolicy: "accept_higher", realityCheckMinutes: 0 });
    const expected = { oddsFormat: "fractional", priceChangePolicy: "accept_higher", realityCheckMinutes: 0 };
    expect(await b.json()).toEqual(expected);
    expect(await (await r.session.get("/api/account/settings")).json()).toEqual(expected);
    expect((await (await r.session.get("/api/auth/user")).json()).settings).toEqual(expected);
    expect((await (await r.session.get("/api/account")).json()).settings).toEqual(expected);
    const row = await t.database.client.execute({ sql: "SELECT odds_format, price_change_policy, reality_check_minutes FROM user_settings WHERE user_id = ?", args: [r.userId] });
    expect(row.rows[0]).toMatchObject({ odds_format: "fractional", price_change_policy: "accept_higher", reality_check_minutes: 0 });
  });

  it.each([30, 60, 90, 120, 0])("accepts a reality check every %i minutes", async (minutes) => {
    const r = await registerCustomer(t);
    expect((await (await put(r.session, "/api/account/settings", { realityCheckMinutes: minutes })).json()).realityCheckMinutes).toBe(minutes);
  });

  it("every user has their own settings; staff and demo users have settings too", async () => {
    const a = await registerCustomer(t);
    const admin = await demoLogin(t, "admin");
    await put(admin, "/api/account/settings", { oddsFormat: "american" });
    expect((await (await admin.get("/api/auth/user")).json()).settings.oddsFormat).toBe("american");
    expect(await (await a.session.get("/api/account/settings")).json()).toEqual(DEFAULTS);
  });

  it("refuses unknown values and empty or unknown-key bodies with 400, changing nothing", async () => {
    const r = await registerCustomer(t);
    await expectInvalidFields(await put(r.session, "/api/account/settings", { oddsFormat: "hongkong" }), "oddsFormat");
    await expectInvalidFields(await put(r.session, "/api/account/settings", { priceChangePolicy: "accept_lower" }), "priceChangePolicy");
    await expectInvalidFields(await put(r.session, "/api/account/settings", { realityCheckMinutes: 45 }), "realityCheckMinutes");
    await expectInvalidFields(await put(r.session, "/api/account/settings", { realityCheckMinutes: "60" }), "realityCheckMinutes");
    await expectError(await put(r.session, "/api/account/settings", {}), 400, "REQUEST.INVALID");
    await expectUnknownKey(await put(r.session, "/api/account/settings", { oddsFormat: "decimal", theme: "dark" }), "theme");
    expect(await (await r.session.get("/api/account/settings")).json()).toEqual(DEFAULTS);
  });

  it("answers 401 anonymous and 403 for a suspended account", async () => {
    await expectError(await new Session(t).get("/api/account/settings"), 401, "AUTH.REQUIRED");
    await expectError(await put(new Session(t), "/api/account/settings", { oddsFormat: "american" }), 401, "AUTH.REQUIRED");
    const r = await registerCustomer(t);
    await t.database.client.execute({ sql: "UPDATE users SET is_active = 0 WHERE id = ?", args: [r.userId] });
    await expectError(await put(r.session, "/api/account/settings", { oddsFormat: "american" }), 403, "AUTH.ACCOUNT_SUSPENDED");
  });

  it("the database itself refuses a value outside the allowed ones", async () => {
    const r = await registerCustomer(t);
    await expect(
      t.database.client.execute({
        sql: "INSERT INTO user_settings (user_id, odds_format, price_change_policy, reality_check_minutes, updated_at) VALUES (?, 'decimal', 'refuse', 45, 0)",
        args: [r.userId],
      }),
    ).rejects.toThrow(/user_settings_reality_check_ck/);
  });
});
