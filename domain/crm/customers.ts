/**
 * CRM use cases: segments, customer search and profiles, Send Bonus, Flag Account, Restrict.
 * Send Bonus is refused (RG.MARKETING_REFUSED) to a customer who is suspended, on a time-out,
 * self-excluded (own or inherited) or on the national register (domain/responsible/marketing.ts),
 * before the write and again inside it; it credits the bonus account, not cash.
 *
 * Restrict suspends the account (isActive false) through setUserStatus: the customer can no longer
 * sign in or bet and every session of theirs ends in the same write; Activate in User Management
 * lifts it. (Per-customer stake limits are the trading desk's stake factor.)
 */
import { reachOf } from "../shared/reach.ts";
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { ledgerTransaction, PROMOTIONS_ACCOUNT, transfer, walletAccountId } from "../wallet/ledger.ts";
import type { FraudAlertRecord } from "../ports/index.ts";
import { setUserStatus, type UserStatusChange } from "../users/set-user-status.ts";
import type { SuspensionCategory } from "../accounts/suspension.ts";
import { bonusRefusal } from "../responsible/marketing.ts";
import { bonusAccountId } from "../wallet/bonus.ts";
import { formatMoney } from "../shared/money.ts";
import { approvalNote, fourEyes, type ApprovalPending, type Approving } from "../approvals/four-eyes.ts";
import { customerProfile, matchesCustomerSearch, segmentSummaries, type CustomerProfileView, type SegmentId } from "./segments.ts";

export async function crmSegments(ctx: Ctx) {
  const who = requireRole(ctx.actor, ["admin"], "see customer segments");
  if (!who.ok) return who;
  return ok(segmentSummaries(await ctx.ports.customerAggregates.customers(ctx.clock.now(), reachOf(ctx.actor)), ctx.clock.now()));
}

export async function crmCustomers(
  ctx: Ctx,
  q: { search?: string; segment?: SegmentId },
): Promise<Result<CustomerProfileView[]>> {
  const who = requireRole(ctx.actor, ["admin"], "search customers");
  if (!who.ok) return who;
  const now = ctx.clock.now();
  const profiles = (await ctx.ports.customerAggregates.customers(ctx.clock.now(), reachOf(ctx.actor)))
    .map((c) => customerProfile(c, now))
    .filter((p) => (q.search ? matchesCustomerSearch(p, q.search) : true))
    .filter((p) => (q.segment ? p.segment === q.segment : true));
  return ok(profiles.sort((a, b) => b.totalStaked - a.totalStaked || a.email.localeCompare(b.email)));
}

async function customerOrError(ctx: Ctx, id: string) {
  const user = await ctx.ports.adminUsers.find(id);
  if (!user) return err(domainError("USER.NOT_FOUND", "No user with that id"));
  if (user.role !== "customer" || user.balance === null)
    return err(domainError("USER.NOT_CUSTOMER", "Only customer accounts with a wallet can receive this"));
  return ok(user);
}

/**
 * An operator's bonus: an adjustment from the promotions account to the customer's bonus account
 * (never cash: it carries the wagering requirement, docs/money.md "Bonus funds"), audited, in one
 * write that itself refuses a suspended, timed-out, self-excluded or register-listed customer.
 */
