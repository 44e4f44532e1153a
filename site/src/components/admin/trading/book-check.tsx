/**
 * The live book (overround) of a market's prices as the trader types them, with the price-sanity
 * range of domain/trading/price-sanity.ts: outside it, a warning and a reason field; the reason
 * (10+ characters) is sent as confirm.reason and audited by the server.
 */
import { Callout, Flex, Text, TextField } from "@radix-ui/themes";
import {
  bookLabel, bookPercent, CONFIRM_REASON_MIN, inBookRange, OVERROUND_CEILING_PERCENT, OVERROUND_FLOOR_PERCENT,
} from "../../../../../domain/trading/price-sanity.ts";
import { parseOdds } from "../../../../../domain/shared/odds.ts";

/** The exact book of the given decimal price strings, or null while one of them is not a price (bookLabel shows it). */
export function bookOf(prices: readonly string[]): number | null {
  const milli = prices.map((p) => parseOdds(p.trim()));
  if (milli.length < 2 || milli.some((m) => m === null)) return null;
  return bookPercent(milli as number[]);
}

/** True when the book needs a reason and the reason is still too short. */
export const needsReason = (book: number | null, reason: string): boolean =>
  book !== null && !inBookRange(book) && reason.trim().length < CONFIRM_REASON_MIN;

export function BookCheck({ book, reason, onReason, idPrefix }: { book: number | null; reason: string; onReason: (r: string) => void; idPrefix: string }) {
  if (book === null) return null;
  const out = !inBookRange(book);
  return (
    <Flex direction="column" gap="2" data-testid={`${idPrefix}-book`}>
      <Text size="2" weight="medium" color={out ? "red" : "gray"} data-testid={`${idPrefix}-overround`}>
        Book {bookLabel(book)} %
      </Text>
      {out && (
        <>
          <Callout.Root color="amber" size="1" role="alert">
            <Callout.Text>
              {book < OVERROUND_FLOOR_PERCENT
                ? `Under ${OVERROUND_FLOOR_PERCENT} %: the book loses whatever the result.`
                : `Over ${OVERROUND_CEILING_PERCENT} %: these prices are far worse than fair.`}{" "}
              Give a reason to proceed (audited).
            </Callout.Text>
          </Callout.Root>
          <TextField.Root
            aria-label="Reason for these prices"
            placeholder={`Reason (at least ${CONFIRM_REASON_MIN} characters)`}
            maxLength={500}
            value={reason}
            onChange={(e) => onReason(e.target.value)}
            data-testid={`${idPrefix}-reason`}
          />
        </>
      )}
    </Flex>
  );
}
