/** Events, markets and outcomes in memory: listings, priced outcomes, volumes, forward-only status. */
import type { EventListStatus, EventUpdate, Events } from "../../domain/ports/index.ts";
import type { AuditEntry, EventStatus, EventView, PricedOutcome, SportCode } from "../../domain/shared/types.ts";
import type { EventRow } from "./rows.ts";
import type { MemoryDatabase } from "./store.ts";

const cmp = (a: number | string, b: number | string): number => (a < b ? -1 : a > b ? 1 : 0);
const RANK_OPEN: Record<EventStatus, number> = { live: 0, upcoming: 1, finished: 1 };
const RANK_ALL: Record<EventStatus, number> = { live: 0, upcoming: 1, finished: 2 };

/** The listing orders of the port: by start (finished: latest first), ties by id. */
const ORDER: Record<EventListStatus, (a: EventRow, b: EventRow) => number> = {
  upcoming: (a, b) => cmp(a.startTime, b.startTime) || cmp(a.id, b.id),
  live: (a, b) => cmp(a.startTime, b.startTime) || cmp(a.id, b.id),
  finished: (a, b) => cmp(b.startTime, a.startTime) || cmp(a.id, b.id),
  open: (a, b) => cmp(RANK_OPEN[a.status], RANK_OPEN[b.status]) || cmp(a.startTime, b.startTime) || cmp(a.id, b.id),
  all: (a, b) => cmp(RANK_ALL[a.status], RANK_ALL[b.status]) || cmp(a.startTime, b.startTime) || cmp(a.id, b.id),
};

/** A backward or repeated move (the events_status_forward trigger). */
const refusedMove = (from: EventStatus, to: EventStatus): boolean =>
  to === from || from === "finished" || (from === "live" && to === "upcoming");

export class MemoryEvents implements Events {
  private readonly db: MemoryDatabase;
  constructor(db: MemoryDatabase) {
    this.db = db;
  }

  async list(filter: { status: EventListStatus; limit: number; sport?: SportCode }): Promise<EventView[]> {
    return this.db.read((t) => {
      const rows = [...t.events.values()]
        .filter((e) =>
          filter.status === "all" ? true : filter.status === "open" ? e.status !== "finished" : e.status === filter.status,
        )
        .filter((e) => !filter.sport || e.sport === filter.sport)
        .sort(ORDER[filter.status]);
      return (filter.limit < 0 ? rows : rows.slice(0, filter.limit)).map((e) => t.toEventView(e));
    });
  }

  async findById(id: string): Promise<EventView | null> {
    return this.db.read((t) => {
      const e = t.events.get(id);
      return e ? t.toEventView(e) : null;
    });
  }

  async pricedOutcomes(outcomeIds: readonly string[]): Promise<PricedOutcome[]> {
    return this.db.read((t) =>
      [...new Set(outcomeIds)].flatMap((id) => {
        const o = t.outcomes.get(id);
        const m = o && t.markets.get(o.marketId);
        const e = m && t.events.get(m.eventId);
        if (!o || !m || !e) return [];
        return [{
          outcomeId: o.id,
          outcomeName: o.name,
          priceMilli: o.priceMilli,
          marketId: m.id,
          marketName: m.name,
          marketStatus: m.status,
          eventId: e.id,
          eventName: e.name,
          eventStatus: e.status,
          sport: e.sport,
          eventStartTime: new Date(e.startTime),
          eventSuspendedUntil: e.suspendedUntil ? new Date(e.suspendedUntil) : null,
          outcomeResult: o.result ?? null,
          // The memory store keeps no each-way terms (no market in it offers each way), and re-forms no race.
          eachWay: null,
          marketReformedAt: null,
          outcomeUpdatedAt: new Date(o.updatedAt),
        }];
      }),
    );
  }

  /** Each bet's stake counts once for every event it has a leg on. */
  async volumes(eventIds: readonly string[]): Promise<Map<string, number>> {
    return this.db.read((t) => {
      const wanted = new Set(eventIds);
      const out = new Map<string, number>();
      const counted = new Set<string>();
      for (const l of t.legs.values()) {
        const pair = JSON.stringify([l.eventId, l.betId]);
        if (!wanted.has(l.eventId) || counted.has(pair)) continue;
        counted.add(pair);
        out.set(l.eventId, (out.get(l.eventId) ?? 0) + t.bets.get(l.betId)!.stake);
      }
      return out;
    });
  }

  /**
   * Status, clock, score and audit record in one write. A backward or repeated move, or an
   * unknown event, changes nothing and returns false. Finishing closes all the event's markets.
   */
  async changeStatus(
    change: { eventId: string; to: EventStatus; at: Date; minute: number | null; homeScore: number | null; awayScore: number | null },
    audit: AuditEntry,
  ): Promise<boolean> {
    return this.db.write((t) => {
      const event = t.events.get(change.eventId);
      if (!event || refusedMove(event.status, change.to)) return false;
      const at = change.at.getTime();
      Object.assign(event, {
        status: change.to,
        minute: change.minute,
        homeScore: change.homeScore,
        awayScore: change.awayScore,
        updatedAt: at,
      });
      if (change.to === "finished")
        for (const m of t.markets.values())
          if (m.eventId === event.id && m.status !== "closed") Object.assign(m, { status: "closed", updatedAt: at });
      t.insertAudit(audit);
      return true;
    });
  }

  /** Status, score, start, state, outcome results and market closings with the audit record, as one write. */
  async update(change: EventUpdate, audit: AuditEntry): Promise<boolean> {
    return this.db.write((t) => {
      const event = t.events.get(change.eventId);
      if (!event || event.status !== change.fromStatus) return false;
      if (change.status && change.status !== event.status && refusedMove(event.status, change.status)) return false;
      const at = change.at.getTime();
      if (change.startTime) event.startTime = change.startTime.getTime();
      if (change.homeScore !== undefined) event.homeScore = change.homeScore;
      if (change.awayScore !== undefined) event.awayScore = change.awayScore;
      if (change.minute !== undefined) event.minute = change.minute;
      if (change.suspendedUntil !== undefined) event.suspendedUntil = change.suspendedUntil ? change.suspendedUntil.getTime() : null;
      event.updatedAt = at;
      for (const r of change.outcomeResults) {
        const o = t.outcomes.get(r.outcomeId);
        if (o && t.markets.get(o.marketId)?.eventId === event.id) Object.assign(o, { result: r.result, updatedAt: at });
      }
      for (const id of change.reopenMarkets) {
        const m = t.markets.get(id);
        if (m && m.eventId === event.id && m.status === "closed") Object.assign(m, { status: "open", updatedAt: at });
      }
      const closing = new Set(change.closeMarkets);
      if (change.status === "finished") for (const m of t.markets.values()) if (m.eventId === event.id) closing.add(m.id);
      for (const id of closing) {
        const m = t.markets.get(id);
        if (m && m.eventId === event.id && m.status !== "closed") Object.assign(m, { status: "closed", updatedAt: at });
      }
      if (change.status) event.status = change.status;
      t.insertAudit(audit);
      return true;
    });
  }

  async counts(): Promise<Record<EventStatus, number>> {
    return this.db.read((t) => {
      const out: Record<EventStatus, number> = { upcoming: 0, live: 0, finished: 0 };
      for (const e of t.events.values()) out[e.status] += 1;
      return out;
    });
  }
}
