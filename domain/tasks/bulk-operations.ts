/**
 * Bulk operations: an admin starts one (it is recorded as pending and audited); a runner in the
 * server process (api/jobs) claims it, processes it in chunks, records progress after every chunk,
 * and ends it completed or failed with counts. Reports keep their CSV with the operation.
 *
 * - settlement: every pending bet whose legs are all on finished events is graded from the recorded
 *   results (domain/tasks/bulk-settlement.ts) and settled through settleBet as the admin who started
 *   it (so each settlement pays once and is audited). Bets that cannot be graded are counted failed
 *   ("needs review") and stay pending. manual_review settles nothing and lists them.
 *   The run fails when nothing could be settled although there were bets to settle.
 * - customer_insight / risk_analysis: one CSV row per customer of the chosen segment.
 * - export_report: financial, customer_activity, risk_metrics or regulatory over the chosen period.
 */
import { reachOf, requireWithinReach, type Reach } from "../shared/reach.ts";
import type { Ctx, SystemCtx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { domainError, err, ok, type Result } from "../shared/result.ts";
import type { User } from "../shared/types.ts";
import type { BulkOperationRecord, BulkOperationType, CustomerAggregate } from "../ports/index.ts";
import { settleBet } from "../settlement/settle-bet.ts";
import { planBetSettlement } from "./bulk-settlement.ts";
import { toCsv, centsText, type CsvCell } from "./csv.ts";
import { PAYMENT_KINDS } from "../crm/back-office-views.ts";
import {
  clvByCustomer, CUSTOMER_ACTIVITY_HEADER, customerActivityRows, FINANCIAL_HEADER, financialRows, inInsightSegment, insightHeader,
  insightRow, REGULATORY_HEADER, regulatoryRows, resolvePeriod, RISK_METRICS_HEADER, riskMetricsRows,
  type AnalysisType, type DateRange, type InsightSegment, type ReportType,
} from "./reports.ts";

export type BulkOperationRequest =
  | { type: "settlement"; params: { settlementType: "completed_events" | "manual_review"; sport: string } }
  | { type: "customer_insight" | "risk_analysis"; params: { analysisType: AnalysisType; segment: InsightSegment } }
  | { type: "export_report"; params: { reportType: ReportType; dateRange: DateRange; from?: string; to?: string } };

const words = (s: string) => s.replace(/_/g, " ");
const SPORT_LABEL: Record<string, string> = { all: "all sports", american_football: "American football" };

function describe(req: BulkOperationRequest): { title: string; description: string } {
  switch (req.type) {
    case "settlement":
      return req.params.settlementType === "manual_review"
        ? { title: "Bulk Settlement: manual review", description: `List pending bets on finished events (${SPORT_LABEL[req.params.sport] ?? req.params.sport}) that cannot be graded automatically` }
        : { title: "Bulk Settlement: completed events", description: `Settle pending bets on finished events (${SPORT_LABEL[req.params.sport] ?? req.params.sport}) from their results` };
    case "customer_insight":
      return { title: `Customer Insights: ${words(req.params.analysisType)}`, description: `Customer insight CSV for ${words(req.params.segment)} customers` };
    case "risk_analysis":
      return { title: `Risk Analysis: ${words(req.params.analysisType)}`, description: `Customer risk CSV for ${words(req.params.segment)} customers` };
    case "export_report":
      return { title: `Export Report: ${words(req.params.reportType)}`, description: `${words(req.params.reportType)} report, ${req.params.dateRange === "custom" ? `${req.params.from} to ${req.params.to}` : words(req.params.dateRange)}` };
  }
}

export async function startBulkOperation(ctx: Ctx, req: BulkOperationRequest): Promise<Result<BulkOperationRecord>> {
  const who = requireRole(ctx.actor, ["admin"], "run bulk operations");
  if (!who.ok) return who;
  const actor = who.value;
  const now = ctx.clock.now();
  if (req.type === "export_report") {
    const p = req.params;
    if (p.dateRange === "custom" && !resolvePeriod("custom", now, p.from ? new Date(p.from) : undefined, p.to ? new Date(p.to) : undefined))
      return err(domainError("BULK.INVALID_PARAMS", "A custom range needs from before to, at most 366 days apart", { fields: ["params.from", "params.to"] }));
  }
  const { title, description } = describe(req);
  const op: BulkOperationRecord = {
    id: ctx.ids.next("bop"), type: req.type as BulkOperationType, title, description, status: "pending",
    params: req.params as Record<string, unknown>, targetCount: 0, processed: 0, succeeded: 0, failed: 0, progress: 0, summary: {},
    error: null, hasResult: false, createdBy: actor.id, createdAt: now, startedAt: null, completedAt: null,
  };
  await ctx.ports.bulkOperations.create(op, {
    id: ctx.ids.next("aud"), actorId: actor.id, actorRole: actor.role, action: "bulk_operation.start", entityType: "bulk_operation",
    entityId: op.id, before: null, after: { type: op.type, params: op.params }, createdAt: now,
  });
  return ok((await ctx.ports.bulkOperations.find(op.id))!);
}

export async function listBulkOperations(ctx: Ctx, limit = 50) {
  const who = requireRole(ctx.actor, ["admin"], "see bulk operations");
  if (!who.ok) return who;
  return ok(await ctx.ports.bulkOperations.list(limit, reachOf(ctx.actor)));
}

export async function getBulkOperation(ctx: Ctx, id: string): Promise<Result<BulkOperationRecord>> {
  const who = requireRole(ctx.actor, ["admin"], "see bulk operations");
  if (!who.ok) return who;
  const op = await ctx.ports.bulkOperations.find(id);
  if (!op) return err(domainError("BULK.NOT_FOUND", "No bulk operation with that id"));
  // Its result names the customers within its starter's reach: only staff of that reach may read it.
  const reachable = await requireWithinReach(ctx, "user", op.createdBy);
  return reachable.ok ? ok(op) : reachable;
}

export async function bulkOperationCsv(ctx: Ctx, id: string): Promise<Result<{ op: BulkOperationRecord; csv: string }>> {
  const found = await getBulkOperation(ctx, id);
  if (!found.ok) return found;
  const csv = await ctx.ports.bulkOperations.resultCsv(id);
  if (csv === null)
    return err(domainError("BULK.RESULT_NOT_READY", found.value.status === "failed" ? "This operation failed without a result" : "The result is not ready yet"));
  return ok({ op: found.value, csv });
}

// ---- The runner --------------------------------------------------------------------------------

export interface RunnerOptions {
  /** Items per chunk; progress is recorded after each. */
  chunkSize?: number;
  /** Called between chunks (the job yields to the event loop here). */
  pause?: () => Promise<void>;
}

interface Counts {
  targetCount: number;
  processed: number;
  succeeded: number;
  failed: number;
}
interface Outcome extends Counts {
  summary: Record<string, number>;
  csv: string | null;
  error?: string | null;
}

const percent = (c: Counts) => (c.targetCount === 0 ? 100 : Math.min(100, Math.floor((c.processed / c.targetCount) * 100)));

/** Claim the oldest pending operation and run it to the end. Returns its id, or null when none was pending. */
export async function processNextBulkOperation(deps: SystemCtx, opts: RunnerOptions = {}): Promise<string | null> {
  const op = await deps.ports.bulkOperations.claimNext(deps.clock.now());
  if (!op) return null;
  const chunkSize = opts.chunkSize ?? 25;
  const pause = opts.pause ?? (async () => {});
  const report = async (c: Counts) => {
    await deps.ports.bulkOperations.progress(op.id, { ...c, progress: percent(c) });
    await pause();
  };
  let outcome: Outcome;
  try {
    outcome = await run(deps, op, chunkSize, report);
  } catch (e) {
    await deps.ports.bulkOperations.finish(op.id, {
      status: "failed", summary: {}, error: `Stopped by an error: ${e instanceof Error ? e.message : String(e)}`, resultCsv: null,
      at: deps.clock.now(), targetCount: 0, processed: 0, succeeded: 0, failed: 0, progress: 0,
    });
    return op.id;
  }
  const nothingDone = outcome.targetCount > 0 && outcome.succeeded === 0 && outcome.failed > 0;
  await deps.ports.bulkOperations.finish(op.id, {
    status: outcome.error || nothingDone ? "failed" : "completed",
    summary: outcome.summary,
    error: outcome.error ?? (nothingDone ? `None of the ${outcome.targetCount} items could be processed; see the result CSV` : null),
    resultCsv: outcome.csv,
    at: deps.clock.now(),
    targetCount: outcome.targetCount,
    processed: outcome.processed,
    succeeded: outcome.succeeded,
    failed: outcome.failed,
    progress: percent(outcome),
  });
  return op.id;
}

/**
 * The reach of whoever started an operation (domain/shared/reach.ts): a demo admin's report or bulk
 * settlement covers the demo sandbox only. An unknown starter gets the sandbox, the smaller world.
 */
async function starterReach(deps: SystemCtx, op: BulkOperationRecord): Promise<Reach> {
  const user = await deps.ports.users.findById(op.createdBy);
  return user ? reachOf({ kind: "user", user, sessionId: `bulk:${op.id}` }) : "sandbox";
}

async function run(deps: SystemCtx, op: BulkOperationRecord, chunkSize: number, report: (c: Counts) => Promise<void>): Promise<Outcome> {
  switch (op.type) {
    case "settlement":
      return runSettlement(deps, op, Math.max(1, Math.min(chunkSize, 10)), report);
    case "customer_insight":
    case "risk_analysis":
      return runInsight(deps, op, chunkSize, report);
    case "export_report":
      return runReport(deps, op, chunkSize, report);
  }
}

async function runSettlement(deps: SystemCtx, op: BulkOperationRecord, chunkSize: number, report: (c: Counts) => Promise<void>): Promise<Outcome> {
  const params = op.params as { settlementType?: string; sport?: string };
  const reviewOnly = params.settlementType === "manual_review";
  const admin = await deps.ports.users.findById(op.createdBy);
  const candidates = await deps.ports.settlementQueue.settlementCandidates(params.sport ?? "all", await starterReach(deps, op));
  const c: Counts = { targetCount: candidates.length, processed: 0, succeeded: 0, failed: 0 };
  const summary = { won: 0, lost: 0, void: 0, needsReview: 0, errors: 0, paidOut: 0 };
  const rows: CsvCell[][] = [];
  await report(c);
  if (!admin) return { ...c, summary, csv: null, error: "The admin who started this operation no longer exists" };
  const ctx = { ...deps, actor: { kind: "user" as const, user: admin as User, sessionId: `bulk:${op.id}` } };
  for (let i = 0; i < candidates.length; i += chunkSize) {
    for (const bet of candidates.slice(i, i + chunkSize)) {
      const plan = planBetSettlement(bet);
      if (plan.kind === "review") {
        summary.needsReview += 1;
        c.failed += reviewOnly ? 0 : 1;
        c.succeeded += reviewOnly ? 1 : 0;
        rows.push([bet.betId, bet.userId, centsText(bet.stake), "needs_review", "", "", plan.reasons.join("; ")]);
      } else if (reviewOnly) {
        c.succeeded += 1;
        rows.push([bet.betId, bet.userId, centsText(bet.stake), "gradable", plan.status, centsText(plan.actualReturn), ""]);
      } else {
        // A void graded from the recorded results (a void outcome, a two-way draw) is a void by rule.
        const why = plan.status === "void" ? { reason: { code: "void_by_rule" as const, text: `Graded from the recorded results by bulk settlement ${op.id}` } } : {};
        const res = await settleBet(ctx, bet.betId, { status: plan.status, actualReturn: plan.actualReturn, legResults: plan.legResults, ...why });
        if (res.ok) {
          c.succeeded += 1;
          summary[plan.status] += 1;
          summary.paidOut += plan.actualReturn;
          rows.push([bet.betId, bet.userId, centsText(bet.stake), "settled", plan.status, centsText(plan.actualReturn), ""]);
        } else {
          c.failed += 1;
          summary.errors += 1;
          rows.push([bet.betId, bet.userId, centsText(bet.stake), "error", plan.status, centsText(plan.actualReturn), `${res.error.code}: ${res.error.message}`]);
        }
      }
      c.processed += 1;
    }
    await report(c);
  }
  return {
    ...c,
    summary,
    csv: toCsv(["bet_id", "customer_id", "stake", "outcome", "status", "return", "reason"], rows),
  };
}

async function customersInChunks(
  customers: readonly CustomerAggregate[],
  chunkSize: number,
  report: (c: Counts) => Promise<void>,
  toRow: (c: CustomerAggregate) => CsvCell[],
): Promise<{ rows: CsvCell[][]; counts: Counts }> {
  const c: Counts = { targetCount: customers.length, processed: 0, succeeded: 0, failed: 0 };
  await report(c);
  const rows: CsvCell[][] = [];
  for (let i = 0; i < customers.length; i += chunkSize) {
    for (const cust of customers.slice(i, i + chunkSize)) {
      rows.push(toRow(cust));
      c.processed += 1;
      c.succeeded += 1;
    }
    await report(c);
  }
  return { rows, counts: c };
}

async function runInsight(deps: SystemCtx, op: BulkOperationRecord, chunkSize: number, report: (c: Counts) => Promise<void>): Promise<Outcome> {
  const params = op.params as { analysisType: AnalysisType; segment: InsightSegment };
  const kind = op.type as "customer_insight" | "risk_analysis";
  const now = deps.clock.now();
  const reach = await starterReach(deps, op);
  const [all, lines, profiles] = await Promise.all([
    deps.ports.customerAggregates.customers(now, reach),
    deps.ports.reports.closingLines(reach),
    deps.ports.fraud.profiles(100_000, reach),
  ]);
  const customers = all.filter((c) => inInsightSegment(c, params.segment, now));
  const clv = clvByCustomer(lines);
  const byUser = new Map(profiles.map((p) => [p.userId, p]));
  const { rows, counts } = await customersInChunks(customers, chunkSize, report, (c) =>
    insightRow(kind, params.analysisType, c, clv.get(c.user.id), byUser.get(c.user.id), now),
  );
  return {
    ...counts,
    summary: {
      customers: customers.length,
      highRisk: customers.filter((c) => c.riskLevel === "high" || c.riskLevel === "critical").length,
      totalStaked: customers.reduce((s, c) => s + c.totalStaked, 0),
    },
    csv: toCsv(insightHeader(kind, params.analysisType), rows),
  };
}

async function runReport(deps: SystemCtx, op: BulkOperationRecord, chunkSize: number, report: (c: Counts) => Promise<void>): Promise<Outcome> {
  const p = op.params as { reportType: ReportType; dateRange: DateRange; from?: string; to?: string };
  const now = deps.clock.now();
  const period = resolvePeriod(p.dateRange, now, p.from ? new Date(p.from) : undefined, p.to ? new Date(p.to) : undefined);
  if (!period) return { targetCount: 0, processed: 0, succeeded: 0, failed: 0, summary: {}, csv: null, error: "Invalid report period" };
  const { reports, ledgerPayments, customerAggregates } = deps.ports;
  const reach = await starterReach(deps, op);
  const single = async (header: string[], build: () => Promise<CsvCell[][]>): Promise<Outcome> => {
    const c: Counts = { targetCount: 1, processed: 0, succeeded: 0, failed: 0 };
    await report(c);
    const rows = await build();
    return { targetCount: rows.length, processed: rows.length, succeeded: rows.length, failed: 0, summary: { rows: rows.length }, csv: toCsv(header, rows) };
  };
  switch (p.reportType) {
    case "financial":
      return single(FINANCIAL_HEADER, async () => {
        const [bets, payments] = await Promise.all([
          reports.betsBetween(period.from, period.to, reach),
          ledgerPayments.payments({ kinds: PAYMENT_KINDS, since: period.from, until: period.to, limit: 1_000_000, reach }),
        ]);
        return financialRows(bets, payments, period);
      });
    case "regulatory":
      return single(REGULATORY_HEADER, async () => regulatoryRows(await reports.auditBetween(period.from, period.to, 100_000)));
    case "customer_activity": {
      const [customers, bets] = await Promise.all([customerAggregates.customers(now, reach), reports.betsBetween(period.from, period.to, reach)]);
      const byUser = new Map<string, typeof bets>();
      for (const b of bets) byUser.set(b.userId, [...(byUser.get(b.userId) ?? []), b]);
      const { rows, counts } = await customersInChunks(customers, chunkSize, report, (c) =>
        customerActivityRows([c], byUser.get(c.user.id) ?? [], now)[0],
      );
      return { ...counts, summary: { customers: customers.length, bets: bets.length }, csv: toCsv(CUSTOMER_ACTIVITY_HEADER, rows) };
    }
    case "risk_metrics": {
      const [customers, alerts] = await Promise.all([
        customerAggregates.customers(now, reach),
        deps.ports.fraud.listAlerts({ since: period.from, limit: 100_000, reach }),
      ]);
      const inPeriod = alerts.filter((a) => a.createdAt.getTime() < period.to.getTime());
      const sorted = riskMetricsRows(customers, inPeriod, now);
      let i = 0;
      const { rows, counts } = await customersInChunks(customers, chunkSize, report, () => sorted[i++]);
      return { ...counts, summary: { customers: customers.length, alerts: inPeriod.length }, csv: toCsv(RISK_METRICS_HEADER, rows) };
    }
  }
}
