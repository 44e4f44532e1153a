/**
 * The fraud rules engine: pure functions that turn real activity (bets, wallet payments, sign-in
 * sessions and the durable record of sign-in addresses) into alerts, transaction-monitoring records with risk scores, and user risk profiles.
 * No I/O: domain/fraud/scan.ts loads the activity through the FraudRecords port and stores what
 * these functions return.
 *
 * Idempotence: every alert carries a dedupe key = rule + subject + window (e.g. the bet that
 * started a burst, the withdrawal that emptied a deposit), and the database keeps that key unique,
 * so running the engine again over the same activity never raises the same alert twice.
 */
import type { VerificationLevel } from "../shared/types.ts";

// ---- Thresholds (documented; tests pin them) --------------------------------------------------

export const FRAUD_THRESHOLDS = {
  /** Activity younger than this is examined for new alerts on every scan. */
  scanWindowMs: 7 * 86_400_000,
  /** History the rules may look back over (medians, deposits before a withdrawal). */
  lookbackMs: 90 * 86_400_000,

  /** Rapid repeated bets: at least this many bets by one customer ... */
  rapidMinBets: 5,
  /** ... within this many milliseconds of each other. */
  rapidWindowMs: 60_000,
  /** A burst this large is high severity (otherwise medium). */
  rapidHighBets: 10,

  /** Stake far above history: a stake more than this multiple of the customer's median stake ... */
  spikeMultiple: 5,
  /** ... once they have at least this many earlier bets. */
  spikeMinPriorBets: 5,
  /** Ratios for high and critical severity. */
  spikeHighMultiple: 10,
  spikeCriticalMultiple: 20,

  /** Deposit then withdrawal with little play: a withdrawal of at least this share of ... */
  withdrawalShareOfDeposits: 0.8,
  /** ... the deposits made in the preceding window ... */
  depositWindowMs: 24 * 3_600_000,
  /** ... while the stakes placed since the first of those deposits are below this share of them. */
  littlePlayShareOfDeposits: 0.2,

  /** Several accounts from one address: at least this many customers who signed in from one address ... */
  sharedAddressMinAccounts: 3,
  /** ... within this window. Five or more accounts is high severity. */
  sharedAddressWindowMs: 7 * 86_400_000,
  sharedAddressHighAccounts: 5,

  /** Bonus claimed then withdrawn: a withdrawal within this long after a bonus ... */
  bonusWithdrawalWindowMs: 72 * 3_600_000,
  /** ... with stakes since the bonus below this multiple of the bonus (the wagering it should see). */
  bonusWageringMultiple: 5,

  /** Customer win rate that counts as a risk factor (spec section 9: 65%) ... */
  winRateAlert: 0.65,
  /** ... over at least this many settled bets. */
  winRateMinSettled: 10,
  /** A stake at or above this (cents) adds to a bet's monitoring score. */
  largeStake: 100_000,
  /** A deposit at or above this (cents) adds to a deposit's monitoring score. */
  largeDeposit: 500_000,
  /** Accounts younger than this add to their payments' and bets' monitoring scores. */
  newAccountMs: 7 * 86_400_000,
} as const;

// ---- Activity ----------------------------------------------------------------------------------

export interface FraudCustomer {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  isDemo: boolean;
  verificationLevel: VerificationLevel | "pending" | "rejected";
  createdAt: Date;
}
export interface BetActivity {
  id: string;
  userId: string;
  stake: number;
  placedAt: Date;
  status: string;
}
/** A wallet payment; amount is the positive size of the movement. Adjustments are credits only. */
export interface PaymentActivity {
  id: string;
  userId: string;
  kind: "deposit" | "deposit_bonus" | "withdrawal" | "adjustment";
  amount: number;
  createdAt: Date;
}
export interface SessionActivity {
  userId: string;
  ip: string | null;
  createdAt: Date;
}
export interface ExistingAlert {
  dedupeKey: string;
  userId: string;
  alertType: AlertType;
  severity: Severity;
  status: "open" | "investigating" | "resolved";
}
export interface FraudActivity {
  /** Customers only (staff are not scored). */
  customers: FraudCustomer[];
  bets: BetActivity[];
  payments: PaymentActivity[];
  /** Sessions that exist now (deleted on logout, suspension or a password change). */
  sessions: SessionActivity[];
  /**
   * Every session started with a known address (sign-in, registration, demo login), kept for good:
   * the addresses survive the sessions, so a ring cannot hide by logging out.
   */
  signIns: SessionActivity[];
  alerts: ExistingAlert[];
}

