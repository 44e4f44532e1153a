/**
 * Ceiling 2: the database alone, running the placement's own statements (placementStatements, the
 * very SQL LibsqlBets.place runs, with every trigger and guard) with no HTTP, no validation and no
 * reads. Bets are spread over many customers and every open outcome of the upcoming events, as the
 * placement load is, so no payout ceiling or liability limit is reached however long it runs.
 * Two figures:
 *   one at a time    each bet its own batch(..., "write") transaction, one after the other
 *   group-committed  the same writes through the GroupCommitter in groups of its largest size, as
 *                    the server's writer commits them under load: the physical limit of this write
 *                    path on this machine
 * Every write must be stored: the bets are counted afterwards.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Database } from "../../adapters/libsql/database.ts";
import { seedDemoData } from "../../adapters/libsql/seed.ts";
import { randomIds } from "../../adapters/system/clock.ts";
import { placementStatements } from "../../adapters/libsql/bets.ts";
import { MAX_GROUP } from "../../adapters/libsql/perf/index.ts";
import { ledgerTransaction, walletAccountId } from "../../domain/wallet/ledger.ts";
import { stakePostings } from "../../domain/wallet/bonus.ts";
import type { PlacementPlan } from "../../domain/ports/index.ts";

interface Leg {
  eventId: string;
  marketId: string;
  outcomeId: string;
  oddsMilli: number;
}

export interface CeilingResult {
  oneAtATime: { writesPerSecond: number; writes: number };
  groupCommitted: { writesPerSecond: number; writes: number; groups: number };
  /** Bets found in the database afterwards (must equal the writes of both runs). */
  stored: number;
}

const STAKE = 100;

async function setUp(d: Database, customers: number) {
  const users = (await d.client.execute({ sql: "SELECT user_id FROM ledger_accounts WHERE kind = 'wallet' AND user_id IS NOT NULL LIMIT ?", args: [customers] })).rows.map((r) => String(r.user_id));
  const legs = (
    await d.client.execute(
      `SELECT o.id AS o, o.market_id AS m, mk.event_id AS e, o.price_milli AS p FROM outcomes o JOIN markets mk ON mk.id = o.market_id
       JOIN events ev ON ev.id = mk.event_id WHERE ev.status = 'upcoming' AND mk.status = 'open' AND o.price_milli > 1000`,
    )
  ).rows.map((r): Leg => ({ eventId: String(r.e), marketId: String(r.m), outcomeId: String(r.o), oddsMilli: Number(r.p) }));
  if (users.length === 0 || legs.length === 0) throw new Error("the seed has no customers or no open outcomes");
  // Fund every wallet generously outside the timed loops so no write is refused for money.
  await d.client.batch(
    users.flatMap((u, i) => [
      { sql: "INSERT INTO ledger_transactions (id, kind, reference, created_at, created_by) VALUES (?, 'adjustment', NULL, 0, NULL)", args: [`fund${i}`] },
      { sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES (?, 'promotions', -100000000, 0)", args: [`fund${i}`] },
      { sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES (?, ?, 100000000, 0)", args: [`fund${i}`, walletAccountId(u)] },
    ]),
    "write",
  );
  return { users, legs };
}

/** Bet n as the placement use case plans it: a single of 1.00 with an idempotency key and the wager guards. */
function planFor(n: number, users: string[], legs: Leg[], prefix: string): PlacementPlan {
  const userId = users[n % users.length];
  const leg = legs[n % legs.length];
  const id = `${prefix}${n}`;
  const now = new Date();
  const tx = ledgerTransaction({ id: `${id}t`, kind: "bet_stake", reference: id, createdAt: now, createdBy: userId }, stakePostings(userId, { cash: STAKE, bonus: 0 }));
  if (!tx.ok) throw new Error(tx.error.message);
  const potentialReturn = Math.floor((STAKE * leg.oddsMilli) / 1000);
  return {
    bet: { id, userId, betType: "single", stake: STAKE, totalOddsMilli: leg.oddsMilli, potentialReturn, status: "pending", placedAt: now, bonusStake: 0 },
    legs: [{ id: `${id}-1`, legNo: 1, ...leg, result: "pending", eventName: "e", marketName: "m", selectionName: "s" }],
    stakeTransaction: tx.value,
    walletAccountId: walletAccountId(userId),
    idempotency: { key: id, requestHash: "h", response: { bet: { id, potentialReturn, stake: STAKE, status: "pending" } } },
    guards: { at: now, lossLimits: [], minStakeFactorBp: 0 },
  };
}

export async function libsqlPlacementCeiling(seconds: number, customers = 300): Promise<CeilingResult> {
  const dir = mkdtempSync(join(tmpdir(), "bench-ceiling-"));
  const d = await openDatabase({ url: `file:${join(dir, "c.db")}` });
  try {
    await seedDemoData(d, randomIds);
    const { users, legs } = await setUp(d, customers);
    const betsBefore = Number((await d.client.execute("SELECT COUNT(*) AS n FROM bets")).rows[0].n);

    let n = 0;
    let started = performance.now();
    let end = started + seconds * 1000;
    while (performance.now() < end) await d.client.batch(placementStatements(planFor(n++, users, legs, "one")), "write");
    const oneAtATime = { writes: n, writesPerSecond: Math.round(n / ((performance.now() - started) / 1000)) };

    const gc = d.groupCommit;
    if (!gc) throw new Error("the ceiling needs an embedded file database (group commit)");
    const groupsBefore = gc.stats.groups;
    let g = 0;
    started = performance.now();
    end = started + seconds * 1000;
    while (performance.now() < end) {
      const group = Array.from({ length: MAX_GROUP }, () => gc.write(placementStatements(planFor(g++, users, legs, "grp"))));
      await Promise.all(group);
    }
    const groupCommitted = { writes: g, groups: gc.stats.groups - groupsBefore, writesPerSecond: Math.round(g / ((performance.now() - started) / 1000)) };
    const stored = Number((await d.client.execute("SELECT COUNT(*) AS n FROM bets")).rows[0].n) - betsBefore;
    return { oneAtATime, groupCommitted, stored };
  } finally {
    d.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
