/** Bulk operations: queued, claimed by the job, progressed and finished. */
import type { Reach } from "../shared/reach.ts";
import type { AuditEntry } from "../shared/types.ts";

export type BulkOperationType = "settlement" | "customer_insight" | "risk_analysis" | "export_report";

export type BulkOperationStatus = "pending" | "processing" | "completed" | "failed";

export interface BulkOperationRecord {
  id: string;
  type: BulkOperationType;
  title: string;
  description: string;
  status: BulkOperationStatus;
  params: Record<string, unknown>;
  targetCount: number;
  processed: number;
  succeeded: number;
  failed: number;
  progress: number;
  summary: Record<string, number>;
  error: string | null;
  hasResult: boolean;
  createdBy: string;
  createdAt: Date;
  startedAt: Date | null;
  completedAt: Date | null;
}

export interface BulkOperations {
  create(op: BulkOperationRecord, audit: AuditEntry): Promise<void>;
  /** The operations started by staff within `reach` (their results name customers of that reach). */
  list(limit: number, reach: Reach): Promise<BulkOperationRecord[]>;
  find(id: string): Promise<BulkOperationRecord | null>;
  /** The oldest pending operation, moved to processing (by this caller only); null if none. */
  claimNext(at: Date): Promise<BulkOperationRecord | null>;
  progress(id: string, p: { targetCount: number; processed: number; succeeded: number; failed: number; progress: number }): Promise<void>;
  finish(
    id: string,
    f: {
      status: "completed" | "failed"; summary: Record<string, number>; error: string | null; resultCsv: string | null; at: Date;
      targetCount: number; processed: number; succeeded: number; failed: number; progress: number;
    },
  ): Promise<void>;
  /** Operations left processing by a process that stopped: failed with a note. Returns how many. */
  failInterrupted(at: Date): Promise<number>;
  resultCsv(id: string): Promise<string | null>;
}
