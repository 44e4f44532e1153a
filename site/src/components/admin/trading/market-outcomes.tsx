/**
 * Create New Market's outcomes: the market types and the outcomes each usually has, and the
 * "Outcomes and prices" fieldset (2 to 20 rows, each a name and a decimal price) with the book check.
 */
import { Button, Flex, IconButton, Text, TextField } from "@radix-ui/themes";
import type { Dispatch, SetStateAction } from "react";
import { CloseIcon, PlusIcon } from "../icons.tsx";
import { BookCheck, type bookOf } from "./book-check.tsx";

export const MARKET_TYPES = [
  { value: "full_time_result", label: "Full Time Result" },
  { value: "over_under", label: "Over / Under" },
  { value: "handicap", label: "Handicap" },
  { value: "both_teams_score", label: "Both Teams to Score" },
  { value: "correct_score", label: "Correct Score" },
] as const;
export type MarketType = (typeof MARKET_TYPES)[number]["value"];

/** Outcome names a market type usually has, prefilled so the form starts useful. */
export function defaultOutcomes(type: MarketType): { name: string; odds: string }[] {
  switch (type) {
    case "over_under":
      return [{ name: "Over 2.5", odds: "" }, { name: "Under 2.5", odds: "" }];
    case "both_teams_score":
      return [{ name: "Yes", odds: "" }, { name: "No", odds: "" }];
    case "handicap":
      return [{ name: "Home -1.5", odds: "" }, { name: "Away +1.5", odds: "" }];
    case "correct_score":
      return [{ name: "1-0", odds: "" }, { name: "2-1", odds: "" }, { name: "1-1", odds: "" }];
    default:
      return [{ name: "Home", odds: "" }, { name: "Draw", odds: "" }, { name: "Away", odds: "" }];
  }
}

/** A price as typed on the create form: up to 4 digits and 3 decimals (the server checks the range). */
export const MARKET_ODDS_RE = /^\d{1,4}(\.\d{1,3})?$/;

export type OutcomeDraft = { name: string; odds: string };

export function OutcomesFieldset({
  outcomes,
  setOutcomes,
  onTouched,
  book,
  reason,
  setReason,
  badOdds,
}: {
  outcomes: OutcomeDraft[];
  setOutcomes: Dispatch<SetStateAction<OutcomeDraft[]>>;
  /** The outcomes were edited by hand: a change of market type no longer replaces them. */
  onTouched: () => void;
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
      <BookCheck book={book} reason={reason} onReason={setReason} idPrefix="create-market" />
      {badOdds && (
        <Text as="p" size="1" color="red" role="alert">
          Odds are decimals such as 2.10 (1.01 to 1000).
        </Text>
      )}
    </fieldset>
  );
}
