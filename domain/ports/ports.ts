/**
 * Every port a use case's context carries, each required: a use case reads `ctx.ports.x` and never
 * asks whether it is there. adapters/libsql wires them all (libsqlPorts); adapters/memory fakes some
 * and takes the rest from the libSQL adapter on a :memory: database (docs/architecture.md).
 */
import type { AccountSettings } from "./account-settings.ts";
import type { Accounts } from "./accounts.ts";
import type { AdminLists } from "./admin-lists.ts";
import type { Bonuses } from "./bonus.ts";
import type { CashOuts } from "./cash-outs.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import type { Payments } from "./payments.ts";
import type { PersonRegistry } from "./persons.ts";
import type { RegisterCache } from "./register-cache.ts";
import type { ResponsibleGambling } from "./responsible-gambling.ts";
import type { RgOperations } from "./rg-operations.ts";
import type { SameGameMultis } from "./same-game-multis.ts";
import type { SelfExclusionRegister, SimulatedRegisterControl } from "./self-exclusion-register.ts";
import type { SessionActivity } from "./session-activity.ts";
import type { BetTicker } from "./bet-ticker.ts";
import type { AdminUsers } from "./admin-users.ts";
import type { Approvals } from "./approvals.ts";
import type { EventLimits } from "./event-limits.ts";
import type { RiskSettings } from "./risk-settings.ts";
import type { AuditTrail } from "./audit-trail.ts";
import type { CustomerAggregates } from "./customer-aggregates.ts";
import type { LedgerPayments } from "./ledger-payments.ts";
import type { Reports } from "./reports.ts";
import type { SettlementQueue } from "./settlement-queue.ts";
import type { Bets } from "./bets.ts";
import type { BulkOperations } from "./bulk-operations.ts";
import type { DemoAccounts } from "./demo-accounts.ts";
import type { AccountKinds } from "./account-kinds.ts";
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
import type { SettlementExceptions } from "./settlement-exceptions.ts";
import type { Settlements } from "./settlements.ts";
import type { SignInAttempts } from "./sign-in-attempts.ts";
import type { Tasks } from "./tasks.ts";
import type { Trading } from "./trading.ts";
import type { Users } from "./users.ts";
import type { VerificationProvider } from "./verification.ts";
import type { Wallets } from "./wallets.ts";
import type { LedgerAudit } from "./ledger-audit.ts";
import type { Health } from "./health.ts";

export interface Ports {
  /** Whether the database answers (the liveness probe and the system view). */
  health: Health;
  // Foundation: users, sessions, events, bets, wallets (adapters/memory fakes these).
  inPlay: InPlayDelay;
  users: Users;
  sessions: Sessions;
  events: Events;
  bets: Bets;
  wallets: Wallets;
  idempotency: IdempotencyRecords;
  placementLimits: PlacementLimits;
  responsible: ResponsibleGambling;

  // Customer accounts.
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

  // Wallet, cash out and same game multis, bonus funds.
  paymentProvider: PaymentProvider;
  payments: Payments;
  sessionActivity: SessionActivity;
  cashOuts: CashOuts;
  sameGameMultis: SameGameMultis;
  bonuses: Bonuses;
  /** The ledger reconciliation's facts and alarms (domain/wallet/reconcile-ledger.ts). */
  ledgerAudit: LedgerAudit;

  // Person protection.
  persons: PersonRegistry;
  selfExclusionRegister: SelfExclusionRegister;
  registerCache: RegisterCache;
  rgOperations: RgOperations;
  /** The simulated register's control (admin and tests); null when the register is a real one. */
  registerSimulator: SimulatedRegisterControl | null;

  // Fantasy sports.
  fantasy: Fantasy;

  // Back office: user admin, fraud, tasks, bulk operations, CRM, payments, reports.
  adminUsers: AdminUsers;
  fraud: FraudRecords;
  tasks: Tasks;
  bulkOperations: BulkOperations;
  customerAggregates: CustomerAggregates;
  settlementQueue: SettlementQueue;
  ledgerPayments: LedgerPayments;
  reports: Reports;
  /** The operator's paged lists and the live bet ticker. */
  adminLists: AdminLists;
  betTicker: BetTicker;
  /** Idle demo accounts and closing them (domain/users/demo-expiry.ts); a returning browser's demo users. */
  demoAccounts: DemoAccounts;
  /** Who owns a user, bet, payment or fraud alert: the demo sandbox's object checks (domain/shared/reach.ts). */
  accountKinds: AccountKinds;

  // Trading desk: markets, settlement and corrections, risk, trading, audit trail.
  markets: Markets;
  /** A market created without prices is priced from its event's model (domain/markets/standard-outcomes.ts). */
  eventPricing: EventPricing;
  settlements: Settlements;
  corrections: SettlementCorrections;
  /** Settlements a database guard refused, listed for operators (domain/settlement/settlement-exceptions.ts). */
  settlementExceptions: SettlementExceptions;
  risk: RiskBook;
  trading: Trading;
  withdrawals: RunnerWithdrawals;
  auditTrail: AuditTrail;
  /** Four eyes: changes above a threshold wait for a second staff member (domain/approvals). */
  approvals: Approvals;
  /** An event's own liability limit and running liability (placement enforces both). */
  eventLimits: EventLimits;
  /** The four-eyes thresholds and the event limit default, edited on the settings screen. */
  riskSettings: RiskSettings;
}