export async function sendBonus(
  ctx: Ctx,
  customerId: string,
  input: { amount: number; reason: string },
  approving?: Approving,
): Promise<Result<{ transactionId: string; amount: number; balance: number; bonusBalance: number } | ApprovalPending>> {
  const who = requireRole(ctx.actor, ["admin"], "send bonuses");
  if (!who.ok) return who;
  const actor = who.value;
  const found = await customerOrError(ctx, customerId);
  if (!found.ok) return found;
  const now = ctx.clock.now();
  const rg = await ctx.ports.responsible.snapshot(customerId, now);
  const refused = bonusRefusal(found.value.isActive, rg.exclusions, rg.register?.listed ?? false, now);
  if (refused) return err(refused);
  const bonuses = ctx.ports.bonuses;
  const reason = input.reason.trim();
  // Four eyes: a bonus above the threshold waits for a second admin (approvals/four-eyes.ts).
  const who2 = `${found.value.firstName} ${found.value.lastName}`.trim() || found.value.email;
  const gate = await fourEyes(ctx, actor, approving, {
    kind: "bonus", subjectType: "user", subjectId: customerId, amount: input.amount, threshold: "bonus",
    summary: `Bonus of ${formatMoney(input.amount)} to ${who2}: ${reason}`.slice(0, 500), input: { amount: input.amount, reason }, against: {},
  });
  if (!gate.ok) return gate;
  if (!gate.value.apply) return ok(gate.value.pending);
  const claim = gate.value.claim;
  const tx = ledgerTransaction(
    { id: ctx.ids.next("tx"), kind: "adjustment", reference: `bonus: ${reason}`.slice(0, 500), createdAt: now, createdBy: actor.id },
    transfer(PROMOTIONS_ACCOUNT, bonusAccountId(customerId), input.amount),
  );
  if (!tx.ok) return tx;
  const before = await bonuses.balances(customerId);
  const credited = await bonuses.credit(tx.value, customerId, {
    id: ctx.ids.next("aud"),
    actorId: actor.id,
    actorRole: actor.role,
    action: "customer.bonus",
    entityType: "user",
    entityId: customerId,
    before: { balance: found.value.balance, bonusBalance: before?.bonus ?? 0 },
    after: { amount: input.amount, reason, transactionId: tx.value.id, to: "bonus", ...approvalNote(claim, approving) },
    createdAt: now,
  }, now, claim);
  if (credited === "approval_decided") return err(domainError("APPROVAL.ALREADY_DECIDED", "This request was decided by someone else meanwhile"));
  if (credited === "no_account") return err(domainError("USER.NOT_CUSTOMER", "Only customer accounts with a wallet can receive this"));
  if (credited === "refused") {
    // Suspended, excluded or listed between our read and the write: say which, from fresh state.
    const [fresh, again] = await Promise.all([ctx.ports.adminUsers.find(customerId), ctx.ports.responsible.snapshot(customerId, ctx.clock.now())]);
    return err(
      bonusRefusal(fresh?.isActive ?? false, again.exclusions, again.register?.listed ?? false, ctx.clock.now()) ??
        domainError("RG.MARKETING_REFUSED", "No bonuses or marketing to this customer now"),
    );
  }
  const after = await bonuses.balances(customerId);
  return ok({ transactionId: tx.value.id, amount: input.amount, balance: after?.cash ?? 0, bonusBalance: after?.bonus ?? 0 });
}

/** Flag Account: a manual fraud alert (high severity, open) on the customer, audited. */
export async function flagAccount(ctx: Ctx, customerId: string, input: { reason: string }): Promise<Result<FraudAlertRecord>> {
  const who = requireRole(ctx.actor, ["admin"], "flag accounts");
  if (!who.ok) return who;
  const actor = who.value;
  const user = await ctx.ports.adminUsers.find(customerId);
  if (!user) return err(domainError("USER.NOT_FOUND", "No user with that id"));
  if (user.role !== "customer") return err(domainError("USER.NOT_CUSTOMER", "Only customer accounts can be flagged"));
  const now = ctx.clock.now();
  const id = ctx.ids.next("fra");
  const reason = input.reason.trim();
  await ctx.ports.fraud.raise(
    {
      id,
      userId: customerId,
      alertType: "manual_flag",
      severity: "high",
      description: `Flagged by ${actor.firstName} ${actor.lastName}: ${reason}`.slice(0, 1200),
      dedupeKey: `manual_flag:${id}`,
      confidence: null,
      evidence: { flaggedBy: actor.id, reason },
      createdAt: now,
    },
    {
      id: ctx.ids.next("aud"), actorId: actor.id, actorRole: actor.role, action: "customer.flag", entityType: "user",
      entityId: customerId, before: null, after: { alertId: id, reason }, createdAt: now,
    },
  );
  return ok((await ctx.ports.fraud.findAlert(id))!);
}

export async function restrictAccount(
  ctx: Ctx,
  customerId: string,
  input: { reason: string; category?: SuspensionCategory },
): Promise<Result<UserStatusChange>> {
  const who = requireRole(ctx.actor, ["admin"], "restrict accounts");
  if (!who.ok) return who;
  const user = await ctx.ports.adminUsers.find(customerId);
  if (!user) return err(domainError("USER.NOT_FOUND", "No user with that id"));
  if (user.role !== "customer") return err(domainError("USER.NOT_CUSTOMER", "Only customer accounts can be restricted here"));
  return setUserStatus(ctx, customerId, { isActive: false, reason: input.reason.trim(), category: input.category }, "customer.restrict");
}
