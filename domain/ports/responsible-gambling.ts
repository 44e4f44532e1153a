/** Responsible gambling: limits, exclusions and what placement checks. */
import type { AuditEntry } from "../shared/types.ts";
import type { Exclusion } from "../responsible/exclusion.ts";
import type { LimitPeriod, LimitSetting, LimitType, PeriodAmounts, PeriodLimits } from "../responsible/limits.ts";

export interface ResponsibleSnapshot {
  /** Stored settings (a pending change may already be due: read them through effectiveLimit). */
  limits: Record<LimitType, PeriodLimits>;
  limitPromptAnswered: boolean;
  exclusions: Exclusion[];
  /** Gross deposits in each rolling window ending at `now`. */
  deposited: PeriodAmounts;
  /** Stakes minus returns (bets and contests) in each rolling window ending at `now`; negative after net wins. */
  netLoss: PeriodAmounts;
  /** The national self-exclusion register's stored answer for the account (null: never asked); absent when not kept. */
  register?: { listed: boolean; checkedAt: Date } | null;
}

/**
 * What a wager is checked against, read in one go on the placement path: the exclusions in force at
 * `now`, the stored loss limits, and the net loss in each window. The net loss is only needed
 * against a loss limit, so without any stored loss limit it may be reported as zeros.
 */
export interface WagerSnapshot {
  exclusions: Exclusion[];
  lossLimits: PeriodLimits;
  netLoss: PeriodAmounts;
  /** As in ResponsibleSnapshot. */
  register?: { listed: boolean; checkedAt: Date } | null;
}

export interface LimitWrite {
  userId: string;
  type: LimitType;
  period: LimitPeriod;
  /** The stored setting this replaces: nothing is written when it changed meanwhile. */
  expected: LimitSetting;
  next: LimitSetting;
  at: Date;
  audit: AuditEntry;
}

export interface ResponsibleGambling {
  snapshot(userId: string, now: Date): Promise<ResponsibleSnapshot>;
  wagerSnapshot(userId: string, now: Date): Promise<WagerSnapshot>;
  /** false (nothing written) when the stored setting is no longer `expected`. Setting a deposit limit answers the prompt. */
  saveLimit(w: LimitWrite): Promise<boolean>;
  declineLimitPrompt(userId: string, at: Date, audit: AuditEntry): Promise<void>;
  /**
   * Exclusions are only ever added (a trigger refuses other updates and deletes). `linked`: the
   * same exclusion copied onto other accounts of the same person, in the same write.
   */
  addExclusion(userId: string, e: Exclusion, audit: AuditEntry, linked?: { userId: string; exclusion: Exclusion }[]): Promise<void>;
  /**
   * Record the customer's request to return after self-exclusion on these exclusions (past their
   * period, not asked yet), with the end of the cooling-off; false (nothing written) when any of them changed.
   */
  requestReturn(userId: string, r: { exclusionIds: string[]; requestedAt: Date; accessAt: Date }, audit: AuditEntry): Promise<boolean>;
}
