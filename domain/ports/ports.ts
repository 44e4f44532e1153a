/** The set of ports a use case's context carries. */
import type { AccountSettings } from "./account-settings.ts";
import type { Accounts } from "./accounts.ts";
import type { AdminLists } from "./admin-lists.ts";
import type { BetTicker } from "./bet-ticker.ts";
import type { AdminUsers } from "./admin-users.ts";
import type { AuditTrail } from "./audit-trail.ts";
import type { CustomerAggregates } from "./customer-aggregates.ts";
import type { LedgerPayments } from "./ledger-payments.ts";
import type { Reports } from "./reports.ts";
import type { SettlementQueue } from "./settlement-queue.ts";
import type { Bets } from "./bets.ts";
import type { BulkOperations } from "./bulk-operations.ts";
import type { DemoAccounts } from "./demo-accounts.ts";
import type { EventPricing } from "./event-pricing.ts";
import type { Events } from "./events.ts";
import type { Fantasy } from "./fantasy.ts";
import type { Follows } from "./follows.ts";
import type { FraudRecords } from "./fraud.ts";
import type { IdempotencyRecords } from "./idempotency.ts";
import type { InPlayDelay } from "./in-play.ts";
import type { Markets } from "./markets.ts";
import type { OddsChanges } from "./odds-changes.ts";
import type { PasswordCheckGate } from "./password-checks.ts";
import type { PasswordHasher } from "./passwords.ts";
import type { PlacementLimits } from "./placement-limits.ts";
import type { PriceHistory } from "./price-history.ts";
import type { Rewards } from "./rewards.ts";
import type { RiskBook } from "./risk-book.ts";
import type { RunnerWithdrawals } from "./runner-withdrawals.ts";
import type { Sessions } from "./sessions.ts";
import type { SettlementCorrections } from "./settlement-corrections.ts";
import type { Settlements } from "./settlements.ts";
import type { SignInAttempts } from "./sign-in-attempts.ts";
import type { Tasks } from "./tasks.ts";
import type { Trading } from "./trading.ts";
import type { Users } from "./users.ts";
import type { VerificationProvider } from "./verification.ts";
import type { Wallets } from "./wallets.ts";

/** The customer-account ports (issue 3); libSQL and the system/kyc adapters implement them. */
export interface AccountPorts {
  accounts: Accounts;
  accountSettings: AccountSettings;
  follows: Follows;
  rewards: Rewards;
  signInAttempts: SignInAttempts;
  passwordChecks: PasswordCheckGate;
  passwords: PasswordHasher;
  verification: VerificationProvider;
  oddsChanges: OddsChanges;
  priceHistory: PriceHistory;
}

export interface Ports extends Partial<BackOfficePorts>, TradingDeskPorts {
  inPlay: InPlayDelay;
  users: Users;
  sessions: Sessions;
  events: Events;
  bets: Bets;
  /** The operator's paged lists and the live bet ticker (issue 18 item 9; libSQL only, see admin-lists.ts). */
  adminLists?: AdminLists;
  betTicker?: BetTicker;
  wallets: Wallets;
  idempotency: IdempotencyRecords;
  /**
   * Fantasy sports (libSQL only: new ports need no in-memory fake, so it is optional here and the
   * fantasy use cases refuse with INTERNAL when it is missing).
   */
  fantasy?: Fantasy;
  /** A market created without prices is priced from its event's model (domain/markets/standard-outcomes.ts; libSQL only). */
  eventPricing?: EventPricing;
  /** Idle demo accounts and closing them (domain/users/demo-expiry.ts; libSQL only). */
  demoAccounts?: DemoAccounts;
}

export interface BackOfficePorts {
  adminUsers: AdminUsers;
  fraud: FraudRecords;
  tasks: Tasks;
  bulkOperations: BulkOperations;
  customerAggregates: CustomerAggregates;
  settlementQueue: SettlementQueue;
  ledgerPayments: LedgerPayments;
  reports: Reports;
}

export interface TradingDeskPorts {
  markets?: Markets;
  settlements?: Settlements;
  corrections?: SettlementCorrections;
  risk?: RiskBook;
  trading?: Trading;
  withdrawals?: RunnerWithdrawals;
  placementLimits?: PlacementLimits;
  auditTrail?: AuditTrail;
}

/** A port the use case cannot run without; its absence is a wiring bug (an exception, not a Result). */
export function requirePort<T>(port: T | undefined, name: string): T {
  if (!port) throw new Error(`The ${name} port is not wired into this app`);
  return port;
}
