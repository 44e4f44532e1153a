/**
 * CRM use cases: segments, customer search and profiles, Send Bonus, Flag Account, Restrict.
 * Send Bonus is refused (RG.MARKETING_REFUSED) to a customer on a time-out, self-excluded (own or
 * inherited) or on the national register (domain/responsible/marketing.ts).
 *
 * Restrict suspends the account (isActive false) through setUserStatus: the customer can no longer
 * sign in or bet and every session of theirs ends in the same write; Activate in User Management
 * lifts it. (Per-customer stake limits are the trading desk's stake factor.)
 */
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { ledgerTransaction, PROMOTIONS_ACCOUNT, transfer, walletAccountId } from "../wallet/ledger.ts";
import type { FraudAlertRecord } from "../ports/index.ts";
import type { BackOfficeCtx } from "../users/back-office-ctx.ts";
import { setUserStatus, type UserStatusChange } from "../users/set-user-status.ts";
import { portOf } from "../ports/wallet.ts";
import { marketingRefusal } from "../responsible/marketing.ts";
import { customerProfile, matchesCustomerSearch, segmentSummaries, type CustomerProfileView, type SegmentId } from "./segments.ts";

export async function crmSegments(ctx: BackOfficeCtx) {
  const who = requireRole(ctx.actor, ["admin"], "see customer segments");
  if (!who.ok) return who;
  return ok(segmentSummaries(await ctx.ports.backOffice.customers(ctx.clock.now()), ctx.clock.now()));
}

export async function crmCustomers(
  ctx: BackOfficeCtx,
  q: { search?: string; segment?: SegmentId },
): Promise<Result<CustomerProfileView[]>> {
  const who = requireRole(ctx.actor, ["admin"], "search customers");
  if (!who.ok) return who;
  const now = ctx.clock.now();
  const profiles = (await ctx.ports.backOffice.customers(ctx.clock.now()))
    .map((c) => customerProfile(c, now))
    .filter((p) => (q.search ? matchesCustomerSearch(p, q.search) : true))
    .filter((p) => (q.segment ? p.segment === q.segment : true));
  return ok(profiles.sort((a, b) => b.totalStaked - a.totalStaked || a.email.localeCompare(b.email)));
}

async function customerOrError(ctx: BackOfficeCtx, id: string) {
  const user = await ctx.ports.adminUsers.find(id);
  if (!user) return err(domainError("USER.NOT_FOUND", "No user with that id"));
  if (user.role !== "customer" || user.balance === null)
    return err(domainError("USER.NOT_CUSTOMER", "Only customer accounts with a wallet can receive this"));
  return ok(user);
}

/** An operator's bonus: an adjustment from the promotions account to the wallet, audited, in one write. */
export async function sendBonus(
  ctx: BackOfficeCtx,
  customerId: string,
  input: { amount: number; reason: string },
): Promise<Result<{ transactionId: string; amount: number; balance: number }>> {
  const who = requireRole(ctx.actor, ["admin"], "send bonuses");
  if (!who.ok) return who;
  const actor = who.value;
  const found = await customerOrError(ctx, customerId);
  if (!found.ok) return found;
  const now = ctx.clock.now();
  const rg = await portOf(ctx, "responsible").snapshot(customerId, now);
  const refused = marketingRefusal(rg.exclusions, rg.register?.listed ?? false, now);
  if (refused) return err(refused);
  const reason = input.reason.trim();
  const tx = ledgerTransaction(
    { id: ctx.ids.next("tx"), kind: "adjustment", reference: `bonus: ${reason}`.slice(0, 500), createdAt: now, createdBy: actor.id },
    transfer(PROMOTIONS_ACCOUNT, walletAccountId(customerId), input.amount),
  );
  if (!tx.ok) return tx;
  const balance = await ctx.ports.backOffice.postWalletTransaction(tx.value, walletAccountId(customerId), {
    id: ctx.ids.next("aud"),
    actorId: actor.id,
    actorRole: actor.role,
    action: "customer.bonus",
    entityType: "user",
    entityId: customerId,
    before: { balance: found.value.balance },
    after: { amount: input.amount, reason, transactionId: tx.value.id },
    createdAt: now,
  });
  return ok({ transactionId: tx.value.id, amount: input.amount, balance });
}

/** Flag Account: a manual fraud alert (high severity, open) on the customer, audited. */
export async function flagAccount(ctx: BackOfficeCtx, customerId: string, input: { reason: string }): Promise<Result<FraudAlertRecord>> {
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

export async function restrictAccount(ctx: BackOfficeCtx, customerId: string, input: { reason: string }): Promise<Result<UserStatusChange>> {
  const who = requireRole(ctx.actor, ["admin"], "restrict accounts");
  if (!who.ok) return who;
  const user = await ctx.ports.adminUsers.find(customerId);
  if (!user) return err(domainError("USER.NOT_FOUND", "No user with that id"));
  if (user.role !== "customer") return err(domainError("USER.NOT_CUSTOMER", "Only customer accounts can be restricted here"));
  return setUserStatus(ctx, customerId, { isActive: false, reason: input.reason.trim() }, "customer.restrict");
}
