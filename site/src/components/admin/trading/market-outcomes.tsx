/**
 * Create New Market's outcomes: the market types in words, the outcomes each type has (derived from
 * the event and the line in the market's name), and the "Outcomes and prices" fieldset (2 to 20
 * rows, each a name and a decimal price) with the book check.
 */
import { Button, Flex, IconButton, Text, TextField } from "@radix-ui/themes";
import type { Dispatch, SetStateAction } from "react";
import { CloseIcon, PlusIcon } from "../icons.tsx";
import { BookCheck, type bookOf } from "./book-check.tsx";
import type { Event } from "../../../../../api/schemas/events.ts";
import { defaultOutcomeNames, lineInName } from "../../../../../domain/markets/market-shape.ts";

export const MARKET_TYPES = [
  { value: "full_time_result", label: "Full Time Result" },
  { value: "over_under", label: "Over / Under" },
  { value: "handicap", label: "Handicap" },
  { value: "both_teams_score", label: "Both Teams to Score" },
  { value: "correct_score", label: "Correct Score" },
] as const;
export type MarketType = (typeof MARKET_TYPES)[number]["value"];

/** The event fields the dialog derives outcome names from. */
export type OutcomeEvent = Pick<Event, "sport" | "homeTeam" | "awayTeam" | "markets">;

/** Whether the event's result has a draw: as its own result market has, else yes (soccer's default). */
function drawFor(event: OutcomeEvent | undefined): boolean {
  const result = event?.markets.find((m) => m.type === "full_time_result");
  return result ? result.outcomes.some((o) => o.name.trim().toLowerCase() === "draw") : true;
}

/**
 * The outcome rows the form fills in for a type, the chosen event and the market's name: the names
 * the server's rule expects (domain/markets/market-shape.ts), at the line written in the name
 * ("Over/Under 6.5" gives Over 6.5 / Under 6.5), with the prices typed so far kept by position. A
 * race's result is its runners and a line market without a line in its name has no names yet: blank rows.
 */
export function derivedOutcomes(type: MarketType | "", event: OutcomeEvent | undefined, name: string, previous: readonly OutcomeDraft[]): OutcomeDraft[] {
  const sides = event ?? { sport: "soccer" as const, homeTeam: "Home", awayTeam: "Away" };
  const names =
    !type || (type === "full_time_result" && sides.sport === "racing") ? null : defaultOutcomeNames(type, sides, name, drawFor(event));
  const rows = names ?? (previous.length >= 2 && !type ? previous.map((o) => o.name) : ["", ""]);
  return rows.map((n, i) => ({ name: n, odds: rows.length === previous.length ? (previous[i]?.odds ?? "") : "" }));
}

/** Why the form has no outcome names yet, when the type needs a line and the name has none. */
export function lineHint(type: MarketType | "", name: string): string | null {
  if (type !== "over_under" && type !== "handicap") return null;
  if (lineInName(name) !== null) return null;
  return type === "over_under"
    ? "Write the line in the market name (e.g. Over/Under 2.5) and the outcomes follow it."
    : "Write the home side's line in the market name (e.g. Asian Handicap -1.5) and the outcomes follow it.";
}

/** A price as typed on the create form: up to 4 digits and 3 decimals (the server checks the range). */
export const MARKET_ODDS_RE = /^\d{1,4}(\.\d{1,3})?$/;

export type OutcomeDraft = { name: string; odds: string };

export function OutcomesFieldset({
  outcomes,
  setOutcomes,
  onTouched,
  onRederive,
  hint,
  book,
  reason,
  setReason,
  badOdds,
}: {
  outcomes: OutcomeDraft[];
  setOutcomes: Dispatch<SetStateAction<OutcomeDraft[]>>;
  /** The outcomes were edited by hand: a change of type, event or name no longer replaces them. */
  onTouched: () => void;
  /** Go back to the names derived from the type (shown once the operator has edited them). */
  onRederive?: () => void;
  /** Why there are no names yet (a line market without its line in the name). */
  hint?: string | null;
  book: ReturnType<typeof bookOf>;
  reason: string;
  setReason: (r: string) => void;
  badOdds: boolean;
}) {
  return (
    <fieldset className="adm-fieldset">
      <legend>
        <Text size="2" weight="medium">
          Outcomes and prices
        </Text>
      </legend>
      {hint && (
        <Text as="p" size="1" color="gray" mb="2" data-testid="outcomes-line-hint">
          {hint}
        </Text>
      )}
      <Flex direction="column" gap="2">
        {outcomes.map((o, i) => (
          <Flex key={i} gap="2" align="center">
            <TextField.Root
              aria-label={`Outcome ${i + 1} name`}
              placeholder="Outcome"
              required
              maxLength={80}
              value={o.name}
              style={{ flex: 2 }}
              onChange={(e) => {
                onTouched();
                setOutcomes((xs) => xs.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)));
              }}
              data-testid={`outcome-name-${i}`}
            />
            <TextField.Root
              aria-label={`Outcome ${i + 1} odds`}
              placeholder="2.10"
              required
              inputMode="decimal"
              value={o.odds}
              style={{ flex: 1 }}
              color={o.odds && !MARKET_ODDS_RE.test(o.odds.trim()) ? "red" : undefined}
              onChange={(e) => setOutcomes((xs) => xs.map((x, j) => (j === i ? { ...x, odds: e.target.value } : x)))}
              data-testid={`outcome-odds-${i}`}
            />
            <IconButton
              type="button"
              variant="ghost"
              color="gray"
              aria-label={`Remove outcome ${i + 1}`}
              disabled={outcomes.length <= 2}
              onClick={() => {
                onTouched();
                setOutcomes((xs) => xs.filter((_, j) => j !== i));
              }}
            >
              <CloseIcon />
            </IconButton>
          </Flex>
        ))}
      </Flex>
      <Button
        type="button"
        variant="ghost"
        size="1"
        mt="2"
        disabled={outcomes.length >= 20}
        onClick={() => {
          onTouched();
          setOutcomes((xs) => [...xs, { name: "", odds: "" }]);
        }}
      >
        <PlusIcon /> Add outcome
      </Button>
      {onRederive && (
        <Button type="button" variant="ghost" size="1" mt="2" ml="4" onClick={onRederive} data-testid="outcomes-rederive">
          Use the type's outcomes
        </Button>
      )}
      <BookCheck book={book} reason={reason} onReason={setReason} idPrefix="create-market" />
      {badOdds && (
        <Text as="p" size="1" color="red" role="alert">
          Odds are decimals such as 2.10 (1.01 to 1000).
        </Text>
      )}
    </fieldset>
  );
}
