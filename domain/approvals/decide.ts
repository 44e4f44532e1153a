/**
 * The approvals queue: a second admin approves or rejects a request (four-eyes.ts).
 *
 * Approving re-checks that what the request was worked out against still holds (the bet's
 * resettlement counter, the market's result revision, the limit it raises), then applies it through
 * the same use case as the direct call, with the approval written in that change's own write:
 * applied exactly once. Two approvers racing: one write wins, the other's aborts (the request is no
 * longer pending, or the bet / market has moved on) and it answers APPROVAL.ALREADY_DECIDED. A
 * request that no longer holds is closed as stale and nothing moves. The person who asked can
 * neither approve nor reject it (403 APPROVAL.OWN_REQUEST; the database refuses it too). Requests
 * stay within the demo sandbox's walls: staff see and decide only requests made by staff of their
 * own reach (a demo admin never approves a real admin's change, nor the reverse).
 */
import type { Ctx } from "../shared/context.ts";
import type { User } from "../shared/types.ts";
import { domainError, err, ok, type DomainError, type Result } from "../shared/result.ts";
import { requireRole } from "../shared/authorize.ts";
import { outOfReach, reachOf, withinReach } from "../shared/reach.ts";
import type { ApprovalRequest, ApprovalState, ApprovalThresholds } from "../ports/index.ts";
import { APPROVER_ROLES, type Approving } from "./four-eyes.ts";
import { resettleBet, type ResettleBetInput } from "../settlement/resettle-bet.ts";
import { resettleMarket, unsettleMarket, type ResettleMarketInput } from "../settlement/correct-market.ts";
import { setMarketLimit } from "../markets/market-controls.ts";
import { sendBonus } from "../crm/customers.ts";
import { setEventLimit } from "../markets/event-limit.ts";
import { setRiskSetting } from "./risk-settings.ts";
import type { GovernedSetting } from "../ports/index.ts";

export async function listApprovals(ctx: Ctx, state: ApprovalState | "all"): Promise<Result<{ items: ApprovalRequest[]; thresholds: ApprovalThresholds }>> {
  const who = requireRole(ctx.actor, [...APPROVER_ROLES], "see the approvals queue");
  if (!who.ok) return who;
  const [all, thresholds] = await Promise.all([ctx.ports.approvals.list({ state, limit: 200 }), ctx.ports.approvals.thresholds()]);
  const reach = reachOf(ctx.actor);
  const kinds = new Map<string, boolean>();
  for (const requester of new Set(all.map((r) => r.requestedBy))) kinds.set(requester, await requesterWithin(ctx, reach, requester));
  return ok({ items: all.filter((r) => kinds.get(r.requestedBy)), thresholds });
}

/** Whether a request made by `requester` is within `reach` (an unknown requester is not). */
async function requesterWithin(ctx: Ctx, reach: ReturnType<typeof reachOf>, requester: string): Promise<boolean> {
  const kind = await ctx.ports.accountKinds.ownerKind("user", requester);
  return kind !== null && withinReach(reach, kind);
}

/** The pending request `actor` may decide: not found, decided, or their own are refused. */
async function decidable(ctx: Ctx, actor: User, id: string): Promise<Result<ApprovalRequest>> {
  const request = await ctx.ports.approvals.find(id);
  if (!request) return err(domainError("APPROVAL.NOT_FOUND", "No approval request with that id"));
  const reach = reachOf(ctx.actor);
  if (!(await requesterWithin(ctx, reach, request.requestedBy))) return err(outOfReach(reach));
  if (request.state !== "pending") return err(decided(request));
  if (request.requestedBy === actor.id)
    return err(domainError("APPROVAL.OWN_REQUEST", "A second person must decide this: you made the request"));
  return ok(request);
}

const decided = (r: Pick<ApprovalRequest, "state">): DomainError =>
  domainError("APPROVAL.ALREADY_DECIDED", `This request is already ${r.state}`, { state: r.state });

/** Why the request no longer holds (the thing it changes moved on since it was made), or null. */
async function staleness(ctx: Ctx, r: ApprovalRequest): Promise<string | null> {
  const was = r.payload.against;
  switch (r.kind) {
    case "bet_resettle": {
      const [bet, count] = await Promise.all([ctx.ports.bets.findById(r.subjectId), ctx.ports.settlements.resettlementCount(r.subjectId)]);
      if (!bet || count !== was.resettlementCount || bet.status !== was.status) return "The bet was settled or resettled again since the request";
      return null;
    }
    case "market_resettle":
    case "market_unsettle": {
      const revision = await ctx.ports.corrections.marketRevision(r.subjectId);
      return revision !== was.revision ? "The market's result changed since the request" : null;
    }
    case "market_limit": {
      const m = await ctx.ports.markets.findById(r.subjectId);
      if (!m || m.resultKind !== null || m.status === "closed") return "The market is closed or settled: its limit no longer matters";
      return m.liabilityLimit !== was.liabilityLimit ? "The market's limit changed since the request" : null;
    }
    case "bonus":
      return null; // The credit's own write re-checks the customer (suspended, excluded, listed).
    case "event_limit": {
      const e = await ctx.ports.eventLimits.find(r.subjectId);
      if (!e || e.status === "finished") return "The event is finished: its limit no longer matters";
      return e.own !== was.liabilityLimit ? "The event's limit changed since the request" : null;
    }
    case "risk_setting": {
      const now = (await ctx.ports.riskSettings.governed())[r.subjectId as GovernedSetting];
      return now !== was.value ? "The setting changed since the request" : null;
    }
  }
}