export type AlertType = "rapid_betting" | "stake_spike" | "deposit_withdrawal" | "shared_address" | "bonus_abuse" | "manual_flag";
export type Severity = "critical" | "high" | "medium" | "low";
export type RiskLevel = "low" | "medium" | "high" | "critical";

export interface AlertCandidate {
  dedupeKey: string;
  userId: string;
  alertType: AlertType;
  severity: Severity;
  description: string;
  /** Percent, for bonus-abuse alerts. */
  confidence: number | null;
  evidence: Record<string, unknown>;
}
export interface MonitoringCandidate {
  monitoringType: "bet_stake" | "deposit" | "withdrawal" | "deposit_bonus";
  reference: string;
  userId: string;
  amount: number;
  riskScore: number;
  reasons: string[];
  createdAt: Date;
}
export interface RiskProfileCandidate {
  userId: string;
  riskLevel: RiskLevel;
  riskScore: number;
  factors: string[];
}

// ---- Helpers -----------------------------------------------------------------------------------

const T = FRAUD_THRESHOLDS;
const money = (cents: number) =>
  (cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** The median of a list of numbers (the mean of the middle two for an even count); 0 for none. */
export function median(xs: readonly number[]): number {
  if (xs.length === 0) return 0;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/**
 * The median of a growing list in O(log n) per value: the lower half in a max-heap, the upper half in
 * a min-heap, the lower one holding the extra value for an odd count. `median()` of the same values.
 */
export class RunningMedian {
  private readonly lower: number[] = []; // max-heap
  private readonly upper: number[] = []; // min-heap

  get size(): number {
    return this.lower.length + this.upper.length;
  }

  add(x: number): void {
    if (this.lower.length === 0 || x <= this.lower[0]) push(this.lower, x, greater);
    else push(this.upper, x, less);
    if (this.lower.length > this.upper.length + 1) push(this.upper, pop(this.lower, greater), less);
    else if (this.upper.length > this.lower.length) push(this.lower, pop(this.upper, less), greater);
  }

  /** 0 for no values, like median(). */
  value(): number {
    if (this.lower.length === 0) return 0;
    return this.lower.length > this.upper.length ? this.lower[0] : (this.lower[0] + this.upper[0]) / 2;
  }
}

const less = (a: number, b: number) => a < b;
const greater = (a: number, b: number) => a > b;
/** Binary heap on an array; `before(a, b)`: a belongs nearer the top. */
function push(h: number[], x: number, before: (a: number, b: number) => boolean) {
  let i = h.push(x) - 1;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (!before(h[i], h[parent])) break;
    [h[i], h[parent]] = [h[parent], h[i]];
    i = parent;
  }
}
function pop(h: number[], before: (a: number, b: number) => boolean): number {
  const top = h[0];
  const last = h.pop()!;
  if (h.length > 0) {
    h[0] = last;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && before(h[l], h[m])) m = l;
      if (r < h.length && before(h[r], h[m])) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m], h[i]];
      i = m;
    }
  }
  return top;
}

function groupBy<T>(xs: readonly T[], key: (x: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const x of xs) {
    const k = key(x);
    const list = out.get(k);
    if (list) list.push(x);
    else out.set(k, [x]);
  }
  return out;
}

