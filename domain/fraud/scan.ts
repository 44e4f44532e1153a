/**
 * A fraud scan: load recent activity, run the rules (domain/fraud/rules/index.ts), store new alerts,
 * monitoring records and risk profiles in one write. Safe to run any number of times: alerts are
 * keyed by rule + subject + window and a key is stored once.
 *
 * When it runs: every FRAUD_SCAN_INTERVAL_MS in the server process (api/jobs/scheduler.ts), and on
 * demand through POST /api/admin/fraud/scan (scanForFraud, admins only).
 */
import type { Ctx, SystemCtx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { ok, type Result } from "../shared/result.ts";
import { FRAUD_THRESHOLDS, runRules } from "./rules/index.ts";

export interface FraudScanSummary {
  scannedAt: Date;
  alertsRaised: number;
  monitoringRecords: number;
  profilesUpdated: number;
}

export async function runFraudScan(deps: SystemCtx): Promise<FraudScanSummary> {
  const now = deps.clock.now();
  const activity = await deps.ports.fraud.activity(new Date(now.getTime() - FRAUD_THRESHOLDS.lookbackMs));
  const findings = runRules(activity, now);
  const stored = await deps.ports.fraud.record({
    alerts: findings.newAlerts.map((a) => ({ ...a, id: deps.ids.next("fra"), createdAt: now })),
    monitoring: findings.monitoring.map((m) => ({ ...m, id: deps.ids.next("mon") })),
    profiles: findings.profiles,
    at: now,
  });
  return { scannedAt: now, ...stored, profilesUpdated: findings.profiles.length };
}

/**
 * An admin asks for a scan now. `run` is where the server runs its scans (its background jobs, off
 * the serving thread); without one, here.
 */
export async function scanForFraud(ctx: Ctx, run: () => Promise<FraudScanSummary> = () => runFraudScan(ctx)): Promise<Result<FraudScanSummary>> {
  const who = requireRole(ctx.actor, ["admin"], "run a fraud scan");
  if (!who.ok) return who;
  return ok(await run());
}