/** Apply the request through its own use case, as the approver. */
function apply(ctx: Ctx, r: ApprovalRequest, approving: Approving): Promise<Result<unknown>> {
  const input: unknown = r.payload.input;
  switch (r.kind) {
    case "bet_resettle":
      return resettleBet(ctx, r.subjectId, input as ResettleBetInput, approving);
    case "market_resettle":
      return resettleMarket(ctx, r.subjectId, input as ResettleMarketInput, approving);
    case "market_unsettle":
      return unsettleMarket(ctx, r.subjectId, input as { reason: string }, approving);
    case "market_limit":
      return setMarketLimit(ctx, r.subjectId, Number((input as { liabilityLimit: number }).liabilityLimit), approving);
    case "bonus":
      return sendBonus(ctx, r.subjectId, input as { amount: number; reason: string }, approving);
    case "event_limit":
      return setEventLimit(ctx, r.subjectId, (input as { liabilityLimit: number | null }).liabilityLimit, approving);
    case "risk_setting":
      return setRiskSetting(ctx, r.subjectId as GovernedSetting, Number((input as { value: number }).value), approving);
  }
}

async function close(ctx: Ctx, actor: User, r: ApprovalRequest, state: "rejected" | "stale", note: string): Promise<"closed" | "already_decided"> {
  const now = ctx.clock.now();
  return ctx.ports.approvals.close({
    requestId: r.id,
    state,
    by: actor.id,
    at: now,
    note,
    audit: {
      id: ctx.ids.next("aud"),
      actorId: actor.id,
      actorRole: actor.role,
      action: state === "rejected" ? "approval.reject" : "approval.stale",
      entityType: "approval_request",
      entityId: r.id,
      before: { state: "pending", requestedBy: r.requestedBy },
      after: { state, kind: r.kind, subject: `${r.subjectType}:${r.subjectId}`, amount: r.amount, note },
      createdAt: now,
    },
  });
}

export async function approveRequest(ctx: Ctx, id: string, input: { note?: string }): Promise<Result<{ request: ApprovalRequest; applied: unknown }>> {
  const who = requireRole(ctx.actor, [...APPROVER_ROLES], "approve requests");
  if (!who.ok) return who;
  const found = await decidable(ctx, who.value, id);
  if (!found.ok) return found;
  const request = found.value;
  const why = await staleness(ctx, request);
  if (why) {
    if ((await close(ctx, who.value, request, "stale", why)) === "already_decided") return err(decided(await reread(ctx, id)));
    return err(domainError("APPROVAL.STALE", `${why}: nothing was applied and the request is closed; ask again if it is still needed`));
  }
  const applied = await apply(ctx, request, { request, note: input.note?.trim() || null });
  const after = await reread(ctx, id);
  if (after.state !== "pending" && after.decidedBy !== who.value.id) return err(decided(after)); // another approver's write won
  if (!applied.ok) return applied; // nothing moved; the request still waits (e.g. the customer's balance changed)
  if (after.state === "pending") {
    // Nothing was left to apply (it was already so): close it rather than leave it waiting.
    await close(ctx, who.value, request, "stale", "Nothing left to apply: it was already so");
    return err(domainError("APPROVAL.STALE", "Nothing left to apply: it was already so; the request is closed"));
  }
  return ok({ request: after, applied: applied.value });
}

export async function rejectRequest(ctx: Ctx, id: string, input: { reason: string }): Promise<Result<ApprovalRequest>> {
  const who = requireRole(ctx.actor, [...APPROVER_ROLES], "reject requests");
  if (!who.ok) return who;
  const found = await decidable(ctx, who.value, id);
  if (!found.ok) return found;
  if ((await close(ctx, who.value, found.value, "rejected", input.reason.trim())) === "already_decided") return err(decided(await reread(ctx, id)));
  return ok(await reread(ctx, id));
}

const reread = async (ctx: Ctx, id: string) => (await ctx.ports.approvals.find(id))!;