const byTime = <T extends { placedAt?: Date; createdAt?: Date; id?: string }>(a: T, b: T) => {
  const ta = (a.placedAt ?? a.createdAt)!.getTime();
  const tb = (b.placedAt ?? b.createdAt)!.getTime();
  return ta - tb || String(a.id ?? "").localeCompare(String(b.id ?? ""));
};

/** Each customer's bets in time order (`byTime`), customers in the order they first appear in `bets`. */
export type BetsByCustomer = ReadonlyMap<string, readonly BetActivity[]>;

export function betsByCustomer(bets: readonly BetActivity[]): BetsByCustomer {
  const out = groupBy(bets, (b) => b.userId);
  for (const list of out.values()) list.sort(byTime);
  return out;
}

export const riskLevelFor = (score: number): RiskLevel =>
  score >= 75 ? "critical" : score >= 50 ? "high" : score >= 25 ? "medium" : "low";

// ---- Rule 1: rapid repeated bets ---------------------------------------------------------------

export interface RapidBurst {
  userId: string;
  /** The bet that started the chain: a bet with no earlier bet by the same customer within the window. */
  startBetId: string;
  betIds: string[];
  /** The most bets inside any one window of the chain. */
  maxInWindow: number;
  firstAt: Date;
  lastAt: Date;
  totalStake: number;
}

/**
 * Chains of bets where each follows the previous within the window; a chain is a burst when some
 * window inside it holds at least rapidMinBets bets. The chain's first bet names it, so the key
 * stays the same as the chain grows.
 */
export function rapidBursts(bets: readonly BetActivity[], byCustomer: BetsByCustomer = betsByCustomer(bets)): RapidBurst[] {
  const out: RapidBurst[] = [];
  for (const [userId, sorted] of byCustomer) {
    let chain: BetActivity[] = [];
    const flush = () => {
      if (chain.length >= T.rapidMinBets) {
        let best = 0;
        let lo = 0;
        for (let hi = 0; hi < chain.length; hi++) {
          while (chain[hi].placedAt.getTime() - chain[lo].placedAt.getTime() > T.rapidWindowMs) lo++;
          best = Math.max(best, hi - lo + 1);
        }
        if (best >= T.rapidMinBets)
          out.push({
            userId,
            startBetId: chain[0].id,
            betIds: chain.map((b) => b.id),
            maxInWindow: best,
            firstAt: chain[0].placedAt,
            lastAt: chain[chain.length - 1].placedAt,
            totalStake: chain.reduce((s, b) => s + b.stake, 0),
          });
      }
    };
    for (const b of sorted) {
      const prev = chain[chain.length - 1];
      if (prev && b.placedAt.getTime() - prev.placedAt.getTime() > T.rapidWindowMs) {
        flush();
        chain = [];
      }
      chain.push(b);
    }
    flush();
  }
  return out;
}

// ---- Rule 2: stake far above history -----------------------------------------------------------

export interface StakeSpike {
  bet: BetActivity;
  median: number;
  ratio: number;
  priorBets: number;
}

/**
 * Each bet whose stake is more than spikeMultiple times the median stake of the customer's earlier
 * bets (strictly earlier: bets placed in the same millisecond are not each other's history), once
 * there are spikeMinPriorBets of those. One pass per customer with a running median: a customer's
 * 90 days can hold tens of thousands of bets, and re-sorting the history for every bet was quadratic.
 */
export function stakeSpikes(bets: readonly BetActivity[], byCustomer: BetsByCustomer = betsByCustomer(bets)): StakeSpike[] {
  const out: StakeSpike[] = [];
  for (const sorted of byCustomer.values()) {
    const prior = new RunningMedian();
    for (let i = 0; i < sorted.length; ) {
      const t = sorted[i].placedAt.getTime();
      let end = i;
      while (end < sorted.length && sorted[end].placedAt.getTime() === t) end++;
      const m = prior.value();
      if (prior.size >= T.spikeMinPriorBets && m > 0)
        for (let k = i; k < end; k++) {
          const ratio = sorted[k].stake / m;
          if (ratio > T.spikeMultiple) out.push({ bet: sorted[k], median: m, ratio, priorBets: prior.size });
        }
      for (; i < end; i++) prior.add(sorted[i].stake);
    }
  }
  return out;
}

