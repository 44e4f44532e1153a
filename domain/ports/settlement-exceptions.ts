/** Settlements a database guard refused, kept for operators (migration 0044). */
import type { AuditEntry } from "../shared/types.ts";

export interface SettlementExceptionRecord {
  id: string;
  betId: string;
  /** The market whose settlement (or correction) graded the bet; null when none. */
  marketId: string | null;
  /** The guard that refused, e.g. BET.RETURN_ABOVE_POTENTIAL. */
  code: string;
  message: string;
  attemptedStatus: "won" | "lost" | "void";
  attemptedReturn: number;
  /** What was settling: "market.settle" (a market's result) or a correction's action. */
  via: string;
  createdAt: Date;
}

export interface SettlementExceptionView extends SettlementExceptionRecord {
  resolvedAt: Date | null;
  userId: string;
  betType: string;
  stake: number;
  potentialReturn: number;
  /** The bet's status now (pending until an operator settles it). */
  betStatus: string;
  marketName: string | null;
  eventName: string | null;
}

export interface SettlementExceptions {
  /** The exception and its audit record in one write; an open one for the same bet and guard is kept, not doubled. */
  record(exception: SettlementExceptionRecord, audit: AuditEntry): Promise<"recorded" | "already_open">;
  /** Newest first; open ones only unless `includeResolved`. */
  list(opts: { includeResolved: boolean; limit: number }): Promise<SettlementExceptionView[]>;
}
