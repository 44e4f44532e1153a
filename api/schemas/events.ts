import { z } from "@hono/zod-openapi";
import { Cents, IsoDate, OddsString } from "./common.ts";

export const SportCode = z.enum([
  "soccer", "basketball", "tennis", "nfl", "hockey", "mlb", "afl", "nrl", "golf", "cricket", "racing",
]);
export type SportCode = z.infer<typeof SportCode>;
export const EventStatus = z.enum(["upcoming", "live", "finished"]);
export type EventStatus = z.infer<typeof EventStatus>;
export const MarketType = z.enum(["full_time_result", "over_under", "handicap", "both_teams_score", "correct_score"]);
export const MarketStatus = z.enum(["open", "suspended", "closed"]);

export const Outcome = z.object({ id: z.string(), name: z.string(), odds: OddsString }).openapi("Outcome");
export type Outcome = z.infer<typeof Outcome>;
export const Market = z
  .object({ id: z.string(), type: MarketType, name: z.string(), status: MarketStatus, outcomes: z.array(Outcome) })
  .openapi("Market");
export type Market = z.infer<typeof Market>;

export const Event = z
  .object({
    id: z.string(),
    sport: SportCode,
    sportName: z.string(),
    league: z.string(),
    homeTeam: z.string(),
    awayTeam: z.string(),
    name: z.string().openapi({ description: "'Home vs Away', or the race name" }),
    description: z.string(),
    startTime: IsoDate,
    status: EventStatus,
    minute: z.number().int().nullable(),
    homeScore: z.number().int().nullable(),
    awayScore: z.number().int().nullable(),
    featured: z.boolean(),
    markets: z.array(Market),
  })
  .openapi("Event");
export type Event = z.infer<typeof Event>;

export const EventsQuery = z.object({
  status: z
    .enum(["upcoming", "live", "finished", "open", "all"])
    .default("upcoming")
    .openapi({ description: "open = upcoming and live", param: { name: "status", in: "query" } }),
  limit: z.coerce.number().int().min(1).max(200).default(50).openapi({ param: { name: "limit", in: "query" } }),
  sport: SportCode.optional().openapi({ param: { name: "sport", in: "query" } }),
});

export const LiveOddsItem = z
  .object({
    id: z.string(),
    sport: SportCode,
    sportName: z.string(),
    league: z.string(),
    homeTeam: z.string(),
    awayTeam: z.string(),
    name: z.string(),
    startTime: IsoDate,
    status: EventStatus,
    minute: z.number().int().nullable(),
    homeScore: z.number().int().nullable(),
    awayScore: z.number().int().nullable(),
    volume: Cents.openapi({ description: "Total stakes taken on this event, cents" }),
    lastUpdate: IsoDate,
    marketId: z.string().openapi({ description: "The match-winner (full_time_result) market" }),
    marketName: z.string(),
    marketStatus: MarketStatus,
    odds: z.object({ home: OddsString, draw: OddsString.nullable(), away: OddsString }),
    outcomes: z.array(Outcome),
  })
  .openapi("LiveOddsItem");
export type LiveOddsItem = z.infer<typeof LiveOddsItem>;

export const EventPatchBody = z.object({ status: EventStatus }).strict().openapi("EventPatch");