// ---- Rule 3: deposit then withdrawal with little play -----------------------------------------

export interface QuickCashOut {
  withdrawal: PaymentActivity;
  deposits: number;
  stakes: number;
}

/**
 * Each customer's stakes in time order with running totals, so the stakes placed between two moments
 * are two binary searches away (the cash-out rules ask this once per withdrawal).
 */
export class StakeIndex {
  private readonly byUser = new Map<string, { times: number[]; totals: number[] }>();

  constructor(bets: readonly BetActivity[], byCustomer: BetsByCustomer = betsByCustomer(bets)) {
    for (const [userId, sorted] of byCustomer) {
      const totals = [0];
      for (const b of sorted) totals.push(totals[totals.length - 1] + b.stake);
      this.byUser.set(userId, { times: sorted.map((b) => b.placedAt.getTime()), totals });
    }
  }

  /** Stakes by the customer placed from `from` to `to`, both included. */
  between(userId: string, from: number, to: number): number {
    const u = this.byUser.get(userId);
    if (!u) return 0;
    return u.totals[firstAbove(u.times, to)] - u.totals[firstAbove(u.times, from - 1)];
  }
}

/** The index of the first time after `t` in ascending `times` (their count when none is). Times are whole milliseconds. */
function firstAbove(times: readonly number[], t: number): number {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid] <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const withdrawalsWithHistory = (payments: readonly PaymentActivity[]) => {
  const byUser = groupBy(payments, (p) => p.userId);
  return payments.filter((p) => p.kind === "withdrawal").map((w) => ({ w, mine: byUser.get(w.userId)! }));
};

export function quickCashOuts(
  payments: readonly PaymentActivity[],
  bets: readonly BetActivity[],
  stakes: StakeIndex = new StakeIndex(bets),
): QuickCashOut[] {
  const out: QuickCashOut[] = [];
  for (const { w, mine } of withdrawalsWithHistory(payments)) {
    const t = w.createdAt.getTime();
    const deposits = mine.filter(
      (p) => p.kind === "deposit" && p.createdAt.getTime() <= t && p.createdAt.getTime() >= t - T.depositWindowMs,
    );
    const total = deposits.reduce((s, d) => s + d.amount, 0);
    if (total <= 0) continue;
    const from = Math.min(...deposits.map((d) => d.createdAt.getTime()));
    const staked = stakes.between(w.userId, from, t);
    if (w.amount >= T.withdrawalShareOfDeposits * total && staked < T.littlePlayShareOfDeposits * total)
      out.push({ withdrawal: w, deposits: total, stakes: staked });
  }
  return out;
}

// ---- Rule 4: several accounts from one address -------------------------------------------------

export interface SharedAddress {
  ip: string;
  userIds: string[];
}

/** Every known use of an address: the live sessions and the durable sign-in records (a customer may be in both). */
export const addressUses = (a: Pick<FraudActivity, "sessions" | "signIns">): SessionActivity[] => [...a.sessions, ...a.signIns];

/** Addresses used by at least sharedAddressMinAccounts customers within the window before `now`. Demo accounts are left out:
 * every demo login creates a fresh account, so one visitor trying the demo would look like a ring. Each
 * customer counts once per address, however many sessions or sign-ins they have from it. */
export function sharedAddresses(
  sessions: readonly SessionActivity[],
  customers: ReadonlyMap<string, FraudCustomer>,
  now: Date,
): SharedAddress[] {
  const since = now.getTime() - T.sharedAddressWindowMs;
  const recent = sessions.filter((s) => s.ip && s.createdAt.getTime() >= since && customers.get(s.userId) && !customers.get(s.userId)!.isDemo);
  const out: SharedAddress[] = [];
  for (const [ip, list] of groupBy(recent, (s) => s.ip!)) {
    const userIds = [...new Set(list.map((s) => s.userId))].sort();
    if (userIds.length >= T.sharedAddressMinAccounts) out.push({ ip, userIds });
  }
  return out;
}

