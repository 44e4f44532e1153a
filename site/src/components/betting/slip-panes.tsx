/**
 * The full slip's panes that show only now and then: the same game multi's offer, note and refusal,
 * and the notes on the legs (prices moved, the in-play wait, legs blocking Place) with the status of
 * a placement under way and its in-play countdown.
 */
import { Button, Callout, Text } from "@radix-ui/themes";
import { SGM_PRICING_SENTENCE } from "../../../../domain/pricing/sgm-margin.ts";
import type { SlipFigures } from "./use-slip-figures.ts";

/** Two legs of one game: the offer to combine them, the note once combined, or why they cannot be. */
export function SgmPanes({ f, onSgm }: { f: SlipFigures; onSgm: (on: boolean) => void }) {
  return (
    <>
      {f.sgmPossible && (
        <Callout.Root color="orange" size="1" mb="2" data-testid="sgm-offer">
          <Callout.Text>
            Selections from one game cannot form a multiple: combine them as a Same Game Multi, priced together.{" "}
            <Button size="1" variant="soft" color="orange" onClick={() => onSgm(true)} data-testid="make-sgm">
              Make it a Same Game Multi
            </Button>
          </Callout.Text>
        </Callout.Root>
      )}
      {f.sameEventConflict && !f.sgmPossible && (
        <Callout.Root color="red" size="1" mb="2" role="alert" data-testid="same-event-warning">
          <Callout.Text>A multiple may not hold two selections of the same event: remove one of them, or bet them as singles.</Callout.Text>
        </Callout.Root>
      )}
      {f.isSgm && (
        <Text as="p" size="1" color="gray" mb="2" data-testid="sgm-note">
          {SGM_PRICING_SENTENCE}{" "}
          <button type="button" className="sb-linkbtn" onClick={() => onSgm(false)}>
            Undo
          </button>
        </Text>
      )}

      {f.sgmRefusal && (
        <Callout.Root color="red" size="1" mb="2" role="alert" data-testid="sgm-refusal">
          <Callout.Text>{f.sgmRefusal}</Callout.Text>
        </Callout.Root>
      )}
    </>
  );
}

/** "Checking price… 2 s" while an in-play bet waits, "Placing your bet…" otherwise. */
const waitingWords = (waiting: { delay: number }, left: number) =>
  waiting.delay > 0 ? `Checking price… ${left > 0 ? `${left} s` : ""}` : "Placing your bet…";

/** Under the totals: prices moved, the in-play wait ahead, legs that block Place, a placement waiting. */
export function SlipNotes({ f, waiting, left }: { f: SlipFigures; waiting: { since: number; delay: number } | null; left: number }) {
  return (
    <>
      {f.anyChanged && !f.sameEventConflict && (
        <Text as="p" size="1" color="amber" mb="2">
          Prices have moved. Placing the bet sends the odds shown; your price-change setting decides.
        </Text>
      )}

      {f.count > 0 && f.delay > 0 && (
        <Text as="p" size="1" color="gray" className="sb-slip__inplay" data-testid="in-play-delay">
          In-play bet: accepted after a {f.delay} s delay, if the market is still open and the price holds.
        </Text>
      )}

      {f.blockedLegs.length > 0 && (
        <Text as="p" size="1" color="amber" mb="2" data-testid="slip-blocked">
          {f.goneCount > 0
            ? `Remove the selection${f.goneCount === 1 ? "" : "s"} no longer available to place this bet.`
            : "A selection is suspended: you can place the bet once it reopens."}
        </Text>
      )}

      {waiting && (
        <div role="status" aria-live="polite" data-testid="placing-status" className="sb-slip__inplay">
          <Text size="1" color="gray">
            {waitingWords(waiting, left)}
          </Text>
          {waiting.delay > 0 && (
            <progress className="sb-slip__progress" max={waiting.delay} value={waiting.delay - left} aria-label="In-play wait" />
          )}
        </div>
      )}
    </>
  );
}
