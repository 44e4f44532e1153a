/**
 * GET /api/live-odds is the hottest read (every open betting page polls it every 3 s), so the
 * serialised body and its ETag are built once and reused while they are younger than `maxAgeMs`
 * (LIVE_ODDS_CACHE_MS, 500 ms by default in production; 0 = rebuild on every request). Concurrent
 * requests share one rebuild. Every instance builds its own copy from the database, so several
 * instances agree within maxAgeMs and no state needs sharing.
 */
import type { Ports } from "../domain/ports/index.ts";
import type { Clock } from "../domain/shared/clock.ts";
import { presentLiveOdds } from "./presenters.ts";
import type { LiveOddsItem } from "./schemas/events.ts";

export interface LiveOddsBody {
  body: string;
  etag: string;
  builtAt: number;
}

async function etagOf(body: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-1", new TextEncoder().encode(body)));
  return `W/"${Array.from(digest.slice(0, 12), (b) => b.toString(16).padStart(2, "0")).join("")}"`;
}

export class LiveOddsSnapshot {
  private current: LiveOddsBody | null = null;
  private building: Promise<LiveOddsBody> | null = null;
  private readonly ports: Ports;
  private readonly clock: Clock;
  private readonly maxAgeMs: number;

  constructor(ports: Ports, clock: Clock, maxAgeMs: number) {
    this.ports = ports;
    this.clock = clock;
    this.maxAgeMs = maxAgeMs;
  }

  async get(): Promise<LiveOddsBody> {
    const now = this.clock.now().getTime();
    if (this.current && this.maxAgeMs > 0 && now - this.current.builtAt < this.maxAgeMs) return this.current;
    if (!this.building) {
      this.building = this.build(now).finally(() => {
        this.building = null;
      });
    }
    return await this.building;
  }

  private async build(now: number): Promise<LiveOddsBody> {
    const live = await this.ports.events.list({ status: "live", limit: 100 });
    const volumes = await this.ports.events.volumes(live.map((e) => e.id));
    const items = live.map((e) => presentLiveOdds(e, volumes.get(e.id) ?? 0)).filter((x): x is LiveOddsItem => x !== null);
    const body = JSON.stringify(items);
    this.current = { body, etag: await etagOf(body), builtAt: now };
    return this.current;
  }
}

/** Whether an If-None-Match header matches the ETag (weak comparison, lists and `*` allowed). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const strip = (t: string) => t.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((t) => strip(t) === strip(etag));
}
