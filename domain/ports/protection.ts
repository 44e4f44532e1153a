/**
 * Ports of person protection (issue 20): the person registry (hashed identity keys and the other
 * accounts of the same person), the national self-exclusion register (GAMSTOP in Great Britain;
 * adapters/register/simulated-register.ts simulates it), the cached register answers, and the
 * operators' responsible-gambling screen. libsqlPorts wires them; the in-memory fakes do not, and
 * the use cases treat a missing port as "not checked" only where that is documented.
 */
import type { Ctx } from "../shared/context.ts";
import type { AuditEntry, User, VerificationLevel } from "../shared/types.ts";
import type { Exclusion } from "../responsible/exclusion.ts";
import type { PersonKeyMaterial, PersonMatch } from "../responsible/person.ts";

export interface LinkedAccount {
  userId: string;
  email: string;
  isActive: boolean;
  isDemo: boolean;
  verificationLevel: VerificationLevel;
  matchedOn: PersonMatch[];
  /** Its exclusions that have not ended for good (still in force or waiting for a return). */
  exclusions: Exclusion[];
}

export interface PersonRegistry {
  /** Accounts other than `userId` sharing any of the keys, with their exclusions. */
  accountsMatching(keys: PersonKeyMaterial, userId: string | null, now: Date): Promise<LinkedAccount[]>;
  /** Accounts sharing any stored key of `userId` (none before its keys are stored). */
  linkedTo(userId: string, now: Date): Promise<LinkedAccount[]>;
  /** Remember a refused verification attempt (shown as "Rejected" until a level is reached). */
  recordRejection(userId: string, step: "basic" | "document", reason: string, at: Date): Promise<void>;
  lastRejection(userId: string): Promise<{ step: string; reason: string; at: Date } | null>;
}

/** A query to the national self-exclusion register. */
export interface RegisterQuery {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  postcode: string | null;
  email: string;
}
export interface RegisterAnswer {
  listed: boolean;
  reference: string;
}
export interface SelfExclusionRegister {
  check(q: RegisterQuery): Promise<RegisterAnswer>;
}
/** The simulator's extra: tell it a person is registered (admin/test only). */
export interface SimulatedRegisterControl {
  register(person: { firstName: string; lastName: string; dateOfBirth: string }): void;
}

export interface RegisterCache {
  /** The last answer stored for the account, or null. */
  of(userId: string): Promise<{ listed: boolean; checkedAt: Date } | null>;
  save(userId: string, answer: RegisterAnswer, at: Date): Promise<void>;
}

// ---- The operators' responsible-gambling screen ----

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
  facts(now: Date): Promise<RgFacts>;
  recordInteraction(i: InteractionRecord, audit: AuditEntry): Promise<"recorded" | "not_customer">;
  interactions(filter: { userId?: string; limit: number }): Promise<InteractionView[]>;
}

export interface ProtectionPorts {
  persons: PersonRegistry;
  selfExclusionRegister: SelfExclusionRegister;
  registerCache: RegisterCache;
  rgOperations: RgOperations;
  /** Present only when the simulated register is wired (demo and tests). */
  registerSimulator?: SimulatedRegisterControl;
}

export function protectionPort<K extends keyof ProtectionPorts>(ctx: Ctx, name: K): ProtectionPorts[K] | undefined {
  return (ctx.ports as Partial<ProtectionPorts>)[name];
}

export type { User };
