/**
 * Ceiling 2: raw libSQL writes of the same shape as a bet placement, with no HTTP, no validation and
 * no reads: one batch(..., "write") per bet of idempotency record, bet, leg, ledger transaction,
 * two postings, the stored response's balance and the balance read (the balance moves by the same trigger as production). Sequential, because the
 * single writer is the limit.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../adapters/libsql/database.ts";
import { seedDemoData } from "../../adapters/libsql/seed.ts";
import { randomIds } from "../../adapters/system/clock.ts";

export async function libsqlPlacementCeiling(seconds: number): Promise<{ writesPerSecond: number; writes: number }> {
  const dir = mkdtempSync(join(tmpdir(), "bench-ceiling-"));
  const d = await openDatabase({ url: `file:${join(dir, "c.db")}` });
  await seedDemoData(d, randomIds);
  const user = (await d.client.execute("SELECT user_id FROM ledger_accounts WHERE kind = 'wallet' LIMIT 1")).rows[0].user_id as string;
  const wallet = `wallet:${user}`;
  const leg = (
    await d.client.execute(
      "SELECT o.id AS o, o.market_id AS m, mk.event_id AS e, o.price_milli AS p FROM outcomes o JOIN markets mk ON mk.id = o.market_id JOIN events ev ON ev.id = mk.event_id WHERE ev.status = 'upcoming' AND mk.status = 'open' LIMIT 1",
    )
  ).rows[0];
  // Fund the wallet generously outside the timed loop so no write is refused.
  await d.client.batch(
    [
      { sql: "INSERT INTO ledger_transactions (id, kind, reference, created_at, created_by) VALUES ('fund', 'adjustment', NULL, 0, NULL)", args: [] },
      { sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES ('fund', 'promotions', -1000000000, 0)", args: [] },
      { sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES ('fund', ?, 1000000000, 0)", args: [wallet] },
    ],
    "write",
  );
  let n = 0;
  const end = performance.now() + seconds * 1000;
  const started = performance.now();
  while (performance.now() < end) {
    const id = `cb${n++}`;
    const now = Date.now();
    await d.client.batch(
      [
        { sql: "INSERT INTO idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at) VALUES (?, ?, 'h', 201, '{}', ?)", args: [user, id, now] },
        { sql: "INSERT INTO bets (id, user_id, bet_type, stake, total_odds_milli, potential_return, actual_return, status, placed_at, settled_at, settled_by) VALUES (?, ?, 'single', 100, ?, ?, NULL, 'pending', ?, NULL, NULL)", args: [id, user, leg.p, leg.p, now] },
        { sql: "INSERT INTO bet_legs (id, bet_id, leg_no, event_id, market_id, outcome_id, odds_milli, result, event_name, market_name, selection_name) VALUES (?, ?, 0, ?, ?, ?, ?, 'pending', 'e', 'm', 's')", args: [`${id}l`, id, leg.e, leg.m, leg.o, leg.p] },
        { sql: "INSERT INTO ledger_transactions (id, kind, reference, created_at, created_by) VALUES (?, 'bet_stake', ?, ?, ?)", args: [`${id}t`, id, now, user] },
        { sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES (?, ?, -100, ?)", args: [`${id}t`, wallet, now] },
        { sql: "INSERT INTO ledger_postings (transaction_id, account_id, amount, created_at) VALUES (?, 'house', 100, ?)", args: [`${id}t`, now] },
        { sql: "UPDATE idempotency_keys SET response_body = json_set(response_body, '$.balance', (SELECT balance FROM ledger_accounts WHERE id = ?)) WHERE user_id = ? AND key = ?", args: [wallet, user, id] },
        { sql: "SELECT balance FROM ledger_accounts WHERE id = ?", args: [wallet] },
      ],
      "write",
    );
  }
  const secs = (performance.now() - started) / 1000;
  d.close();
  rmSync(dir, { recursive: true, force: true });
  return { writesPerSecond: Math.round(n / secs), writes: n };
}
