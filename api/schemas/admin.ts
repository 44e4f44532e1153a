import { z } from "@hono/zod-openapi";
import { Cents, IsoDate } from "./common.ts";

export const DashboardStats = z
  .object({
    totalBets: z.number().int(),
    pendingBets: z.number().int(),
    wonBets: z.number().int(),
    lostBets: z.number().int(),
    voidBets: z.number().int(),
    totalStaked: Cents,
    totalReturned: Cents.openapi({ description: "Paid back to customers on settled bets" }),
    grossRevenue: Cents.openapi({ description: "Stakes of settled bets minus returns" }),
    grossHoldPercent: z.number().openapi({ description: "grossRevenue / stakes of settled bets, percent (domain/risk/pnl.ts)" }),
    potentialPayout: Cents.openapi({ description: "Paid out if every pending bet wins, each bet once (docs/money.md Liability); = risk and trading totalPayout" }),
    openLiability: Cents.openapi({ description: "Deprecated name of potentialPayout (the same figure): it is a payout, not the liability" }),
    totalExposure: Cents.openapi({ description: "Sum over markets of the worst-case outcome payout; = trading and risk totalExposure" }),
    totalLiability: Cents.openapi({
      description: "Sum of the market liabilities, each market at its worst outcome: the running totals placement enforces; = trading and risk totalLiability",
    }),
    tightestEvent: z
      .object({ eventId: z.string(), eventName: z.string(), liability: Cents, limit: Cents, limitUsage: z.number() })
      .nullable()
      .openapi({ description: "The event nearest its own liability limit (sum of its markets' worst outcomes against the event limit), as the desk shows it" }),
    activeCustomers: z.number().int(),
    liveEvents: z.number().int(),
    upcomingEvents: z.number().int(),
    finishedEvents: z.number().int(),
    settlementRate: z.number().openapi({ description: "Settled bets / all bets, 0..1" }),
  })
  .openapi("DashboardStats");
export type DashboardStats = z.infer<typeof DashboardStats>;

export const Health = z
  .object({
    status: z.enum(["ok", "degraded"]),
    database: z.object({ ok: z.boolean(), kind: z.enum(["file", "memory", "remote"]), roundTripMs: z.number() }),
    feed: z.object({
      running: z.boolean(),
      lastTickAt: IsoDate.nullable(),
      leader: z.boolean().openapi({ description: "Whether this instance moves the prices (holds the feed lease)" }),
    }),
    fantasyRunner: z.object({
      running: z.boolean(),
      lastPassAt: IsoDate.nullable(),
      leader: z.boolean().openapi({ description: "Whether this instance runs the contest lifecycle (holds the fantasy runner's lease)" }),
    }),
    demoMode: z.boolean(),
    uptimeSeconds: z.number(),
    version: z.string(),
  })
  .openapi("Health");
export type Health = z.infer<typeof Health>;
