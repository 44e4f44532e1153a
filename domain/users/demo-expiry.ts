/**
 * Demo accounts expire: a demo user idle for 24 hours (no request since; a user who never made
 * one counts from sign-up) is closed by the upkeep job. Their wallet is emptied through the ledger
 * into the house account with a posting of its own kind (`demo_expired`), never deleted; the user
 * is deactivated and signed out. Each account is one write that re-checks idleness and balance.
 */
import { HOUSE_ACCOUNT, ledgerTransaction, transfer, walletAccountId } from "../wallet/ledger.ts";
import type { Clock, Ids } from "../shared/clock.ts";
import type { DemoAccounts } from "../ports/demo-accounts.ts";

export const DEMO_IDLE_MS = 24 * 3_600_000;

export interface DemoExpirySummary {
  checked: number;
  expired: number;
  /** Cents moved from expired demo wallets to the house. */
  moved: number;
}

export async function expireIdleDemoAccounts(
  d: { ports: { demoAccounts?: DemoAccounts }; clock: Clock; ids: Ids },
  limit = 500,
): Promise<DemoExpirySummary> {
  const out: DemoExpirySummary = { checked: 0, expired: 0, moved: 0 };
  const port = d.ports.demoAccounts;
  if (!port) return out;
  const now = d.clock.now();
  const idleBefore = new Date(now.getTime() - DEMO_IDLE_MS);
  for (const a of await port.idle(idleBefore, limit)) {
    out.checked += 1;
    let tx = null;
    if (a.balance > 0) {
      const built = ledgerTransaction(
        { id: d.ids.next("tx"), kind: "demo_expired", reference: a.userId, createdAt: now, createdBy: null },
        transfer(walletAccountId(a.userId), HOUSE_ACCOUNT, a.balance),
      );
      if (!built.ok) throw new Error(built.error.message);
      tx = built.value;
    }
    if ((await port.expire({ userId: a.userId, idleBefore, expectedBalance: a.balance, tx })) === "expired") {
      out.expired += 1;
      out.moved += a.balance;
    }
  }
  return out;
}
