/**
 * What each trigger on the placement write costs: real placement writes (captured from POST
 * /api/bets in process) are replayed through the group committer, as the server's writer commits
 * them under load, first with every trigger and then with one trigger dropped at a time; the
 * difference in CPU per write is that trigger's cost. The triggers measured are every trigger on the
 * tables the placement write touches, directly or through other triggers, on the events a placement
 * causes there (inserts; updates and deletes of the balances, running totals and open transactions
 * the triggers keep). Each trigger's cost is the median over the rounds of (with it - without it),
 * the two measured back to back, so drift on the machine cancels; the "(none dropped)" row is the
 * same pair with nothing dropped: the noise.
 *
 *   PATH=$PWD/node_modules/.bin:$PATH node bench/trigger-cost.ts     (N=500 writes per variant, ROUNDS=7;
 *   CUSTOMERS=200 and CAPTURE=400 placements to replay; the test suite's smoke run uses tiny sizes)
 *
 * Dropping a trigger only happens in this script's own temporary database.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { InStatement } from "@libsql/client";
import { openDatabase } from "../adapters/libsql/index.ts";
import { seedDemoData } from "../adapters/libsql/seed.ts";
import { randomIds } from "../adapters/system/clock.ts";
import { demoCookie, inProcessApp, upcomingSelections } from "./lib/in-process-app.ts";

// Each replayed write stakes the captured bet's stake from its customer's demo wallet again: at the
// defaults each of the 200 customers stakes several hundred more bets, within a demo wallet.
const N = Number(process.env.N ?? 500);
const ROUNDS = Number(process.env.ROUNDS ?? 7);
const CUSTOMERS = Number(process.env.CUSTOMERS ?? 200);
/** Placements captured to replay. */
const CAPTURE = Number(process.env.CAPTURE ?? 400);
/** Tables the placement inserts into, and those whose rows the triggers also update or delete. */
const INSERTED = ["bets", "bet_legs", "ledger_transactions", "ledger_postings", "idempotency_keys", "write_assertions", "outcome_liability", "event_liability", "customer_payout_hours", "ledger_open_transactions"];
const CHANGED = ["ledger_accounts", "ledger_open_transactions", "outcome_liability", "event_liability", "customer_payout_hours"];
const TABLES = [...new Set([...INSERTED, ...CHANGED])];
const firesOnPlacement = (table: string, sql: string) => {
  const event = /\b(?:BEFORE|AFTER)\s+(INSERT|UPDATE|DELETE)\b/i.exec(sql)?.[1].toUpperCase();
  return event === "INSERT" ? INSERTED.includes(table) : CHANGED.includes(table);
};

const dir = mkdtempSync(join(tmpdir(), "bench-trigger-cost-"));
const database = await openDatabase({ url: `file:${join(dir, "t.db")}` });
await seedDemoData(database, randomIds);
const app = inProcessApp(database);
const committer = database.groupCommit;
if (!committer) throw new Error("an embedded file database has a group committer");

// Capture the statements of real placements as the adapter hands them to the writer.
const captured: InStatement[][] = [];
const write = committer.write.bind(committer);
committer.write = (statements: InStatement[]) => {
  if (statements.some((s) => typeof s !== "string" && /INSERT INTO bets /.test(s.sql))) captured.push(structuredClone(statements));
  return write(statements);
};
const cookies: string[] = [];
for (let i = 0; i < CUSTOMERS; i++) cookies.push(await demoCookie(app, "customer"));
const selections = await upcomingSelections(app);
for (let i = 0; i < CAPTURE; i++) {
  const res = await app.request("/api/bets", {
    method: "POST",
    headers: { "content-type": "application/json", cookie: cookies[i % CUSTOMERS] },
    body: JSON.stringify({ selections: [selections[i % selections.length]], stake: 100, betType: "single" }),
  });
  if (res.status !== 201) throw new Error(`${res.status} ${await res.text()}`);
}
committer.write = write;

