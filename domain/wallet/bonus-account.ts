/**
 * Bonus wallet use cases (docs/money.md "Bonus funds"): the customer's bonus view, the operator's
 * view of a customer's bonus, and the upkeep that releases a bonus whose wagering is met (bonus ->
 * wallet, bonus_release) or expires one past its date (bonus -> house, bonus_expired). The upkeep
 * runs from the scheduler (api/jobs/scheduler.ts) and, for one customer, whenever they look at
 * their bonus or ask to withdraw, so a release is never waiting on the job when it matters.
 */
import type { Ctx } from "../shared/context.ts";
import { ok, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { type Bonuses } from "../ports/bonus.ts";
import { closingPostings, nextBonusStep, wageringState, type WageringState } from "./bonus.ts";
import { ledgerTransaction } from "./ledger.ts";
import { formatMoney } from "../shared/money.ts";

type Deps = Pick<Ctx, "ports" | "clock" | "ids">;

export interface BonusView {
  cash: number;
  bonus: number;
  active: boolean;
  wagered: number;
  required: number;
  minOdds: string;
  expiresAt: string | null;
  /** e.g. "$120.00 of $500.00 wagered at 1.50+" */
  progressText: string | null;
}

const oddsText = (m: number) => (m / 1000).toFixed(2);

export function bonusView(cash: number, s: WageringState): BonusView {
  return {
    cash,
    bonus: s.balance,
    active: s.active,
    wagered: Math.min(s.wagered, s.required),
    required: s.required,
    minOdds: oddsText(s.minOddsMilli),
    expiresAt: s.expiresAt?.toISOString() ?? null,
    progressText: s.active ? `${formatMoney(Math.min(s.wagered, s.required))} of ${formatMoney(s.required)} wagered at ${oddsText(s.minOddsMilli)}+` : null,
  };
}

export type UpkeepResult = "none" | "released" | "expired" | "stale";

/** One customer's bonus upkeep: release, expire or nothing, in one guarded write. */
export async function bonusUpkeepFor(d: Deps, bonuses: Bonuses, userId: string): Promise<{ result: UpkeepResult; state: WageringState; cash: number }> {
  const snap = await bonuses.snapshot(userId);
  const state = wageringState(snap.bonus, snap.grants, snap.wagered);
  const now = d.clock.now();
  const step = nextBonusStep(state, now);
  if (step.kind === "none") return { result: "none", state, cash: snap.cash };
  let tx = null;
  if (step.amount > 0) {
    const built = ledgerTransaction(
      { id: d.ids.next("tx"), kind: step.kind === "release" ? "bonus_release" : "bonus_expired", reference: userId, createdAt: now, createdBy: null },
      closingPostings(userId, step),
    );
    if (!built.ok) throw new Error(built.error.message);
    tx = built.value;
  }
  const closed = await bonuses.close({
    userId, grantIds: snap.grants.map((g) => g.id), status: step.kind === "release" ? "released" : "expired",
    expectedBalance: snap.bonus, tx, at: now,
  });
  if (closed === "stale") return { result: "stale", state, cash: snap.cash };
  const after = await bonuses.snapshot(userId);
  return { result: step.kind === "release" ? "released" : "expired", state: wageringState(after.bonus, after.grants, after.wagered), cash: after.cash };
}

export interface BonusUpkeepSummary {
  checked: number;
  released: number;
  expired: number;
}

/** The scheduled upkeep over every customer with an active bonus or bonus money left over. */
export async function runBonusUpkeep(d: Deps, limit = 1000): Promise<BonusUpkeepSummary> {
  const bonuses = d.ports.bonuses;
  const out: BonusUpkeepSummary = { checked: 0, released: 0, expired: 0 };
  for (const userId of await bonuses.needingUpkeep(limit)) {
    out.checked += 1;
    const r = await bonusUpkeepFor(d, bonuses, userId);
    if (r.result === "released") out.released += 1;
    if (r.result === "expired") out.expired += 1;
  }
  return out;
}

/** The signed-in customer's bonus (after upkeep). */
export async function myBonus(ctx: Ctx): Promise<Result<BonusView>> {
  const who = requireRole(ctx.actor, ["customer"], "see a bonus");
  if (!who.ok) return who;
  const bonuses = ctx.ports.bonuses;
  const r = await bonusUpkeepFor(ctx, bonuses, who.value.id);
  return ok(bonusView(r.cash, r.state));
}

/** An operator's view of a customer's bonus and wagering (no upkeep: looking changes nothing). */
export async function customerBonus(ctx: Ctx, customerId: string): Promise<Result<BonusView>> {
  const who = requireRole(ctx.actor, ["admin"], "see customers' bonuses");
  if (!who.ok) return who;
  const bonuses = ctx.ports.bonuses;
  const snap = await bonuses.snapshot(customerId);
  return ok(bonusView(snap.cash, wageringState(snap.bonus, snap.grants, snap.wagered)));
}
