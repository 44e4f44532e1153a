/** The live bet ticker's hook, told of each bet after its placement write succeeded. */
import type { BetRecord, BetType, User } from "../shared/types.ts";
import type { AccountKind } from "./account-kinds.ts";

/** What placement tells the ticker of a bet it has written (what it already holds: no extra read). */
export interface PlacedBetNotice {
  bet: Pick<BetRecord, "id" | "userId" | "betType" | "stake" | "totalOddsMilli" | "potentialReturn" | "placedAt">;
  legs: Pick<BetRecord["legs"][number], "eventId" | "eventName" | "marketName" | "selectionName" | "oddsMilli">[];
  customer: Pick<User, "firstName" | "lastName" | "email" | "isDemo" | "isSample">;
}

/** One line of the admin ticker (domain/risk/ticker.ts builds it from a notice). */
export interface TickerItem {
  betId: string;
  placedAt: string;
  customerId: string;
  customerName: string;
  customerEmail: string;
  betType: BetType;
  selections: { eventId: string; eventName: string; marketName: string; selectionName: string; odds: string }[];
  stake: number;
  odds: string;
  potentialReturn: number;
  flags: { largeStake: boolean; sharp: boolean };
  /** A demo customer's bet (play money): shown to demo staff only. */
  demo: boolean;
  /** Whose bet, for the watchers' reach (domain/shared/reach.ts). */
  customerKind: AccountKind;
}

/** The live bet ticker: must return at once and never throw (it runs after the write, on the request). */
export interface BetTicker {
  placed(notice: PlacedBetNotice): void;
  /** The feed the admin stream reads: each batch of ticker items in placement order; resolves with the unsubscribe. */
  subscribe(listener: (items: TickerItem[]) => void): Promise<() => void>;
}
