/**
 * Demo back-office data made of real activity, written through the same ports and use cases the
 * API uses, so the fraud rules engine raises real alerts when it scans at the end:
 * - Ethan Brooks bets a little for a few days, then fires 6 bets within a minute (rapid betting)
 *   and then one stake 40x his median (stake far above history);
 * - Mia Harris, Lucas Martin and Ava Clarke sign in from one address (several accounts, one address);
 * - Zoe Campbell deposits, takes the deposit bonus, bets 20.00 and withdraws nearly everything two
 *   hours later (deposit then withdrawal with little play; bonus claimed then withdrawn).
 * Plus a handful of staff tasks. Sessions written here are already expired: they only record the
 * address they came from.
 */
import type { Database } from "./database.ts";
import { libsqlPorts } from "./index.ts";
import { placeBet } from "../../domain/betting/place-bet.ts";
import { runFraudScan } from "../../domain/fraud/scan.ts";
import { createTask } from "../../domain/tasks/manage-tasks.ts";
import { formatOdds } from "../../domain/shared/odds.ts";
import {
  ledgerTransaction, PAYMENTS_ACCOUNT, PROMOTIONS_ACCOUNT, transfer, walletAccountId, type LedgerTransaction, type Posting,
} from "../../domain/wallet/ledger.ts";
import type { Ids } from "../../domain/shared/clock.ts";
import type { EventView, User, VerificationLevel } from "../../domain/shared/types.ts";
import { newSessionToken, sessionIdFor } from "../system/session-token.ts";

const MIN = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
/** An address from the documentation range (RFC 5737), shared by three demo accounts. */
export const SEED_SHARED_ADDRESS = "203.0.113.45";

