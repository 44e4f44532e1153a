/**
 * Builders for the contract suites and the use-case tests: a small catalog with every event
 * status, users, ledger grants, placement and settlement plans. Times are fixed around T0.
 */
import type { Ports, PlacementPlan, SettlementPlan } from "../../domain/ports/index.ts";
import type { AuditEntry, EventStatus, SportCode, User } from "../../domain/shared/types.ts";
import {
  HOUSE_ACCOUNT, PROMOTIONS_ACCOUNT, ledgerTransaction, transfer, walletAccountId, type LedgerTransaction, type TransactionKind,
} from "../../domain/wallet/ledger.ts";
import type { CatalogSeed, EventSeed, MarketSeed, SportSeed } from "../../adapters/memory/index.ts";

export const T0 = new Date("2026-11-21T10:00:00Z");
/** T0 plus (or minus) some minutes. */
export const at = (minutes: number): Date => new Date(T0.getTime() + minutes * 60_000);

export const SPORTS: SportSeed[] = [
  { code: "soccer", name: "Soccer", hasDraw: true },
  { code: "tennis", name: "Tennis" },
  { code: "basketball", name: "Basketball" },
];

/**
 * An event with two markets: `<id>-m1` "Match Result" (o1 2.10, o2 3.40, o3 3.60) and `<id>-m2`
 * "Total Goals Over/Under 2.5" (o1 1.85, o2 1.95).
 */
export function anEvent(id: string, opts: Partial<EventSeed> & { status?: EventStatus; startTime?: Date; sport?: SportCode } = {}): EventSeed {
  const markets: MarketSeed[] = [
    {
      id: `${id}-m1`,
      type: "full_time_result",
      name: "Match Result",
      outcomes: [
        { id: `${id}-m1-o1`, name: "Home", priceMilli: 2100 },
        { id: `${id}-m1-o2`, name: "Draw", priceMilli: 3400 },
        { id: `${id}-m1-o3`, name: "Away", priceMilli: 3600 },
      ],
    },
    {
      id: `${id}-m2`,
      type: "over_under",
      name: "Total Goals Over/Under 2.5",
      outcomes: [
        { id: `${id}-m2-o1`, name: "Over 2.5", priceMilli: 1850 },
        { id: `${id}-m2-o2`, name: "Under 2.5", priceMilli: 1950 },
      ],
    },
  ];
  return {
    sport: "soccer",
    homeTeam: `${id} Home`,
    awayTeam: `${id} Away`,
    startTime: at(120),
    markets,
    ...opts,
    id,
  };
}

/**
 * Seven events, loaded in an order that is neither start nor id order:
 *   upcoming: ev_up_b (soccer, T0+2h), ev_up_a (soccer, T0+2h: ties ev_up_b, id first), ev_up_t (tennis, T0+1h)
 *   live:     ev_live_s (soccer, T0-30m, 30', 1-0), ev_live_k (basketball, T0-60m)
 *   finished: ev_fin_s (soccer, T0-1d), ev_fin_t (tennis, T0-2d)
 */
export function standardCatalog(): CatalogSeed {
  return {
    sports: SPORTS,
    events: [
      anEvent("ev_up_b", { startTime: at(120), featured: true }),
      anEvent("ev_fin_t", { sport: "tennis", status: "finished", startTime: at(-2880), minute: null, homeScore: 2, awayScore: 1 }),
      anEvent("ev_live_k", { sport: "basketball", status: "live", startTime: at(-60), minute: 40, homeScore: 80, awayScore: 77 }),
      anEvent("ev_up_a", { startTime: at(120) }),
      anEvent("ev_fin_s", { status: "finished", startTime: at(-1440), homeScore: 0, awayScore: 0 }),
      anEvent("ev_up_t", { sport: "tennis", startTime: at(60), league: "ATP Finals" }),
      anEvent("ev_live_s", { status: "live", startTime: at(-30), minute: 30, homeScore: 1, awayScore: 0 }),
    ],
  };
}

export function aUser(id: string, overrides: Partial<User> = {}): User {
  return {
    id,
    email: `${id}@example.com`,
    firstName: `First ${id}`,
    lastName: `Last ${id}`,
    role: "customer",
    isDemo: false,
    isActive: true,
    verificationLevel: "full",
    createdAt: at(-60 * 24 * 30),
    ...overrides,
  };
}

