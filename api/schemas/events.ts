import { z } from "@hono/zod-openapi";
import { Cents, IsoDate, OddsString } from "./common.ts";
import { SettleOverride } from "./settle-override.ts";

export const SportCode = z.enum([
  "soccer", "basketball", "tennis", "nfl", "hockey", "mlb", "afl", "nrl", "golf", "cricket", "racing",
]);
export type SportCode = z.infer<typeof SportCode>;
export const EventStatus = z.enum(["upcoming", "live", "finished"]);
export type EventStatus = z.infer<typeof EventStatus>;
export const MarketType = z.enum(["full_time_result", "over_under", "handicap", "both_teams_score", "correct_score"]);
export const MarketStatus = z.enum(["open", "suspended", "closed"]);
export const MarketSuspendedReason = z
  .enum(["price_too_short"])
  .openapi({ description: "Why the book took a suspended market down: price_too_short = a price would be 1.02 or shorter (it reopens when the price lengthens)" });

export const Outcome = z
  .object({
    id: z.string(),
    name: z.string(),
    odds: OddsString,
    result: z.enum(["won", "lost", "void"]).optional().openapi({ description: "Set once the match has decided this outcome (closed markets)" }),
    withdrawn: z.boolean().optional().openapi({ description: "Rule 4: the runner was withdrawn (shown struck through; bets on it are void)" }),
  })
  .openapi("Outcome");
export type Outcome = z.infer<typeof Outcome>;
export const Market = z
  .object({
    id: z.string(),
    type: MarketType,
    name: z.string(),
    status: MarketStatus.openapi({ description: "suspended also while the event is suspended (a score change, a race running, past its start)" }),
    suspendedReason: MarketSuspendedReason.optional(),
    line: z.number().nullable().openapi({ description: "An over/under's total or the home side's handicap" }),
    eachWay: z
      .object({ fractionNum: z.number().int(), fractionDen: z.number().int(), places: z.number().int() })
      .optional()
      .openapi({ description: "Each-way place terms (racing): the place odds fraction and the places paid; absent = win only" }),
    reopensAt: IsoDate.optional().openapi({
      description: "A race re-formed after a non-runner: suspended (status) until this time, then open at the re-formed prices and terms shown",
    }),
    outcomes: z.array(Outcome).openapi({ description: "Outcomes the match has already decided are left out of open markets" }),
  })
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
    clock: z.string().nullable().openapi({ description: "The match clock as shown: 67', HT, Q3 04:12, Set 2 · 4-3, FT" }),
    suspended: z.boolean().openapi({ description: "No bets now: a score change is being priced, a race is running, or it is past its start" }),
    inPlayDelaySeconds: z.number().int().openapi({ description: "How long an in-play bet on this event waits before it is accepted" }),
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
    marketSuspendedReason: MarketSuspendedReason.optional(),
    clock: z.string().nullable(),
    suspended: z.boolean().openapi({ description: "No bets on any market of the event now (a score change being priced, a race running)" }),
    odds: z.object({ home: OddsString, draw: OddsString.nullable(), away: OddsString }),
    outcomes: z.array(Outcome),
  })
  .openapi("LiveOddsItem");
export type LiveOddsItem = z.infer<typeof LiveOddsItem>;

const Score = z.number().int().min(0).max(10_000);
export const EventPatchBody = z
  .object({
    status: EventStatus.optional(),
    homeScore: Score.optional(),
    awayScore: Score.optional(),
    startTime: z
      .string()
      .refine((t) => /^\d{4}-\d{2}-\d{2}T/.test(t) && !Number.isNaN(Date.parse(t)), { message: "An ISO date and time" })
      .optional()
      .openapi({ format: "date-time", description: "A new start time (an upcoming event only)" }),
    override: SettleOverride.optional().openapi({
      description: "Finishing the event, or entering its final score, before its start time: required then (409 SETTLE.EVENT_NOT_FINISHED without it), audited",
    }),
  })
  .strict()
  .refine((b) => Object.keys(b).some((k) => k !== "override"), { message: "Give at least one of status, homeScore, awayScore, startTime", path: ["status"] })
  .refine((b) => (b.homeScore === undefined) === (b.awayScore === undefined), { message: "Give homeScore and awayScore together", path: ["awayScore"] })
  .openapi("EventPatch");