export async function seedFraudData(d: Database, ids: Ids, now: Date): Promise<void> {
  const ports = libsqlPorts(d);
  const at = now.getTime();
  const clockAt = (t: number) => ({ now: () => new Date(t) });

  const tx = (kind: LedgerTransaction["kind"], postings: Posting[], when: number, reference: string | null, by: string | null) => {
    const r = ledgerTransaction({ id: ids.next("tx"), kind, reference, createdAt: new Date(when), createdBy: by }, postings);
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };

  async function customer(first: string, last: string, level: VerificationLevel, joinedDaysAgo: number, opening: { kind: "demo_grant" | "deposit"; amount: number; hoursAgo: number }) {
    const id = ids.next("usr");
    const user: User = {
      id, email: `${first}.${last}`.toLowerCase() + "@example.com", firstName: first, lastName: last, role: "customer",
      isDemo: false, isActive: true, verificationLevel: level, createdAt: new Date(at - joinedDaysAgo * DAY),
    };
    const from = opening.kind === "deposit" ? PAYMENTS_ACCOUNT : PROMOTIONS_ACCOUNT;
    const grant = tx(opening.kind, transfer(from, walletAccountId(id), opening.amount), at - opening.hoursAgo * HOUR,
      opening.kind === "deposit" ? "card:seed" : id, null);
    await ports.users.create(user, { grant });
    return user;
  }

  async function session(user: User, ip: string, hoursAgo: number) {
    const createdAt = new Date(at - hoursAgo * HOUR);
    await ports.sessions.create({
      id: await sessionIdFor(newSessionToken()),
      userId: user.id,
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 30 * MIN),
      ip,
    });
  }

  // Upcoming two-way or three-way match-winner markets, far enough ahead to stay open.
  const events = (await ports.events.list({ status: "upcoming", limit: 200 }))
    .filter((e) => e.sport !== "racing" && e.startTime.getTime() > at + 2 * HOUR)
    .sort((a, b) => a.id.localeCompare(b.id));
  const pickFor = (i: number) => {
    const e: EventView = events[i % events.length];
    const m = e.markets.find((x) => x.type === "full_time_result")!;
    const o = m.outcomes[i % m.outcomes.length];
    return { eventId: e.id, marketId: m.id, outcomeId: o.id, odds: formatOdds(o.priceMilli) };
  };
  async function bet(user: User, when: number, stake: number, pick: number) {
    const ctx = { actor: { kind: "user" as const, user, sessionId: "seed" }, ports, clock: clockAt(when), ids };
    const res = await placeBet(ctx, { selections: [pickFor(pick)], stake, betType: "single" }, null);
    if (!res.ok) throw new Error(`seed bet refused: ${res.error.code} ${res.error.message}`);
  }

  // Rapid betting and a stake far above history.
  const ethan = await customer("Ethan", "Brooks", "full", 45, { kind: "demo_grant", amount: 200_000, hoursAgo: 45 * 24 });
  for (let i = 0; i < 6; i++) await bet(ethan, at - (5 - i) * DAY - 3 * HOUR, 1_000, i);
  for (let i = 0; i < 6; i++) await bet(ethan, at - 40 * MIN + i * 8_000, 1_000, i + 2);
  await bet(ethan, at - 30 * MIN, 40_000, 1);

  // Several accounts from one address.
  const ring = [
    await customer("Mia", "Harris", "full", 3, { kind: "deposit", amount: 10_000, hoursAgo: 70 }),
    await customer("Lucas", "Martin", "basic", 2, { kind: "deposit", amount: 10_000, hoursAgo: 46 }),
    await customer("Ava", "Clarke", "basic", 1, { kind: "deposit", amount: 10_000, hoursAgo: 22 }),
  ];
  for (const [i, u] of ring.entries()) {
    await session(u, SEED_SHARED_ADDRESS, 60 - i * 20);
    await bet(u, at - (50 - i * 20) * HOUR, 2_500, 10 + i);
  }

  // Deposit, bonus, a token bet, then a withdrawal of nearly everything.
  const zoe = await customer("Zoe", "Campbell", "full", 20, { kind: "deposit", amount: 50_000, hoursAgo: 6 });
  await ports.ledgerPayments.postWalletTransaction(
    tx("deposit_bonus", transfer(PROMOTIONS_ACCOUNT, walletAccountId(zoe.id), 5_000), at - 6 * HOUR + 1_000, "deposit bonus: card:seed", null),
    walletAccountId(zoe.id),
    null,
  );
  await session(zoe, "198.51.100.23", 6);
  await bet(zoe, at - 5 * HOUR, 2_000, 4);
  await ports.ledgerPayments.postWalletTransaction(
    tx("withdrawal", transfer(walletAccountId(zoe.id), PAYMENTS_ACCOUNT, 52_000), at - 2 * HOUR, "bank:seed", null),
    walletAccountId(zoe.id),
    null,
  );

  await runFraudScan({ ports, clock: clockAt(at), ids });

  // A few staff tasks.
  const staff = await ports.tasks.staff();
  const admin = staff.find((s) => s.role === "admin");
  const trader = staff.find((s) => s.role === "trader");
  if (!admin) return;
  const adminUser = (await ports.users.findById(admin.id))!;
  const tasks = [
    { title: "Review rapid betting on Ethan Brooks's account", description: "Six bets inside a minute followed by a 400.00 stake. Check the fraud alerts and decide whether to limit him.", priority: "high", status: "in_progress", category: "risk_review", assignedTo: admin.id, dueDate: new Date(at + 4 * HOUR) },
    { title: "Investigate accounts sharing one address", description: `Mia Harris, Lucas Martin and Ava Clarke signed in from ${SEED_SHARED_ADDRESS}.`, priority: "critical", status: "pending", category: "risk_review", assignedTo: admin.id, dueDate: new Date(at + DAY) },
    { title: "Settle bets on finished events", description: "Run Bulk Settlement once the finished fixtures have final scores.", priority: "medium", status: "pending", category: "bet_settlement", assignedTo: trader?.id ?? null, dueDate: new Date(at + 2 * DAY) },
    { title: "Check the odds feed latency alerts", description: "Compare feed lag in System Health against yesterday.", priority: "low", status: "completed", category: "system_maintenance", assignedTo: trader?.id ?? null, dueDate: null },
  ] as const;
  for (const t of tasks) {
    const res = await createTask({ actor: { kind: "user", user: adminUser, sessionId: "seed" }, ports, clock: clockAt(at), ids }, { ...t });
    if (!res.ok) throw new Error(res.error.message);
  }
}
