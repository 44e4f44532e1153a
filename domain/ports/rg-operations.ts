/** The operators' responsible-gambling screen. */
import type { Reach } from "../shared/reach.ts";
import type { AuditEntry } from "../shared/types.ts";
import type { Exclusion } from "../responsible/exclusion.ts";

export type InteractionChannel = "phone" | "email" | "chat" | "in_app" | "letter";

export interface InteractionRecord {
  id: string;
  userId: string;
  operatorId: string;
  channel: InteractionChannel;
  summary: string;
  createdAt: Date;
}

export interface InteractionView extends InteractionRecord {
  customer: { email: string; firstName: string; lastName: string };
  operatorName: string;
}

export interface RgCustomer {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

/** Raw facts for the screen; the domain (domain/responsible/operators.ts) turns them into lists. */
export interface RgFacts {
  limits: (RgCustomer & { type: "deposit" | "loss"; period: "daily" | "weekly" | "monthly"; amount: number | null; pendingAmount: number | null; pendingEffectiveAt: Date | null; updatedAt: Date })[];
  exclusions: (RgCustomer & { exclusion: Exclusion })[];
  realityChecks: (RgCustomer & { minutes: number; breaks: number; lastBreakAt: Date | null })[];
  /** Deposits and net losses per customer in the last 7 days and the 7 days before. */
  activity: (RgCustomer & { depositsLast7: number; depositsPrior7: number; lossLast7: number; lossPrior7: number; nightBets30: number; bets30: number; reversedWithdrawals30: number;
    /** When each window's first such event happened (the marker's "since"), null when none. */
    firstDeposit7: Date | null; firstLoss7: Date | null; firstNightBet30: Date | null; firstReversal30: Date | null })[];
}

export interface RgOperations {
  /** The responsible-gambling lists over the customers within `reach` (the demo sandbox). */
  facts(now: Date, reach: Reach): Promise<RgFacts>;
  recordInteraction(i: InteractionRecord, audit: AuditEntry): Promise<"recorded" | "not_customer">;
  interactions(filter: { userId?: string; limit: number; reach: Reach }): Promise<InteractionView[]>;
}