function tx(id: string, kind: TransactionKind, reference: string | null, createdAt: Date, createdBy: string | null, postings: ReturnType<typeof transfer>): LedgerTransaction {
  const r = ledgerTransaction({ id, kind, reference, createdAt, createdBy }, postings);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A promotions-to-wallet grant, as the demo login and the seed open wallets. */
export const aGrant = (userId: string, cents: number, id = `tx_grant_${userId}`): LedgerTransaction =>
  tx(id, "demo_grant", userId, at(-60 * 24 * 30), null, transfer(PROMOTIONS_ACCOUNT, walletAccountId(userId), cents));

/** A customer with a wallet holding `balance` cents (granted from promotions when above 0). */
export async function aCustomer(ports: Ports, id: string, balance: number, overrides: Partial<User> = {}): Promise<User> {
  const user = aUser(id, overrides);
  await ports.users.create(user, { grant: balance > 0 ? aGrant(id, balance) : null });
  return user;
}

export interface LegSpec {
  eventId: string;
  marketId?: string;
  outcomeId?: string;
  oddsMilli?: number;
}

/** A leg on `<eventId>-m1-o1` at 2.10 unless told otherwise. */
const legOf = (l: LegSpec, betId: string, i: number): PlacementPlan["legs"][number] => ({
  id: `${betId}-${i + 1}`,
  legNo: i + 1,
  eventId: l.eventId,
  marketId: l.marketId ?? `${l.eventId}-m1`,
  outcomeId: l.outcomeId ?? `${l.marketId ?? `${l.eventId}-m1`}-o1`,
  oddsMilli: l.oddsMilli ?? 2100,
  result: "pending",
  eventName: `${l.eventId} name`,
  marketName: "Match Result",
  selectionName: "Home",
});

export function aPlan(opts: {
  betId: string;
  userId: string;
  stake: number;
  legs: LegSpec[];
  placedAt?: Date;
  potentialReturn?: number;
  totalOddsMilli?: number;
  idempotency?: { key: string; requestHash: string; response: unknown } | null;
  txId?: string;
}): PlacementPlan {
  const placedAt = opts.placedAt ?? T0;
  const legs = opts.legs.map((l, i) => legOf(l, opts.betId, i));
  const totalOddsMilli = opts.totalOddsMilli ?? legs.reduce((p, l) => Math.floor((p * l.oddsMilli) / 1000), 1000);
  return {
    bet: {
      id: opts.betId,
      userId: opts.userId,
      betType: legs.length > 1 ? "multiple" : "single",
      stake: opts.stake,
      totalOddsMilli,
      potentialReturn: opts.potentialReturn ?? Math.floor((opts.stake * totalOddsMilli) / 1000),
      status: "pending",
      placedAt,
    },
    legs,
    stakeTransaction: tx(opts.txId ?? `tx_stake_${opts.betId}`, "bet_stake", opts.betId, placedAt, opts.userId,
      transfer(walletAccountId(opts.userId), HOUSE_ACCOUNT, opts.stake)),
    walletAccountId: walletAccountId(opts.userId),
    idempotency: opts.idempotency ?? null,
  };
}

export function anAudit(id: string, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    actorId: "usr_admin",
    actorRole: "admin",
    action: "bet.settle",
    entityType: "bet",
    entityId: "x",
    before: { status: "pending" },
    after: { status: "won" },
    createdAt: at(60),
    ...overrides,
  };
}

/** A settlement paying `actualReturn` from the house to the customer's wallet (no payout when 0). */
export function aSettlement(opts: {
  betId: string;
  userId: string;
  status: "won" | "lost" | "void";
  actualReturn: number;
  legResults: SettlementPlan["legResults"];
  settledAt?: Date;
  auditId?: string;
  txId?: string;
}): SettlementPlan {
  const settledAt = opts.settledAt ?? at(180);
  return {
    betId: opts.betId,
    status: opts.status,
    actualReturn: opts.actualReturn,
    settledAt,
    settledBy: "usr_admin",
    legResults: opts.legResults,
    payout:
      opts.actualReturn > 0
        ? tx(opts.txId ?? `tx_payout_${opts.betId}`, opts.status === "void" ? "bet_refund" : "bet_payout", opts.betId, settledAt,
          "usr_admin", transfer(HOUSE_ACCOUNT, walletAccountId(opts.userId), opts.actualReturn))
        : null,
    audit: anAudit(opts.auditId ?? `aud_${opts.betId}`, {
      entityId: opts.betId,
      after: { status: opts.status, actualReturn: opts.actualReturn },
      createdAt: settledAt,
    }),
  };
}

/** Per account: cached balance, and the sum of its postings. */
export function ledgerCheck(rows: { accounts: { id: string; kind: string; balance: number }[]; postings: { transactionId: string; accountId: string; amount: number }[] }) {
  const posted = new Map<string, number>();
  const perTx = new Map<string, number>();
  for (const p of rows.postings) {
    posted.set(p.accountId, (posted.get(p.accountId) ?? 0) + p.amount);
    perTx.set(p.transactionId, (perTx.get(p.transactionId) ?? 0) + p.amount);
  }
  return {
    mismatched: rows.accounts.filter((a) => a.balance !== (posted.get(a.id) ?? 0)).map((a) => a.id),
    unbalancedTransactions: [...perTx].filter(([, s]) => s !== 0).map(([id]) => id),
    total: [...posted.values()].reduce((a, b) => a + b, 0),
    negativeWallets: rows.accounts.filter((a) => a.kind === "wallet" && a.balance < 0).map((a) => a.id),
    postingsToUnknownAccounts: [...posted.keys()].filter((id) => !rows.accounts.some((a) => a.id === id)),
  };
}

export const BALANCED = { mismatched: [], unbalancedTransactions: [], total: 0, negativeWallets: [], postingsToUnknownAccounts: [] };
