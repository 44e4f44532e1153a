/**
 * POST /api/admin/fantasy/contests/{id}/lock: an operator brings an open contest's lock forward.
 * It stops taking entries and lineup changes at once, its start time becomes now (the end time
 * stays), the runner takes it live on its next pass and settles it at its end time, and an audit
 * record says who did it. Only admins; only open contests with the entries they need to run; a
 * refusal changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoLogin, makeTestApp, Session, type TestApp } from "../fixtures/test-app.ts";
import { balanceOf, countRows, expectError, expectLedgerBalanced } from "../fixtures/builders.ts";
import { createContestOk, enterOk, HOUR, lineupFor, MIN, myEntries, runnerFor } from "../fixtures/fantasy.ts";
import type { FantasyContest } from "../../api/schemas/fantasy.ts";

let t: TestApp;
let admin: Session;
let T0: number;
const at = (ms: number) => t.clock.set(new Date(T0 + ms));
const iso = (ms: number) => new Date(T0 + ms).toISOString();
const lockPath = (id: string) => `/api/admin/fantasy/contests/${id}/lock`;

async function contestRow(id: string) {
  const rs = await t.database.client.execute({ sql: "SELECT status, start_time, end_time, locked_at FROM fantasy_contests WHERE id = ?", args: [id] });
  const r = rs.rows[0];
  return { status: String(r.status), startTime: Number(r.start_time), endTime: Number(r.end_time), lockedAt: r.locked_at === null ? null : Number(r.locked_at) };
}
const lockAudits = (id: string) =>
  countRows(t.database, "SELECT COUNT(*) AS n FROM audit_log WHERE action = 'fantasy_contest.lock' AND entity_id = ?", [id]);

/** A contest starting two hours after T0, ending five hours after, with `entries` customers entered (the clock back at T0). */
async function contestWith(name: string, entries: number, extra: Record<string, unknown> = {}) {
  at(0);
  const contest = await createContestOk(admin, { sportId: "fsp_nfl", name, startTime: iso(2 * HOUR), endTime: iso(5 * HOUR), entryFee: 500, maxEntries: 10, ...extra });
  const entrants: { s: Session; entryId: string }[] = [];
  for (let i = 0; i < entries; i++) {
    const s = await demoLogin(t, "customer");
    const out = await enterOk(s, contest.id, await lineupFor(s, contest, i));
    entrants.push({ s, entryId: out.entry.id });
  }
  return { contest, entrants };
}

beforeAll(async () => {
  t = await makeTestApp();
  T0 = Math.ceil(Date.now() / MIN) * MIN;
  at(0);
  admin = await demoLogin(t, "admin");
});
afterAll(() => t.close());

