/**
 * One price: a button that adds the outcome to the slip. It flashes green/red when the price moves
 * up/down, shows as pressed while the outcome is in the slip, and is disabled for suspended or
 * closed markets: it then reads "Suspended" / "Closed" instead of a price, and says so to a screen reader.
 */
import { useEffect, useRef, useState } from "react";
import { oddsToMilli } from "../../lib/format.ts";
import { usePrice } from "../odds-format.tsx";
import { useSlip } from "./slip-state.tsx";

export interface PriceTarget {
  eventId: string;
  eventName: string;
  marketId: string;
  marketName: string;
  outcomeId: string;
  selectionName: string;
  /** Decimal odds string as the API sends it ("1.85"). */
  odds: string;
}

export function PriceButton({
  target,
  status = "open",
  label,
  layout = "stack",
}: {
  target: PriceTarget;
  /** The market's status: only open markets can be bet on. */
  status?: "open" | "suspended" | "closed";
  /** Short label shown above the price (defaults to the selection name). */
  label?: string;
  layout?: "stack" | "row";
}) {
  const { add, selectedOutcomes } = useSlip();
  const milli = oddsToMilli(target.odds);
  const shown = usePrice()(milli);
  const selected = selectedOutcomes.has(target.outcomeId);
  const disabled = status !== "open";

  const prev = useRef(milli);
  const [flash, setFlash] = useState<{ dir: "up" | "down"; n: number } | null>(null);
  useEffect(() => {
    if (milli === prev.current) return;
    const dir = milli > prev.current ? "up" : "down";
    prev.current = milli;
    setFlash((f) => ({ dir, n: (f?.n ?? 0) + 1 }));
    const t = window.setTimeout(() => setFlash(null), 1600);
    return () => window.clearTimeout(t);
  }, [milli]);

  const classes = ["sb-price", `sb-price--${layout}`];
  if (selected) classes.push("sb-price--selected");
  // Two identical animations per direction, alternated, so a second move in a row restarts the flash.
  if (flash) classes.push(`sb-price--${flash.dir}`, `sb-price--${flash.dir}-${flash.n % 2}`);

  return (
    <button
      type="button"
      className={classes.join(" ")}
      data-testid={`price-${target.outcomeId}`}
      aria-pressed={selected}
      disabled={disabled}
      title={disabled ? `${target.selectionName}: ${status === "suspended" ? "suspended" : "closed"}, no bets now` : selected ? "In your bet slip" : `Add ${target.selectionName} @ ${shown}`}
      onClick={() =>
        add({
          id: target.outcomeId,
          eventId: target.eventId,
          marketId: target.marketId,
          outcomeId: target.outcomeId,
          eventName: target.eventName,
          marketName: target.marketName,
          selectionName: target.selectionName,
          oddsMilli: milli,
        })
      }
    >
      {/* The accessible name is the content: the visible label and price (or "Suspended"), plus the
          selection's full name when the label is short: "1 Liverpool @ 2.10", "1 Liverpool: Suspended, no bets now". */}
      <span className="sb-price__label">{label ?? target.selectionName}</span>
      {label !== undefined && label !== target.selectionName && <span className="sb-visually-hidden"> {target.selectionName}</span>}
      <span className="sb-visually-hidden">{disabled ? ": " : " @ "}</span>
      <span className="sb-price__odds">
        {disabled ? (
          <>
            {status === "suspended" ? "Suspended" : "Closed"}
            <span className="sb-visually-hidden">, no bets now</span>
          </>
        ) : (
          <span data-odds="">{shown}</span>
        )}
        {flash && !disabled && (
          <span className="sb-price__arrow" aria-hidden="true">
            {flash.dir === "up" ? "▲" : "▼"}
          </span>
        )}
      </span>
    </button>
  );
}
