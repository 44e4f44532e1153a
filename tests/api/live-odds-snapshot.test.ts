/** The reused /api/live-odds body: fresh within LIVE_ODDS_CACHE_MS, rebuilt after, and ETag rules. */
import { afterEach, describe, expect, it } from "vitest";
import { makeTestApp, type TestApp } from "../fixtures/test-app.ts";
import { etagMatches } from "../../api/live-odds/snapshot.ts";

let t: TestApp;
afterEach(() => t.close());

const T0 = new Date("2026-11-21T12:00:00Z");
const get = (headers: Record<string, string> = {}) => t.app.request("/api/live-odds", { headers });

async function movePrice() {
  const row = (await t.database.client.execute(
    "SELECT o.id, o.price_milli FROM outcomes o JOIN markets m ON m.id = o.market_id JOIN events e ON e.id = m.event_id WHERE e.status = 'live' AND m.type = 'full_time_result' LIMIT 1",
  )).rows[0];
  await t.database.client.execute({ sql: "UPDATE outcomes SET price_milli = ?, updated_at = ? WHERE id = ?", args: [Number(row.price_milli) + 50, T0.getTime(), row.id] });
}

describe("GET /api/live-odds with a 500 ms snapshot", () => {
  it("serves the same body and ETag within 500 ms of building it, and the new prices after", async () => {
    t = await makeTestApp({ liveOddsCacheMs: 500 });
    t.clock.set(T0);
    const first = await get();
    const body = await first.text();
    await movePrice();
    t.clock.set(new Date(T0.getTime() + 499));
    const within = await get();
    expect(await within.text()).toBe(body);
    expect(within.headers.get("etag")).toBe(first.headers.get("etag"));
    t.clock.set(new Date(T0.getTime() + 500));
    const after = await get();
    expect(await after.text()).not.toBe(body);
    expect(after.headers.get("etag")).not.toBe(first.headers.get("etag"));
    expect((await get({ "if-none-match": first.headers.get("etag")! })).status).toBe(200);
    const again = await get({ "if-none-match": after.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("without a snapshot age (tests, LIVE_ODDS_CACHE_MS=0) every request sees the database", async () => {
    t = await makeTestApp();
    const first = await (await get()).text();
    await movePrice();
    expect(await (await get()).text()).not.toBe(first);
  });
});

describe("etagMatches", () => {
  it("compares weakly, accepts lists and *", () => {
    expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(etagMatches("*", 'W/"abc"')).toBe(true);
    expect(etagMatches('"abd"', 'W/"abc"')).toBe(false);
    expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
  });
});