// ---- Rule 5: bonus claimed then withdrawn ------------------------------------------------------

export interface BonusCashOut {
  withdrawal: PaymentActivity;
  bonus: number;
  firstBonusAt: Date;
  stakes: number;
  confidence: number;
}

export function bonusCashOuts(
  payments: readonly PaymentActivity[],
  bets: readonly BetActivity[],
  stakes: StakeIndex = new StakeIndex(bets),
): BonusCashOut[] {
  const out: BonusCashOut[] = [];
  for (const { w, mine } of withdrawalsWithHistory(payments)) {
    const t = w.createdAt.getTime();
    const bonuses = mine.filter(
      (p) =>
        (p.kind === "deposit_bonus" || p.kind === "adjustment") &&
        p.createdAt.getTime() <= t &&
        p.createdAt.getTime() >= t - T.bonusWithdrawalWindowMs,
    );
    const bonus = bonuses.reduce((s, b) => s + b.amount, 0);
    if (bonus <= 0) continue;
    const from = Math.min(...bonuses.map((b) => b.createdAt.getTime()));
    const staked = stakes.between(w.userId, from, t);
    const required = T.bonusWageringMultiple * bonus;
    if (staked >= required) continue;
    const confidence = Math.round(clamp(95 - 45 * (staked / required), 50, 95));
    out.push({ withdrawal: w, bonus, firstBonusAt: new Date(from), stakes: staked, confidence });
  }
  return out;
}

// ---- Alerts ------------------------------------------------------------------------------------

/** What every rule found in the activity: worked out once per scan, for the alerts and the scores alike. */
export interface RuleFindings {
  customers: Map<string, FraudCustomer>;
  /** The customers' bets and payments (staff are not scored). */
  bets: BetActivity[];
  payments: PaymentActivity[];
  bursts: RapidBurst[];
  spikes: StakeSpike[];
  quickCashOuts: QuickCashOut[];
  sharedAddresses: SharedAddress[];
  bonusCashOuts: BonusCashOut[];
}

export function applyRules(a: FraudActivity, now: Date): RuleFindings {
  const customers = new Map(a.customers.map((c) => [c.id, c]));
  const bets = a.bets.filter((b) => customers.has(b.userId));
  const payments = a.payments.filter((p) => customers.has(p.userId));
  // Grouped and sorted once for the three rules that walk each customer's bets in time order.
  const byCustomer = betsByCustomer(bets);
  const stakes = new StakeIndex(bets, byCustomer);
  return {
    customers,
    bets,
    payments,
    bursts: rapidBursts(bets, byCustomer),
    spikes: stakeSpikes(bets, byCustomer),
    quickCashOuts: quickCashOuts(payments, bets, stakes),
    sharedAddresses: sharedAddresses(addressUses(a), customers, now),
    bonusCashOuts: bonusCashOuts(payments, bets, stakes),
  };
}

