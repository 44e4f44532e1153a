/**
 * The live bet ticker of this process, in memory (like the live-odds broadcast): placement calls
 * placed() after its write succeeded; with nobody watching that is one size check and nothing
 * else. With watchers, the notice is queued (placement does not wait) and turned into a ticker
 * item off the request: the customer's stake factor (the sharp flag) and the large-stake threshold
 * are read lazily and cached, then every listener (the stream's broadcasts) gets the item.
 *
 * Nothing is shared between processes: each instance tells its own admins of the bets it placed.
 */
import type { BetTicker, PlacedBetNotice, TickerItem } from "../../domain/ports/bet-ticker.ts";
import { tickerItem } from "../../domain/risk/ticker.ts";

export interface BetTickerOptions {
  /** The customer's stake factor in basis points (10000 = not limited). */
  stakeFactorOf(userId: string): Promise<number>;
  /** Stakes strictly above this many cents are flagged large. */
  largeStakeOver(): Promise<number>;
  /** Milliseconds since the epoch, for the caches. */
  nowMs(): number;
  /** How long a stake factor or the threshold is reused (default 10 s). */
  cacheMs?: number;
  onError?(e: unknown): void;
}

type Listener = (items: TickerItem[]) => void;

export class InMemoryBetTicker implements BetTicker {
  private readonly opts: BetTickerOptions;
  private readonly listeners = new Set<Listener>();
  private readonly factors = new Map<string, { pct: number; at: number }>();
  private threshold: { cents: number; at: number } | null = null;
  /** Items are delivered in placement order. */
  private tail: Promise<void> = Promise.resolve();

  constructor(opts: BetTickerOptions) {
    this.opts = opts;
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  placed(notice: PlacedBetNotice): void {
    if (this.listeners.size === 0) return;
    this.tail = this.tail.then(() => this.deliver(notice)).catch((e) => this.opts.onError?.(e));
  }

  /** The broadcast's source: resolves at once, with the unsubscribe. */
  subscribe(listener: Listener): Promise<() => void> {
    this.listeners.add(listener);
    return Promise.resolve(() => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.factors.clear();
    });
  }

  /** Forget cached stake factors and the threshold (after a trader changes them, and for tests). */
  forget(userId?: string): void {
    if (userId) this.factors.delete(userId);
    else (this.factors.clear(), (this.threshold = null));
  }

  private async deliver(notice: PlacedBetNotice): Promise<void> {
    if (this.listeners.size === 0) return;
    const [pct, over] = await Promise.all([this.factorOf(notice.bet.userId), this.largeStakeOver()]);
    const item = tickerItem(notice, { largeStakeOver: over, stakeFactorBp: pct });
    for (const l of this.listeners) l([item]);
  }

  private get cacheMs(): number {
    return this.opts.cacheMs ?? 10_000;
  }

  private async factorOf(userId: string): Promise<number> {
    const now = this.opts.nowMs();
    const hit = this.factors.get(userId);
    if (hit && now - hit.at < this.cacheMs) return hit.pct;
    const pct = await this.opts.stakeFactorOf(userId);
    if (this.factors.size > 10_000) this.factors.clear();
    this.factors.set(userId, { pct, at: now });
    return pct;
  }

  private async largeStakeOver(): Promise<number> {
    const now = this.opts.nowMs();
    if (this.threshold && now - this.threshold.at < this.cacheMs) return this.threshold.cents;
    const cents = await this.opts.largeStakeOver();
    this.threshold = { cents, at: now };
    return cents;
  }
}