describe("an operator locks a contest now", () => {
  let contest: FantasyContest;
  let entrants: { s: Session; entryId: string }[];

  it("an open contest with its entries locks at once: start time now, end time kept, audited with the admin", async () => {
    ({ contest, entrants } = await contestWith("Lock Now A", 2, { minEntries: 2 }));
    at(10 * MIN);
    const res = await admin.post(lockPath(contest.id));
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const body = JSON.parse(text) as FantasyContest;
    expect(body).toMatchObject({ id: contest.id, status: "locked", startTime: iso(10 * MIN), endTime: contest.endTime, currentEntries: 2 });
    expect(await contestRow(contest.id)).toEqual({ status: "locked", startTime: T0 + 10 * MIN, endTime: Date.parse(contest.endTime), lockedAt: T0 + 10 * MIN });
    const audit = await t.database.client.execute({
      sql: "SELECT actor_role, before, after FROM audit_log WHERE action = 'fantasy_contest.lock' AND entity_id = ?",
      args: [contest.id],
    });
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0].actor_role).toBe("admin");
    expect(JSON.parse(String(audit.rows[0].before))).toEqual({ status: "open", startTime: iso(2 * HOUR) });
    expect(JSON.parse(String(audit.rows[0].after))).toMatchObject({ status: "locked", startTime: iso(10 * MIN) });
    // Everyone sees it locked and starting now.
    const seen = (await (await entrants[0].s.get(`/api/fantasy/contests/${contest.id}`)).json()) as FantasyContest;
    expect(seen).toMatchObject({ status: "locked", startTime: iso(10 * MIN) });
  });

  it("a locked contest takes no entries and no lineup changes any more", async () => {
    const late = await demoLogin(t, "customer");
    const before = await balanceOf(late);
    await expectError(await late.post(`/api/fantasy/contests/${contest.id}/entries`, { lineup: await lineupFor(late, contest, 5) }), 409, "FANTASY.CONTEST_CLOSED");
    expect(await balanceOf(late)).toBe(before);
    const e = entrants[0];
    await expectError(await e.s.request("PUT", `/api/fantasy/entries/${e.entryId}`, { lineup: await lineupFor(e.s, contest, 7) }), 409, "FANTASY.CONTEST_CLOSED");
    expect((await myEntries(e.s))[0]).toMatchObject({ contestStatus: "locked", editable: false });
  });

  it("the runner takes it live on its next pass, well before the old start, and settles it at its end time", async () => {
    at(11 * MIN);
    const live = (await runnerFor(t).pass())!;
    expect(live.live).toContain(contest.id);
    expect((await contestRow(contest.id)).status).toBe("live");
    at(5 * HOUR);
    const settled = (await runnerFor(t).pass())!;
    expect(settled.settled).toContain(contest.id);
    expect((await contestRow(contest.id)).status).toBe("settled");
    await expectLedgerBalanced(t.database);
  });

  it("a contest not open is refused with 409 and stays as it was", async () => {
    await expectError(await admin.post(lockPath(contest.id)), 409, "FANTASY.INVALID_TRANSITION");
    expect((await contestRow(contest.id)).status).toBe("settled");
    expect(await lockAudits(contest.id)).toBe(1);
  });

  it("a contest short of the entries it needs to run is refused with 409 (it would be cancelled at its start), nothing changes", async () => {
    const { contest: short } = await contestWith("Lock Now B", 1, { minEntries: 3 });
    const before = await contestRow(short.id);
    const err = await expectError(await admin.post(lockPath(short.id)), 409, "FANTASY.INVALID_TRANSITION");
    expect(err.error.details).toMatchObject({ reason: "too_few_entries", currentEntries: 1, needed: 3 });
    expect(await contestRow(short.id)).toEqual(before);
    expect(await lockAudits(short.id)).toBe(0);
    // A guaranteed contest runs with one entry: that one locks.
    const { contest: guaranteed } = await contestWith("Lock Now C", 1, { minEntries: 3, prizePool: 2000 });
    expect((await admin.post(lockPath(guaranteed.id))).status).toBe(200);
    expect((await contestRow(guaranteed.id)).status).toBe("locked");
  });

  it("an unknown contest is 404; customers and traders are refused and nothing is written", async () => {
    await expectError(await admin.post(lockPath("fc_no_such_contest")), 404, "FANTASY.CONTEST_NOT_FOUND");
    const { contest: other } = await contestWith("Lock Now D", 1, { minEntries: 1 });
    const before = await contestRow(other.id);
    await expectError(await (await demoLogin(t, "customer")).post(lockPath(other.id)), 403, "AUTH.FORBIDDEN");
    await expectError(await (await demoLogin(t, "trader")).post(lockPath(other.id)), 403, "AUTH.FORBIDDEN");
    await expectError(await new Session(t).post(lockPath(other.id)), 401, "AUTH.REQUIRED");
    expect(await contestRow(other.id)).toEqual(before);
    expect(await lockAudits(other.id)).toBe(0);
  });

  it("is in the OpenAPI document", async () => {
    const doc = (await (await admin.get("/api/openapi.json")).json()) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const op = doc.paths["/api/admin/fantasy/contests/{id}/lock"]?.post;
    expect(op).toBeDefined();
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(["200", "401", "403", "404", "409"]));
  });
});

describe("the contest's old start time", () => {
  it("a contest already past its start when locked keeps its start time", async () => {
    const { contest } = await contestWith("Lock Now E", 1, { minEntries: 1 });
    at(2 * HOUR + 5 * MIN);
    const res = await admin.post(lockPath(contest.id));
    expect(res.status).toBe(200);
    expect((await contestRow(contest.id)).startTime).toBe(Date.parse(contest.startTime));
  });
});