/** Every alert the rules raise over the activity; only triggers inside the scan window count. */
export function detectAlerts(a: FraudActivity, now: Date, found: RuleFindings = applyRules(a, now)): AlertCandidate[] {
  const since = now.getTime() - T.scanWindowMs;
  const { customers } = found;
  const out: AlertCandidate[] = [];

  for (const b of found.bursts) {
    if (b.lastAt.getTime() < since) continue;
    out.push({
      dedupeKey: `rapid_betting:${b.userId}:${b.startBetId}`,
      userId: b.userId,
      alertType: "rapid_betting",
      severity: b.maxInWindow >= T.rapidHighBets ? "high" : "medium",
      description: `${b.maxInWindow} bets within ${T.rapidWindowMs / 1000} seconds (${b.betIds.length} in the burst, ${money(b.totalStake)} staked)`,
      confidence: null,
      evidence: {
        betsInWindow: b.maxInWindow,
        windowSeconds: T.rapidWindowMs / 1000,
        burstBets: b.betIds.length,
        totalStake: b.totalStake,
        firstBetAt: b.firstAt.toISOString(),
        lastBetAt: b.lastAt.toISOString(),
        betIds: b.betIds.slice(0, 50),
      },
    });
  }

  for (const s of found.spikes) {
    if (s.bet.placedAt.getTime() < since) continue;
    out.push({
      dedupeKey: `stake_spike:${s.bet.id}`,
      userId: s.bet.userId,
      alertType: "stake_spike",
      severity: s.ratio >= T.spikeCriticalMultiple ? "critical" : s.ratio >= T.spikeHighMultiple ? "high" : "medium",
      description: `Stake of ${money(s.bet.stake)} is ${s.ratio.toFixed(1)}x the customer's median stake of ${money(s.median)}`,
      confidence: null,
      evidence: { betId: s.bet.id, stake: s.bet.stake, medianStake: s.median, ratio: Math.round(s.ratio * 10) / 10, priorBets: s.priorBets },
    });
  }

  for (const q of found.quickCashOuts) {
    if (q.withdrawal.createdAt.getTime() < since) continue;
    const severe = q.stakes === 0 && q.withdrawal.amount >= q.deposits;
    out.push({
      dedupeKey: `deposit_withdrawal:${q.withdrawal.id}`,
      userId: q.withdrawal.userId,
      alertType: "deposit_withdrawal",
      severity: severe ? "critical" : "high",
      description: `Withdrew ${money(q.withdrawal.amount)} of ${money(q.deposits)} deposited in the previous 24 hours after staking only ${money(q.stakes)}`,
      confidence: null,
      evidence: { withdrawalId: q.withdrawal.id, withdrawal: q.withdrawal.amount, deposits: q.deposits, stakes: q.stakes, windowHours: T.depositWindowMs / 3_600_000 },
    });
  }

  for (const g of found.sharedAddresses) {
    const emails = g.userIds.map((id) => customers.get(id)!.email);
    for (const userId of g.userIds) {
      out.push({
        dedupeKey: `shared_address:${g.ip}:${userId}`,
        userId,
        alertType: "shared_address",
        severity: g.userIds.length >= T.sharedAddressHighAccounts ? "high" : "medium",
        description: `${g.userIds.length} accounts signed in from the address ${g.ip} within ${T.sharedAddressWindowMs / 86_400_000} days`,
        confidence: null,
        evidence: { ip: g.ip, accounts: g.userIds.length, userIds: g.userIds, emails, windowDays: T.sharedAddressWindowMs / 86_400_000 },
      });
    }
  }

  for (const b of found.bonusCashOuts) {
    if (b.withdrawal.createdAt.getTime() < since) continue;
    out.push({
      dedupeKey: `bonus_abuse:${b.withdrawal.id}`,
      userId: b.withdrawal.userId,
      alertType: "bonus_abuse",
      severity: b.confidence >= 80 ? "high" : "medium",
      description: `Withdrew ${money(b.withdrawal.amount)} after a ${money(b.bonus)} bonus with only ${money(b.stakes)} staked (wagering expected ${money(T.bonusWageringMultiple * b.bonus)})`,
      confidence: b.confidence,
      evidence: {
        abuseType: "bonus_withdrawal",
        withdrawalId: b.withdrawal.id,
        withdrawal: b.withdrawal.amount,
        bonus: b.bonus,
        stakes: b.stakes,
        bonusAt: b.firstBonusAt.toISOString(),
        withdrawnAt: b.withdrawal.createdAt.toISOString(),
      },
    });
  }
  return out;
}

// ---- Transaction monitoring --------------------------------------------------------------------

