/**
 * The slip's selections: each leg with its market and event, its price (and the price it had when
 * added, if it moved), whether it can be placed now (suspended, or no longer available and why), a
 * leg from the same event as another in a plain multiple marked, and its remove button.
 */
import { Flex, IconButton, Text } from "@radix-ui/themes";
import type { ReactNode } from "react";
import type { SlipSelection } from "../../../../domain/betting/slip.ts";
import type { LegState } from "../../lib/live-book.ts";

export function SlipLegs({
  selections,
  changed,
  conflicting,
  states,
  price,
  onRemove,
  busy,
  legExtra,
}: {
  selections: readonly SlipSelection[];
  /** Selection id -> the odds it had when added, for legs whose price moved. */
  changed: Record<string, number>;
  /** Event ids holding two legs of a plain multiple. */
  conflicting: readonly string[];
  states: Record<string, LegState>;
  price: (milli: number) => string;
  onRemove: (s: SlipSelection) => void;
  busy: boolean;
  /** Shown under the first leg (the each-way choice of a single). */
  legExtra?: ReactNode;
}) {
  return (
    <ul className="sb-slip__list">
      {selections.map((s, i) => {
        const was = changed[s.id];
        const conflict = conflicting.includes(s.eventId);
        const leg = states[s.id];
        const blocked = leg !== undefined && leg.kind !== "open";
        return (
          <li
            key={s.id}
            className={`sb-slip__row ${was !== undefined ? "sb-slip__row--changed" : ""} ${conflict ? "sb-slip__row--conflict" : ""} ${blocked ? "sb-slip__row--blocked" : ""}`}
            data-testid="slip-selection"
            data-state={leg?.kind ?? "open"}
          >
            <div className="sb-slip__info">
              <Text as="div" size="2" weight="bold">
                {s.selectionName}
              </Text>
              <Text as="div" size="1" color="gray">
                {s.marketName}
              </Text>
              <Text as="div" size="1" color="gray" className="sb-ellipsis">
                {s.eventName}
              </Text>
              {blocked && (
                <Text
                  as="div"
                  size="1"
                  weight="medium"
                  className={`sb-slip__leg-state ${leg.kind === "gone" ? "sb-slip__leg-state--gone" : ""}`}
                  data-testid="slip-leg-state"
                >
                  {leg.kind === "suspended" ? "Suspended" : "No longer available"}: {leg.reason}
                </Text>
              )}
              {i === 0 && legExtra}
              {was !== undefined && (
                <Text as="div" size="1" className={s.oddsMilli > was ? "sb-up" : "sb-down"} data-testid="odds-changed">
                  Odds changed: {price(was)} → {price(s.oddsMilli)}
                </Text>
              )}
            </div>
            <Flex direction="column" align="end" gap="1">
              <Text size="3" weight="bold" className="sb-slip__odds" data-testid="slip-odds" data-odds="">
                {price(s.oddsMilli)}
              </Text>
              <IconButton size="1" variant="ghost" color="gray" aria-label={`Remove ${s.selectionName}`} onClick={() => onRemove(s)} disabled={busy}>
                ✕
              </IconButton>
            </Flex>
          </li>
        );
      })}
    </ul>
  );
}
