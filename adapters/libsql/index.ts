import type { InPlayDelay, PasswordHasher, Ports } from "../../domain/ports/index.ts";
import { NO_IN_PLAY_DELAY } from "../system/in-play-delay.ts";
import type { VerificationProvider } from "../../domain/ports/verification.ts";
import { LibsqlAccountSettings, LibsqlAccounts, LibsqlFollows, LibsqlRewards } from "./customer-accounts.ts";
import { LibsqlPasswordChecks } from "./password-checks.ts";
import { LibsqlSignInAttempts } from "./sign-in-attempts.ts";
import { LibsqlOddsChanges, LibsqlPriceHistory } from "./odds-changes.ts";
import { ScryptPasswordHasher } from "../system/password.ts";
import { SimulatedVerificationProvider } from "../kyc/simulated-provider.ts";
import { LibsqlIdempotency, LibsqlSessions, LibsqlUsers, LibsqlWallets } from "./accounts.ts";
import type { PaymentProvider } from "../../domain/ports/payment-provider.ts";
import { LibsqlPayments } from "./wallet.ts";
import { LibsqlResponsible, LibsqlSessionActivity } from "./responsible.ts";
import { LibsqlCashOuts, LibsqlSameGameMultis } from "./cash-out.ts";
import { SimulatedPaymentProvider } from "../payments/simulated-provider.ts";
import { LibsqlProviderMemory } from "../payments/provider-memory.ts";
import { LibsqlFantasy } from "./fantasy.ts";
import { LibsqlBets, LibsqlSettlements } from "./bets.ts";
import { LibsqlSettlementCorrections } from "./corrections.ts";
import { LibsqlSettlementExceptions } from "./settlement-exceptions.ts";
import { LibsqlMarkets } from "./markets.ts";
import { LibsqlEventPricing } from "./event-pricing.ts";
import { LibsqlDemoAccounts } from "./demo-accounts.ts";
import { LibsqlRiskBook } from "./risk.ts";
import { LibsqlTrading } from "./trading.ts";
import { LibsqlRunnerWithdrawals } from "./withdrawals.ts";
import { LibsqlPlacementLimits } from "./placement-limits.ts";
import { LibsqlAuditTrail } from "./audit.ts";
import { LibsqlApprovals } from "./approvals.ts";
import { LibsqlEventLimits } from "./event-limits.ts";
import { LibsqlRiskSettings } from "./risk-settings.ts";
import type { Database } from "./database.ts";
import { LibsqlEvents } from "./events.ts";
import { LibsqlAdminLists, libsqlBetTicker } from "./admin-lists.ts";
import { LibsqlAccountKinds } from "./reach.ts";
import { LibsqlAdminUsers } from "./users-admin.ts";
import { LibsqlFraudRecords } from "./fraud.ts";
import { LibsqlBulkOperations, LibsqlTasks } from "./tasks.ts";
import { LibsqlBackOffice } from "./back-office.ts";
import type { SelfExclusionRegister } from "../../domain/ports/protection.ts";
import { LibsqlPersonRegistry, LibsqlRegisterCache, LibsqlRgOperations } from "./person-protection.ts";
import { PersonKeyHasher } from "./person-keys.ts";
import { LibsqlBonuses } from "./bonuses.ts";
import { LibsqlLedgerAudit } from "./ledger-audit.ts";
import { LibsqlHealth } from "./health.ts";
import { SimulatedSelfExclusionRegister } from "../register/simulated-register.ts";
import { WagerGateVersions } from "./wager-gate-cache.ts";
import { PricedOutcomeCache, PricingVersion } from "./pricing-cache.ts";

export { openDatabase, type Database } from "./database.ts";

/** Ports that are not the database: the password hasher and the verification provider. */
export interface PortOptions {
  passwords?: PasswordHasher;
  verification?: VerificationProvider;
  /** The payment provider (default: the simulated one, answering at once, its memory in this database). */
  paymentProvider?: PaymentProvider;
  /** The in-play bet delay (default: none; the server wires the timer with IN_PLAY_DELAY_MS in api/bootstrap.ts). */
  inPlay?: InPlayDelay;
  /** The national self-exclusion register (default: the simulated one, which an admin can tell who is listed). */
  selfExclusionRegister?: SelfExclusionRegister;
  /** The person-key secret (PERSON_KEY_SECRET); default: one generated once and kept in the database (person-keys.ts). */
  personKeySecret?: string;
}

