/**
 * cancelContest on the world (fantasy on libSQL: every port there): every entry fee back to its
 * wallet and the pool emptied in one write, audited; a cancelled contest cannot be cancelled again,
 * and only admins cancel. Refusals write nothing.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { cancelContest } from "../../domain/fantasy/cancel-contest.ts";
import { enterContest } from "../../domain/fantasy/enter-contest.ts";
import type { User } from "../../domain/shared/types.ts";
import { makeWorld, sqlAudit, type World } from "./world.ts";
import { fantasyContest } from "./fantasy-setup.ts";

let w: World;
let admin: User;
beforeEach(async () => {
  w = await makeWorld({ sql: true });
  admin = await w.staff("adm", "admin");
  const { players } = await fantasyContest(w, admin);
  const lineups = [[players[0].id, players[1].id], [players[1].id, players[0].id]];
  for (const [i, id] of ["c1", "c2"].entries()) {
    const c = await w.customer(id, 10_000);
    const r = await enterContest(w.as(c), "fc_1", { lineup: lineups[i] });
    if (!r.ok) throw new Error(r.error.code);
  }
});
const poolBalance = async () =>
  Number((await w.database.client.execute("SELECT balance FROM ledger_accounts WHERE kind = 'fantasy_pool'")).rows[0]?.balance);

it("cancelled: both 5.00 fees back, the pool at 0, the contest cancelled, audited", async () => {
  expect(await poolBalance()).toBe(1_000);
  const r = await cancelContest(w.as(admin), "fc_1");
  expect(r.ok).toBe(true);
  expect(await w.ports.wallets.balanceOf("c1")).toBe(10_000);
  expect(await w.ports.wallets.balanceOf("c2")).toBe(10_000);
  expect(await poolBalance()).toBe(0);
  expect(await w.ports.fantasy.findContest("fc_1")).toMatchObject({ status: "cancelled" });
  expect((await sqlAudit(w.database)).at(-1)).toMatchObject({ actorId: "adm", entity: "fantasy_contest:fc_1" });
});

describe("refused, nothing written", () => {
  it("cancelled twice: FANTASY.INVALID_TRANSITION", async () => {
    await cancelContest(w.as(admin), "fc_1");
    const r = await w.unchanged(() => cancelContest(w.as(admin), "fc_1"));
    expect(!r.ok && r.error).toMatchObject({ code: "FANTASY.INVALID_TRANSITION", details: { status: "cancelled" } });
  });

  it("an unknown contest: FANTASY.CONTEST_NOT_FOUND", async () => {
    const r = await w.unchanged(() => cancelContest(w.as(admin), "fc_x"));
    expect(!r.ok && r.error.code).toBe("FANTASY.CONTEST_NOT_FOUND");
  });

  it("a trader: AUTH.FORBIDDEN", async () => {
    const trader = await w.staff("trd", "trader");
    const r = await w.unchanged(() => cancelContest(w.as(trader), "fc_1"));
    expect(!r.ok && r.error.code).toBe("AUTH.FORBIDDEN");
  });
});
