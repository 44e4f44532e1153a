/**
 * The rows the in-memory store holds: the same tables, columns and units as the libSQL schema
 * (times are epoch milliseconds, money is cents, odds are milli), so a test can compare the two
 * adapters row for row. Also the catalog seed (sports, events, markets, outcomes) that tests load,
 * since no port writes the catalog.
 */
import type {
  BetLegRecord, BetRecord,
  EventStatus, MarketStatus, MarketType, SportCode, User,
} from "../../domain/shared/types.ts";
import type { TransactionKind } from "../../domain/wallet/ledger.ts";

/** The account kinds the accounts table allows (its CHECK constraint). */
type AccountKind = "wallet" | "house" | "promotions" | "payments" | "fantasy_pool" | "fantasy_rake" | "bonus";

export interface SportRow { code: SportCode; name: string; sortOrder: number; hasDraw: boolean }
export interface EventRow {
  id: string;
  sport: SportCode;
  league: string;
  homeTeam: string;
  awayTeam: string;
  name: string;
  description: string;
  startTime: number;
  status: EventStatus;
  minute: number | null;
  homeScore: number | null;
  awayScore: number | null;
  featured: boolean;
  updatedAt: number;
  /** No bets before this time (ms); absent = never suspended. */
  suspendedUntil?: number | null;
}
export interface MarketRow { id: string; eventId: string; type: MarketType; name: string; status: MarketStatus; sortOrder: number; updatedAt: number }
export interface OutcomeRow { id: string; marketId: string; name: string; priceMilli: number; sortOrder: number; updatedAt: number; result?: "won" | "lost" | "void" | null }
/** The user as the port returns it, with the stored password hash and a numeric timestamp. */
export interface UserRow extends Omit<User, "createdAt"> {
  passwordHash: string | null;
  createdAt: number;
}
export interface SessionRow { id: string; userId: string; createdAt: number; expiresAt: number; ip: string | null }
export interface AccountRow { id: string; kind: AccountKind; userId: string | null; balance: number; createdAt: number }
export interface TransactionRow { id: string; kind: TransactionKind; reference: string | null; createdAt: number; createdBy: string | null }
export interface PostingRow { transactionId: string; accountId: string; amount: number; createdAt: number }
export interface BetRow {
  id: string;
  userId: string;
  betType: BetRecord["betType"];
  stake: number;
  totalOddsMilli: number;
  potentialReturn: number;
  actualReturn: number | null;
  status: BetRecord["status"];
  placedAt: number;
  settledAt: number | null;
  settledBy: string | null;
}
/** A leg as the port returns it, plus the bet it belongs to. */
export interface LegRow extends BetLegRecord {
  betId: string;
}
/** `response` is the stored JSON body, parsed. */
export interface IdempotencyRow { userId: string; key: string; requestHash: string; response: unknown; createdAt: number }
/** `before` and `after` are the stored JSON, parsed (null when absent). */
export interface AuditRow {
  id: string;
  actorId: string | null;
  actorRole: string;
  action: string;
  entityType: string;
  entityId: string;
  before: unknown;
  after: unknown;
  createdAt: number;
}

/** Every table, each in insertion order (accounts: by id). */
export interface StoreRows {
  sports: SportRow[];
  events: EventRow[];
  markets: MarketRow[];
  outcomes: OutcomeRow[];
  users: UserRow[];
  sessions: SessionRow[];
  accounts: AccountRow[];
  transactions: TransactionRow[];
  postings: PostingRow[];
  bets: BetRow[];
  legs: LegRow[];
  idempotency: IdempotencyRow[];
  audit: AuditRow[];
}

// ---- Catalog seed: what a test loads (no port writes sports, events, markets or outcomes) ----

export interface SportSeed { code: SportCode; name: string; sortOrder?: number; hasDraw?: boolean }
export interface OutcomeSeed { id: string; name: string; priceMilli: number; sortOrder?: number; updatedAt?: Date }
export interface MarketSeed {
  id: string;
  type?: MarketType;
  name: string;
  status?: MarketStatus;
  sortOrder?: number;
  updatedAt?: Date;
  outcomes: OutcomeSeed[];
}
export interface EventSeed {
  id: string;
  sport: SportCode;
  league?: string;
  homeTeam: string;
  awayTeam: string;
  name?: string;
  description?: string;
  startTime: Date;
  status?: EventStatus;
  minute?: number | null;
  homeScore?: number | null;
  awayScore?: number | null;
  featured?: boolean;
  updatedAt?: Date;
  markets?: MarketSeed[];
}
export interface CatalogSeed { sports?: SportSeed[]; events?: EventSeed[] }

/**
 * The rows a seed stands for, with its defaults filled in: sort orders follow array positions,
 * status is upcoming / open, name is "Home vs Away", times default to the event's start time.
 */
export function catalogRows(seed: CatalogSeed): Pick<StoreRows, "sports" | "events" | "markets" | "outcomes"> {
  const sports: SportRow[] = (seed.sports ?? []).map((s, i) => ({
    code: s.code,
    name: s.name,
    sortOrder: s.sortOrder ?? i,
    hasDraw: s.hasDraw ?? false,
  }));
  const events: EventRow[] = [];
  const markets: MarketRow[] = [];
  const outcomes: OutcomeRow[] = [];
  for (const e of seed.events ?? []) {
    const start = e.startTime.getTime();
    const updated = e.updatedAt?.getTime() ?? start;
    events.push({
      id: e.id,
      sport: e.sport,
      league: e.league ?? "Test League",
      homeTeam: e.homeTeam,
      awayTeam: e.awayTeam,
      name: e.name ?? `${e.homeTeam} vs ${e.awayTeam}`,
      description: e.description ?? `${e.league ?? "Test League"}: ${e.homeTeam} v ${e.awayTeam}`,
      startTime: start,
      status: e.status ?? "upcoming",
      minute: e.minute ?? null,
      homeScore: e.homeScore ?? null,
      awayScore: e.awayScore ?? null,
      featured: e.featured ?? false,
      updatedAt: updated,
    });
    (e.markets ?? []).forEach((m, mi) => {
      markets.push({
        id: m.id,
        eventId: e.id,
        type: m.type ?? "full_time_result",
        name: m.name,
        status: m.status ?? "open",
        sortOrder: m.sortOrder ?? mi,
        updatedAt: m.updatedAt?.getTime() ?? updated,
      });
      m.outcomes.forEach((o, oi) =>
        outcomes.push({
          id: o.id,
          marketId: m.id,
          name: o.name,
          priceMilli: o.priceMilli,
          sortOrder: o.sortOrder ?? oi,
          updatedAt: o.updatedAt?.getTime() ?? updated,
        }),
      );
    });
  }
  return { sports, events, markets, outcomes };
}
