/**
 * The operators' system view (admin, trader): whether the database answers, the house's balance and
 * bankroll base, and the open ledger alarms. With the database down the figures are not read (zero,
 * no alarms), so the view still answers and says the system is degraded.
 */
import type { Ctx } from "../shared/context.ts";
import { requireRole } from "../shared/authorize.ts";
import { ok, type Result } from "../shared/result.ts";
import type { DatabaseCheck } from "../ports/health.ts";
import type { LedgerAlarm } from "../ports/ledger-audit.ts";
import { listLedgerAlarms } from "../wallet/reconcile-ledger.ts";

export interface SystemStatus {
  database: DatabaseCheck;
  houseBalance: number;
  bankrollBase: number;
  ledgerAlarms: LedgerAlarm[];
}

export async function systemStatus(ctx: Ctx): Promise<Result<SystemStatus>> {
  const who = requireRole(ctx.actor, ["admin", "trader"], "see the system settings");
  if (!who.ok) return who;
  const database = await ctx.ports.health.checkDatabase();
  if (!database.ok) return ok({ database, houseBalance: 0, bankrollBase: 0, ledgerAlarms: [] });
  const [houseBalance, bankrollBase] = await Promise.all([ctx.ports.risk.houseBalance(), ctx.ports.risk.bankrollBase()]);
  const alarms = await listLedgerAlarms(ctx);
  if (!alarms.ok) return alarms;
  return ok({ database, houseBalance, bankrollBase, ledgerAlarms: alarms.value });
}