/** A risk score and its reasons for every bet stake and wallet payment inside the scan window. */
export function scoreTransactions(a: FraudActivity, now: Date, found: RuleFindings = applyRules(a, now)): MonitoringCandidate[] {
  const since = now.getTime() - T.scanWindowMs;
  const { customers, bets, payments } = found;
  const spikes = new Map(found.spikes.map((s) => [s.bet.id, s]));
  const inBurst = new Set<string>();
  for (const b of found.bursts) for (const id of b.betIds) inBurst.add(id);
  const shared = new Set(found.sharedAddresses.flatMap((g) => g.userIds));
  const quick = new Map(found.quickCashOuts.map((q) => [q.withdrawal.id, q]));
  const quickByUser = groupBy(found.quickCashOuts, (q) => q.withdrawal.userId);
  const bonusByWithdrawal = new Map(found.bonusCashOuts.map((b) => [b.withdrawal.id, b]));
  const bonusByUser = groupBy(found.bonusCashOuts, (b) => b.withdrawal.userId);
  const isNew = (userId: string, at: Date) => at.getTime() - customers.get(userId)!.createdAt.getTime() < T.newAccountMs;
  const out: MonitoringCandidate[] = [];

  for (const b of bets) {
    if (b.placedAt.getTime() < since) continue;
    let score = 5;
    const reasons: string[] = [];
    const s = spikes.get(b.id);
    if (s) {
      score += Math.min(70, Math.round(s.ratio * 6));
      reasons.push(`Stake ${s.ratio.toFixed(1)}x the customer's median`);
    }
    if (inBurst.has(b.id)) {
      score += 25;
      reasons.push("Part of a rapid betting burst");
    }
    if (b.stake >= T.largeStake) {
      score += 10;
      reasons.push(`Stake of ${money(T.largeStake)} or more`);
    }
    if (isNew(b.userId, b.placedAt)) {
      score += 10;
      reasons.push("Account under 7 days old");
    }
    out.push({ monitoringType: "bet_stake", reference: b.id, userId: b.userId, amount: b.stake, riskScore: clamp(score, 0, 100), reasons, createdAt: b.placedAt });
  }

  for (const p of payments) {
    if (p.createdAt.getTime() < since) continue;
    const reasons: string[] = [];
    let score: number;
    if (p.kind === "deposit") {
      score = 5;
      if (p.amount >= T.largeDeposit) {
        score += 25;
        reasons.push(`Deposit of ${money(T.largeDeposit)} or more`);
      }
      const followed = (quickByUser.get(p.userId) ?? []).some(
        (q) => q.withdrawal.createdAt.getTime() >= p.createdAt.getTime() &&
          q.withdrawal.createdAt.getTime() - p.createdAt.getTime() <= T.depositWindowMs,
      );
      if (followed) {
        score += 40;
        reasons.push("Withdrawn again within 24 hours with little play");
      }
    } else if (p.kind === "withdrawal") {
      score = 10;
      if (quick.has(p.id)) {
        score += 65;
        reasons.push("At least 80% of the last 24 hours' deposits, with stakes under 20% of them");
      }
      if (bonusByWithdrawal.has(p.id)) {
        score += 20;
        reasons.push("Follows a bonus with little play");
      }
    } else {
      score = 10;
      const abused = (bonusByUser.get(p.userId) ?? []).some(
        (b) => p.createdAt.getTime() >= b.firstBonusAt.getTime() &&
          p.createdAt.getTime() <= b.withdrawal.createdAt.getTime(),
      );
      if (abused) {
        score += 65;
        reasons.push("Withdrawn with little play after the bonus");
      }
    }
    if (shared.has(p.userId)) {
      score += 20;
      reasons.push("Account shares an address with other accounts");
    }
    if (isNew(p.userId, p.createdAt)) {
      score += 10;
      reasons.push("Account under 7 days old");
    }
    out.push({
      monitoringType: p.kind === "adjustment" ? "deposit_bonus" : p.kind,
      reference: p.id,
      userId: p.userId,
      amount: p.amount,
      riskScore: clamp(score, 0, 100),
      reasons,
      createdAt: p.createdAt,
    });
  }
  return out;
}

// ---- User risk profiles ------------------------------------------------------------------------

