/**
 * The ledger and the bets table in one comparable value: a refused request must leave it exactly as
 * it was, and a difference is reported by account.
 */
import type { Client } from "@libsql/client";

export type Snapshot = Awaited<ReturnType<typeof ledgerSnapshot>>;
export async function ledgerSnapshot(client: Client) {
  const rs = await client.execute(`
    SELECT (SELECT COUNT(*) FROM ledger_postings) AS postings,
           (SELECT COALESCE(SUM(amount), 0) FROM ledger_postings) AS postedSum,
           (SELECT COUNT(*) FROM ledger_transactions) AS transactions,
           (SELECT COUNT(*) FROM bets) AS bets,
           (SELECT group_concat(id || '=' || balance, ';') FROM (SELECT id, balance FROM ledger_accounts ORDER BY id)) AS balances`);
  const r = rs.rows[0];
  return { postings: Number(r.postings), postedSum: Number(r.postedSum), transactions: Number(r.transactions), bets: Number(r.bets), balances: String(r.balances) };
}

export function snapshotDiff(before: Snapshot, after: Snapshot): string {
  const parts: string[] = [];
  for (const k of ["postings", "postedSum", "transactions", "bets"] as const) if (before[k] !== after[k]) parts.push(`${k} ${before[k]} -> ${after[k]}`);
  const b = new Map(before.balances.split(";").map((x) => x.split("=") as [string, string]));
  const a = new Map(after.balances.split(";").map((x) => x.split("=") as [string, string]));
  for (const id of new Set([...b.keys(), ...a.keys()])) if (b.get(id) !== a.get(id)) parts.push(`balance of ${id} ${b.get(id) ?? "(none)"} -> ${a.get(id) ?? "(none)"}`);
  return parts.join(", ");
}