// A captured write again under new bet, leg and transaction ids.
let serial = 0;
function again(statements: InStatement[]): InStatement[] {
  serial++;
  const ids = new Set<string>();
  for (const s of statements) if (typeof s !== "string" && /^\s*INSERT INTO (bets|bet_legs|ledger_transactions) /.test(s.sql)) ids.add(String((s.args as unknown[])[0]));
  return statements.map((s) => (typeof s === "string" ? s : {
    sql: s.sql,
    args: (s.args as unknown[]).map((a) => (typeof a === "string" && ids.has(a) ? `${a}~${serial}` : a)),
  })) as InStatement[];
}

/**
 * CPU per write (µs) over n replayed writes, 64 in flight as under load; NaN when any was refused
 * (a trigger the write cannot do without, such as the one that opens a ledger transaction).
 */
async function run(n: number): Promise<number> {
  const before = process.cpuUsage();
  let failed = 0;
  for (let i = 0; i < n; i += 64) {
    const group: Promise<unknown>[] = [];
    for (let j = 0; j < 64 && i + j < n; j++)
      group.push(write(again(captured[(i + j) % captured.length])).catch((e: unknown) => {
        if (failed++ === 0 && process.env.DEBUG) console.error(String((e as Error)?.message ?? e).slice(0, 300));
      }));
    await Promise.all(group);
  }
  const used = process.cpuUsage(before);
  return failed ? NaN : (used.user + used.system) / n;
}

const triggers = (await database.client.execute(
  `SELECT name, tbl_name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name IN (${TABLES.map(() => "?").join(",")}) ORDER BY tbl_name, name`,
  TABLES,
)).rows.map((r) => ({ name: String(r.name), table: String(r.tbl_name), sql: String(r.sql) })).filter((t) => firesOnPlacement(t.table, t.sql));

await run(500);
const all: number[] = [];
const NONE = "(none dropped)";
const costs = new Map<string, number[]>([[NONE, []], ...triggers.map((t): [string, number[]] => [t.name, []])]);
for (let round = 0; round < ROUNDS; round++) {
  costs.get(NONE)!.push((await run(N)) - (await run(N)));
  for (const t of triggers) {
    const withIt = await run(N);
    all.push(withIt);
    await database.client.execute(`DROP TRIGGER ${t.name}`);
    const withoutIt = await run(N);
    await database.client.execute(t.sql);
    costs.get(t.name)!.push(withIt - withoutIt);
  }
}
const median = (a: number[]) => (a.some(Number.isNaN) ? NaN : [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]);
// Together: every trigger the write does not need (those whose drop refused no write), dropped at
// once, back to back with all of them, ROUNDS times: what the guards cost the write as a whole,
// which the one-at-a-time figures, each within the noise, cannot add up to.
const droppable = triggers.filter((t) => !costs.get(t.name)!.some(Number.isNaN));
const together: number[] = [];
const bare: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const withAll = await run(N);
  for (const t of droppable) await database.client.execute(`DROP TRIGGER ${t.name}`);
  const without = await run(N);
  for (const t of droppable) await database.client.execute(t.sql);
  together.push(withAll - without);
  bare.push(without);
}
console.log(`${captured[0].length} statements per captured write; every trigger: ${median(all).toFixed(1)} µs CPU per write (median of ${all.length} runs of ${N})`);
console.log(
  `the ${droppable.length} triggers a placement fires and does not need, together: ${median(together).toFixed(1)} µs per write ` +
    `(the write without them: ${median(bare).toFixed(1)} µs; median of ${ROUNDS} back-to-back pairs)`,
);
const rows = [...triggers, { name: NONE, table: "" }]
  .map((t) => {
    const m = median(costs.get(t.name)!);
    return { trigger: t.name, table: t.table, "µs per write": Number.isNaN(m) ? "writes refused without it" : +m.toFixed(1) };
  })
  .sort((a, b) => (typeof a["µs per write"] === "string" ? 1 : typeof b["µs per write"] === "string" ? -1 : b["µs per write"] - a["µs per write"]));
console.table(rows);
database.close();
rmSync(dir, { recursive: true, force: true });
