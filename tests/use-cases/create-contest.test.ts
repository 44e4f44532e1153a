/**
 * createContest on the world (fantasy lives on libSQL: every port there): a public contest copying
 * its sport's roster and cap, with its own prize-pool account, audited; bad terms, an unknown or
 * inactive sport and non-admins write nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { createContest } from "../../domain/fantasy/create-contest.ts";
import type { User } from "../../domain/shared/types.ts";
import { makeWorld, NOW, sqlAudit, type World } from "./world.ts";
import { contestInput, fantasySport, HOUR } from "./fantasy-setup.ts";

let w: World;
let admin: User;
let sportId: string;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  admin = await w.staff("adm", "admin");
  sportId = (await fantasySport(w, admin)).sport.id;
});

it("created open with no entries, the sport's roster and cap copied, min 2 entries, a pool account, audited", async () => {
  const r = await createContest(w.as(admin), contestInput(sportId));
  expect(r.ok && r.value).toMatchObject({
    id: "fc_1", sportId, name: "Sunday Cup", entryFee: 500, guaranteedPrize: 0, maxEntries: 3, maxEntriesPerUser: 1, minEntries: 2,
    currentEntries: 0, rakePercent: 10, status: "open", isPrivate: false, createdBy: "adm", createdAt: NOW,
    roster: [{ slot: "UTIL", eligible: [] }, { slot: "UTIL", eligible: [] }], salaryCap: 10_000,
    startTime: new Date(NOW.getTime() + 2 * HOUR),
  });
  expect(await w.ports.fantasy.findContest("fc_1")).toMatchObject({ id: "fc_1", status: "open" });
  const pool = await w.database.client.execute("SELECT kind, balance FROM ledger_accounts WHERE id LIKE '%fc_1%'");
  expect(pool.rows.map((a) => [a.kind, Number(a.balance)])).toEqual([["fantasy_pool", 0]]);
  expect((await sqlAudit(w.database)).at(-1)).toMatchObject({ action: "fantasy_contest.create", actorId: "adm", entity: "fantasy_contest:fc_1" });
});

describe("refused, nothing written", () => {
  const cases: [string, Parameters<typeof contestInput>[1], string][] = [
    ["a rake of 51%", { rakePercent: 51 }, "REQUEST.INVALID"],
    ["no entries allowed", { maxEntries: 0 }, "REQUEST.INVALID"],
    ["a negative fee", { entryFee: -1 }, "REQUEST.INVALID"],
    ["min entries above max", { minEntries: 4 }, "FANTASY.INVALID_MIN_ENTRIES"],
    ["starting in the past", { startTime: new Date(NOW.getTime() - HOUR) }, "FANTASY.INVALID_SCHEDULE"],
  ];
  for (const [why, over, code] of cases)
    it(`${why}: ${code}`, async () => {
      const r = await w.unchanged(() => createContest(w.as(admin), contestInput(sportId, over)));
      expect(!r.ok && r.error.code).toBe(code);
    });

  it("an unknown sport: FANTASY.SPORT_NOT_FOUND", async () => {
    expect(await w.unchanged(() => createContest(w.as(admin), contestInput("fsp_nope")))).toEqual({
      ok: false,
      error: { code: "FANTASY.SPORT_NOT_FOUND", message: "No fantasy sport with that id" },
    });
  });

  it("a trader or a customer: AUTH.FORBIDDEN", async () => {
    for (const u of [await w.staff("trd", "trader"), await w.customer("c1", 0)]) {
      const r = await w.unchanged(() => createContest(w.as(u), contestInput(sportId)));
      expect(!r.ok && r.error.code).toBe("AUTH.FORBIDDEN");
    }
  });
});
