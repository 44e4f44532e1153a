/**
 * Responsible gambling in memory (the libSQL adapter is adapters/libsql/responsible.ts): limits,
 * the limit prompt and exclusions kept beside the store, and usage read from the store's ledger:
 * gross deposits are the positive wallet postings of deposit transactions, net losses minus the
 * wallet postings of the wagering kinds. Exclusions are only ever added.
 */
import type { LimitWrite, ResponsibleGambling, ResponsibleSnapshot, WagerSnapshot } from "../../domain/ports/responsible-gambling.ts";
import type { AuditEntry } from "../../domain/shared/types.ts";
import { walletAccountId } from "../../domain/wallet/ledger.ts";
import {
  LIMIT_PERIODS, NET_LOSS_KINDS, noLimits, windowStart, type LimitSetting, type LimitType, type PeriodAmounts, type PeriodLimits,
} from "../../domain/responsible/limits.ts";
import { inForce, type Exclusion } from "../../domain/responsible/exclusion.ts";
import type { MemoryDatabase } from "./store.ts";

const same = (a: LimitSetting, b: LimitSetting) =>
  a.amount === b.amount &&
  (a.pending?.amount ?? null) === (b.pending?.amount ?? null) &&
  (a.pending?.effectiveAt.getTime() ?? null) === (b.pending?.effectiveAt.getTime() ?? null);

export class MemoryResponsible implements ResponsibleGambling {
  private readonly db: MemoryDatabase;
  private readonly limits = new Map<string, Record<LimitType, PeriodLimits>>();
  private readonly answered = new Set<string>();
  private readonly exclusions = new Map<string, Exclusion[]>();
  readonly audit: AuditEntry[] = [];

  constructor(db: MemoryDatabase) {
    this.db = db;
  }

  async snapshot(userId: string, now: Date): Promise<ResponsibleSnapshot> {
    const wallet = walletAccountId(userId);
    const sums = (kinds: readonly string[], sign: 1 | -1, onlyCredits: boolean): PeriodAmounts =>
      this.db.read((t) => {
        const out = { daily: 0, weekly: 0, monthly: 0 };
        for (const p of t.postings) {
          if (p.accountId !== wallet || (onlyCredits && p.amount < 0)) continue;
          const tx = t.transactions.get(p.transactionId);
          if (!tx || !kinds.includes(tx.kind)) continue;
          for (const period of LIMIT_PERIODS) if (tx.createdAt > windowStart(period, now).getTime()) out[period] += sign * p.amount;
        }
        return out;
      });
    const stored = this.limits.get(userId);
    return {
      limits: stored ? { deposit: { ...stored.deposit }, loss: { ...stored.loss } } : { deposit: noLimits(), loss: noLimits() },
      limitPromptAnswered: this.answered.has(userId),
      // In force as the libSQL adapter reads them: a self-exclusion past its period stays until the return's cooling-off ends.
      exclusions: (this.exclusions.get(userId) ?? []).filter((e) => inForce(e, now)),
      deposited: sums(["deposit"], 1, true),
      netLoss: sums(NET_LOSS_KINDS, -1, false),
    };
  }

  async wagerSnapshot(userId: string, now: Date): Promise<WagerSnapshot> {
    const s = await this.snapshot(userId, now);
    return { exclusions: s.exclusions, lossLimits: s.limits.loss, netLoss: s.netLoss };
  }

  async saveLimit(w: LimitWrite): Promise<boolean> {
    const current = this.limits.get(w.userId) ?? { deposit: noLimits(), loss: noLimits() };
    if (!same(current[w.type][w.period], w.expected)) return false;
    this.limits.set(w.userId, { ...current, [w.type]: { ...current[w.type], [w.period]: w.next } });
    if (w.type === "deposit" && w.next.amount !== null) this.answered.add(w.userId);
    this.audit.push(w.audit);
    return true;
  }

  async declineLimitPrompt(userId: string, _at: Date, audit: AuditEntry): Promise<void> {
    this.answered.add(userId);
    this.audit.push(audit);
  }

  async addExclusion(userId: string, e: Exclusion, audit: AuditEntry): Promise<void> {
    this.exclusions.set(userId, [...(this.exclusions.get(userId) ?? []), e]);
    this.audit.push(audit);
  }

  async requestReturn(userId: string, r: { exclusionIds: string[]; requestedAt: Date; accessAt: Date }, audit: AuditEntry): Promise<boolean> {
    const list = this.exclusions.get(userId) ?? [];
    const at = r.requestedAt.getTime();
    const asked = (e: Exclusion) =>
      e.kind === "self_exclusion" && e.endsAt !== null && e.endsAt.getTime() <= at && (e.returnRequestedAt ?? null) === null;
    // All or nothing, as the libSQL write: every named exclusion must still be past its period and not asked about.
    if (!r.exclusionIds.every((id) => list.some((e) => e.id === id && asked(e)))) return false;
    this.exclusions.set(userId, list.map((e) => (r.exclusionIds.includes(e.id) ? { ...e, returnRequestedAt: r.requestedAt, returnAccessAt: r.accessAt } : e)));
    this.audit.push(audit);
    return true;
  }
}