/** Points an unresolved alert adds to its customer's risk score, by severity. */
export const ALERT_POINTS: Record<Severity, number> = { critical: 45, high: 30, medium: 15, low: 5 };
/** Points each resolved alert still adds (history), up to resolvedCap. */
export const RESOLVED_POINTS = 3;
export const RESOLVED_CAP = 15;

/**
 * A score out of 100 per customer: unresolved alerts by severity, some weight for resolved ones,
 * 30% of their riskiest monitored transaction in the last 30 days, a win rate over 65% on 10 or
 * more settled bets (+15) and unverified identity (+10). Level: 75+ critical, 50+ high, 25+ medium.
 */
export function riskProfiles(
  a: FraudActivity,
  alerts: readonly { userId: string; severity: Severity; status: "open" | "investigating" | "resolved"; alertType: AlertType }[],
  monitoring: readonly { userId: string; riskScore: number; createdAt: Date }[],
  now: Date,
): RiskProfileCandidate[] {
  const alertsBy = groupBy(alerts, (x) => x.userId);
  const recent = now.getTime() - 30 * 86_400_000;
  const maxTx = new Map<string, number>();
  for (const m of monitoring)
    if (m.createdAt.getTime() >= recent) maxTx.set(m.userId, Math.max(maxTx.get(m.userId) ?? 0, m.riskScore));
  const betsBy = groupBy(a.bets, (b) => b.userId);

  return a.customers.map((c) => {
    const factors: string[] = [];
    let score = 0;
    const mine = alertsBy.get(c.id) ?? [];
    const openAlerts = mine.filter((x) => x.status !== "resolved");
    for (const x of openAlerts) score += ALERT_POINTS[x.severity];
    if (openAlerts.length > 0)
      factors.push(`${openAlerts.length} unresolved alert${openAlerts.length === 1 ? "" : "s"} (${[...new Set(openAlerts.map((x) => x.alertType))].join(", ")})`);
    const resolved = mine.length - openAlerts.length;
    if (resolved > 0) {
      score += Math.min(RESOLVED_CAP, resolved * RESOLVED_POINTS);
      factors.push(`${resolved} resolved alert${resolved === 1 ? "" : "s"}`);
    }
    const tx = maxTx.get(c.id) ?? 0;
    if (tx > 0) {
      score += Math.round(tx * 0.3);
      if (tx > 40) factors.push(`Riskiest transaction scored ${tx}`);
    }
    const settled = (betsBy.get(c.id) ?? []).filter((b) => b.status === "won" || b.status === "lost");
    if (settled.length >= T.winRateMinSettled) {
      const rate = settled.filter((b) => b.status === "won").length / settled.length;
      if (rate > T.winRateAlert) {
        score += 15;
        factors.push(`Win rate ${Math.round(rate * 100)}% over ${settled.length} settled bets`);
      }
    }
    if (c.verificationLevel !== "full") {
      score += 10;
      factors.push("Identity not fully verified");
    }
    score = clamp(Math.round(score), 0, 100);
    return { userId: c.id, riskLevel: riskLevelFor(score), riskScore: score, factors };
  });
}

// ---- Everything at once ------------------------------------------------------------------------

export interface FraudFindings {
  alerts: AlertCandidate[];
  /** Alerts not already raised (their dedupe key is new). */
  newAlerts: AlertCandidate[];
  monitoring: MonitoringCandidate[];
  profiles: RiskProfileCandidate[];
}

export function runRules(a: FraudActivity, now: Date): FraudFindings {
  const found = applyRules(a, now);
  const alerts = detectAlerts(a, now, found);
  const known = new Set(a.alerts.map((x) => x.dedupeKey));
  const newAlerts = alerts.filter((x) => !known.has(x.dedupeKey));
  const monitoring = scoreTransactions(a, now, found);
  const allAlerts = [...a.alerts, ...newAlerts.map((x) => ({ ...x, status: "open" as const }))];
  const profiles = riskProfiles(a, allAlerts, monitoring, now);
  return { alerts, newAlerts, monitoring, profiles };
}
