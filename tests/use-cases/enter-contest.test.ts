/**
 * enterContest on the world (fantasy on libSQL: every port there): the fee moves from the wallet
 * to the contest's pool with the entry, in one write; a lineup over the cap or too short, a full
 * or started contest, a second entry past the per-customer cap, a short balance and staff are
 * refused with nothing written.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { enterContest } from "../../domain/fantasy/enter-contest.ts";
import type { User } from "../../domain/shared/types.ts";
import { makeWorld, NOW, type World } from "./world.ts";
import { fantasyContest, HOUR } from "./fantasy-setup.ts";

let w: World;
let c1: User;
let ann: string, bo: string, cy: string;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  const admin = await w.staff("adm", "admin");
  c1 = await w.customer("c1", 10_000);
  const { players } = await fantasyContest(w, admin);
  [ann, bo, cy] = players.map((p) => p.id);
});
const poolBalance = async () =>
  Number((await w.database.client.execute("SELECT balance FROM ledger_accounts WHERE kind = 'fantasy_pool'")).rows[0]?.balance);

it("entered: 5.00 from the wallet to the pool, the entry with its lineup and salary (90.00 of 100.00)", async () => {
  const r = await enterContest(w.as(c1), "fc_1", { lineup: [ann, bo] });
  expect(r.ok && r.value).toMatchObject({ balance: 9_500, entry: { id: "fe_1", contestId: "fc_1", userId: "c1", lineup: [ann, bo], salaryUsed: 9_000, fee: 500 } });
  expect(await w.ports.wallets.balanceOf("c1")).toBe(9_500);
  expect(await poolBalance()).toBe(500);
  expect(await w.ports.fantasy.findContest("fc_1")).toMatchObject({ currentEntries: 1 });
});

describe("refused, nothing written", () => {
  it("over the salary cap (50.00 + 70.00) and too short: lineup refusals", async () => {
    const over = await w.unchanged(() => enterContest(w.as(c1), "fc_1", { lineup: [bo, cy] }));
    expect(!over.ok && over.error.code).toBe("FANTASY.SALARY_CAP_EXCEEDED");
    const short = await w.unchanged(() => enterContest(w.as(c1), "fc_1", { lineup: [ann] }));
    expect(!short.ok && short.error.code).toBe("FANTASY.LINEUP_SIZE");
  });

  it("a second entry past one per customer: FANTASY.ALREADY_ENTERED", async () => {
    await enterContest(w.as(c1), "fc_1", { lineup: [ann, bo] });
    const r = await w.unchanged(() => enterContest(w.as(c1), "fc_1", { lineup: [bo, ann] }));
    expect(!r.ok && r.error.code).toBe("FANTASY.ALREADY_ENTERED");
  });

  it("after the start: FANTASY.CONTEST_STARTED", async () => {
    const r = await w.unchanged(() => enterContest({ ...w.as(c1), clock: { now: () => new Date(NOW.getTime() + 2 * HOUR) } }, "fc_1", { lineup: [ann, bo] }));
    expect(r).toEqual({ ok: false, error: { code: "FANTASY.CONTEST_STARTED", message: "This contest has started; entries are closed" } });
  });

  it("a balance under the fee: FANTASY.INSUFFICIENT_FUNDS", async () => {
    const poor = await w.customer("poor", 499);
    expect(await w.unchanged(() => enterContest(w.as(poor), "fc_1", { lineup: [ann, bo] }))).toEqual({
      ok: false,
      error: { code: "FANTASY.INSUFFICIENT_FUNDS", message: "Your balance is too low for this entry fee" },
    });
  });

  it("an unknown contest: FANTASY.CONTEST_NOT_FOUND; an admin: AUTH.FORBIDDEN", async () => {
    const nf = await w.unchanged(() => enterContest(w.as(c1), "fc_x", { lineup: [ann, bo] }));
    expect(!nf.ok && nf.error.code).toBe("FANTASY.CONTEST_NOT_FOUND");
    const admin = await w.staff("a2", "admin");
    const r = await w.unchanged(() => enterContest(w.as(admin), "fc_1", { lineup: [ann, bo] }));
    expect(!r.ok && r.error.code).toBe("AUTH.FORBIDDEN");
  });
});