export function libsqlPorts(d: Database, opts: PortOptions = {}): Ports {
  /** One object implements the back office's four ports (customer aggregates, settlement queue, ledger payments, reports). */
  const backOffice = new LibsqlBackOffice(d);
  const register = opts.selfExclusionRegister ?? new SimulatedSelfExclusionRegister();
  /** Each signed-in customer's wager-gate counter, as their session lookups read it (wager-gate-cache.ts). */
  const gateVersions = new WagerGateVersions();
  /** The pricing counter, as session lookups read it, and placement's priced rows kept against it (pricing-cache.ts). */
  const pricingVersion = new PricingVersion();
  return {
    health: new LibsqlHealth(d.client, d.kind),
    persons: new LibsqlPersonRegistry(d.client, new PersonKeyHasher(d.client, opts.personKeySecret)),
    selfExclusionRegister: register,
    registerCache: new LibsqlRegisterCache(d.client),
    rgOperations: new LibsqlRgOperations(d.client),
    registerSimulator: register instanceof SimulatedSelfExclusionRegister ? register : null,
    inPlay: opts.inPlay ?? NO_IN_PLAY_DELAY,
    paymentProvider: opts.paymentProvider ?? new SimulatedPaymentProvider({ memory: new LibsqlProviderMemory(d.client) }),
    payments: new LibsqlPayments(d.client),
    bonuses: new LibsqlBonuses(d.client),
    ledgerAudit: new LibsqlLedgerAudit(d.client),
    responsible: new LibsqlResponsible(d.client, gateVersions),
    sessionActivity: new LibsqlSessionActivity(d.client),
    cashOuts: new LibsqlCashOuts(d.client),
    sameGameMultis: new LibsqlSameGameMultis(d.client),
    accounts: new LibsqlAccounts(d.client),
    accountSettings: new LibsqlAccountSettings(d.client, gateVersions),
    follows: new LibsqlFollows(d.client),
    rewards: new LibsqlRewards(d.client),
    signInAttempts: new LibsqlSignInAttempts(d.client),
    passwordChecks: new LibsqlPasswordChecks(d.client),
    passwords: opts.passwords ?? new ScryptPasswordHasher(),
    verification: opts.verification ?? new SimulatedVerificationProvider(),
    oddsChanges: new LibsqlOddsChanges(d.client),
    priceHistory: new LibsqlPriceHistory(d.client),
    users: new LibsqlUsers(d),
    sessions: new LibsqlSessions(d, gateVersions, pricingVersion),
    events: new LibsqlEvents(d.client, new PricedOutcomeCache(pricingVersion)),
    bets: new LibsqlBets(d.client, d.groupCommit, gateVersions),
    adminLists: new LibsqlAdminLists(d.client),
    betTicker: libsqlBetTicker(d.client),
    wallets: new LibsqlWallets(d),
    idempotency: new LibsqlIdempotency(d),
    fantasy: new LibsqlFantasy(d.client),
    markets: new LibsqlMarkets(d.client),
    eventPricing: new LibsqlEventPricing(d.client),
    demoAccounts: new LibsqlDemoAccounts(d.client),
    accountKinds: new LibsqlAccountKinds(d.client),
    settlements: new LibsqlSettlements(d.client),
    corrections: new LibsqlSettlementCorrections(d.client),
    settlementExceptions: new LibsqlSettlementExceptions(d.client),
    risk: new LibsqlRiskBook(d.client),
    trading: new LibsqlTrading(d.client),
    withdrawals: new LibsqlRunnerWithdrawals(d.client),
    placementLimits: new LibsqlPlacementLimits(d.client),
    auditTrail: new LibsqlAuditTrail(d.client),
    approvals: new LibsqlApprovals(d.client),
    eventLimits: new LibsqlEventLimits(d.client),
    riskSettings: new LibsqlRiskSettings(d.client),
    adminUsers: new LibsqlAdminUsers(d),
    fraud: new LibsqlFraudRecords(d),
    tasks: new LibsqlTasks(d),
    bulkOperations: new LibsqlBulkOperations(d),
    customerAggregates: backOffice,
    settlementQueue: backOffice,
    ledgerPayments: backOffice,
    reports: backOffice,
  };
}
