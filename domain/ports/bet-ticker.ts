/** The live bet ticker's hook, told of each bet after its placement write succeeded. */
import type { BetRecord, User } from "../shared/types.ts";
import type { TickerItem } from "../risk/ticker.ts";

/** What placement tells the ticker of a bet it has written (what it already holds: no extra read). */
export interface PlacedBetNotice {
  bet: Pick<BetRecord, "id" | "userId" | "betType" | "stake" | "totalOddsMilli" | "potentialReturn" | "placedAt">;
  legs: Pick<BetRecord["legs"][number], "eventId" | "eventName" | "marketName" | "selectionName" | "oddsMilli">[];
  customer: Pick<User, "firstName" | "lastName" | "email" | "isDemo" | "isSample">;
}

/** The live bet ticker: must return at once and never throw (it runs after the write, on the request). */
export interface BetTicker {
  placed(notice: PlacedBetNotice): void;
  /** The feed the admin stream reads: each batch of ticker items in placement order; resolves with the unsubscribe. */
  subscribe(listener: (items: TickerItem[]) => void): Promise<() => void>;
}
