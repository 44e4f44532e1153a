/** The operator's paged lists and the live bet ticker. */
import { z } from "@hono/zod-openapi";
import { decodeCursor } from "../../domain/shared/cursor.ts";
import { Cents, IsoDate, plain } from "./common.ts";
import { EventStatus, SportCode } from "./events.ts";
import { AdminBet, BetType } from "./bets.ts";

const q = (name: string, description?: string) => ({ param: { name, in: "query" as const }, ...(description ? { description } : {}) });

const Cursor = z
  .string()
  .max(200)
  .refine((s) => decodeCursor(s) !== null, "Not a cursor from a previous page")
  .optional()
  .openapi(q("cursor", "nextCursor of the previous page"));
const Limit = z.coerce.number().int().min(1).max(100).default(25).openapi(q("limit", "Rows per page, 1..100 (default 25)"));
const Search = (name: string, description: string) => plain(z.string().trim().min(1).max(100)).optional().openapi(q(name, description));
const StakeBound = (name: string, description: string) =>
  z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().openapi(q(name, description));

export const AdminEventsQuery = z.object({
  q: Search("q", "Text in the event name, either team or the league (case-insensitive)"),
  sport: SportCode.optional().openapi(q("sport")),
  status: z.enum(["upcoming", "live", "finished", "open", "all"]).default("all").openapi(q("status", "open = upcoming and live; default all")),
  from: z.string().datetime({ offset: true }).optional().openapi(q("from", "Start time at or after (ISO 8601)")),
  to: z.string().datetime({ offset: true }).optional().openapi(q("to", "Start time before (ISO 8601)")),
  limit: Limit,
  cursor: Cursor,
});

export const AdminEventRow = z
  .object({
    id: z.string(),
    name: z.string(),
    sport: SportCode,
    sportName: z.string(),
    league: z.string(),
    homeTeam: z.string(),
    awayTeam: z.string(),
    startTime: IsoDate,
    status: EventStatus,
    minute: z.number().int().nullable(),
    homeScore: z.number().int().nullable(),
    awayScore: z.number().int().nullable(),
    marketCount: z.number().int(),
  })
  .openapi("AdminEventRow");
export type AdminEventRow = z.infer<typeof AdminEventRow>;

const page = <T extends z.ZodTypeAny>(item: T, name: string) =>
  z
    .object({
      items: z.array(item),
      total: z.number().int().openapi({ description: "Rows matching the filter, over all pages" }),
      nextCursor: z.string().nullable().openapi({ description: "Pass as cursor for the next page; null on the last page" }),
    })
    .openapi(name);

export const AdminEventsPage = page(AdminEventRow, "AdminEventsPage");
export type AdminEventsPage = z.infer<typeof AdminEventsPage>;

export const AdminBetsQuery = z.object({
  betId: Search("betId", "A bet id, or its beginning"),
  customer: Search("customer", "Text in the customer's name or email"),
  event: Search("event", "An event id, or text in the name of any leg's event"),
  status: z
    .enum(["all", "pending", "settled", "won", "lost", "void", "cashed_out"])
    .default("all")
    .openapi(q("status", "settled = every status but pending; default all")),
  sport: SportCode.optional().openapi(q("sport", "Bets with a leg in this sport")),
  betType: BetType.optional().openapi(q("betType")),
  minStake: StakeBound("minStake", "Stake at least (cents)"),
  maxStake: StakeBound("maxStake", "Stake at most (cents)"),
  limit: Limit,
  cursor: Cursor,
});

export const AdminBetsPage = page(AdminBet, "AdminBetsPage");
export type AdminBetsPage = z.infer<typeof AdminBetsPage>;

export const BetTickerQuery = z.object({
  large: z.enum(["0", "1"]).default("0").openapi(q("large", "1: large stakes only")),
  sharp: z.enum(["0", "1"]).default("0").openapi(q("sharp", "1: sharp customers only")),
});

export const TickerItem = z
  .object({
    betId: z.string(),
    placedAt: IsoDate,
    customerId: z.string(),
    customerName: z.string(),
    customerEmail: z.string(),
    betType: BetType,
    selections: z.array(
      z.object({ eventId: z.string(), eventName: z.string(), marketName: z.string(), selectionName: z.string(), odds: z.string() }),
    ),
    stake: Cents,
    odds: z.string(),
    potentialReturn: Cents,
    flags: z.object({
      largeStake: z.boolean().openapi({ description: "Stake over risk_settings.ticker_large_stake (default 500.00)" }),
      sharp: z.boolean().openapi({ description: "A trader cut the customer's stake factor below 100 %" }),
    }),
  })
  .openapi("TickerItem");
export type TickerItem = z.infer<typeof TickerItem>;
