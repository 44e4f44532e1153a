/**
 * The full bet slip's content, loaded on demand (bet-slip.tsx, which draws the card around it): the legs with their live-book states, the bet
 * type, the same game multi panes, the stake and totals, each way, the notes and the countdown of a
 * placement under way, the last refusal, and Place Bet. Its figures come from useSlipFigures, its
 * placement from useSlipPlacement; the parts the empty slip shows too are slip-frame.tsx's.
 */
import { Badge, Button } from "@radix-ui/themes";
import { usePrice } from "../odds-format.tsx";
import { EachWayToggle } from "./each-way-toggle.tsx";
import { SlipHeader, SlipTotals } from "./slip-frame.tsx";
import { SlipFoot, usePlaceGate } from "./slip-gate.tsx";
import { SlipLegs } from "./slip-legs.tsx";
import { SgmPanes, SlipNotes } from "./slip-panes.tsx";
import { SlipRefusal } from "./slip-refusal.tsx";
import { StakeField } from "./slip-stake.tsx";
import { useSlip } from "./slip-state.tsx";
import { useSlipFigures } from "./use-slip-figures.ts";
import { useSlipPlacement } from "./use-slip-placement.ts";

const TYPE_LABEL = { single: "Single", multiple: "Multiple", same_game_multi: "Same Game Multi" } as const;
const TYPE_COLOR = { single: "blue", multiple: "violet", same_game_multi: "orange" } as const;

export default function FullSlip() {
  const { state, remove, clear, setStake, setSgm } = useSlip();
  const { gate, signedOut } = usePlaceGate();
  const price = usePrice();
  const f = useSlipFigures();
  const p = useSlipPlacement(f, gate);
  const { slip, count, sameEventConflict, setRefused } = f;
  const priced = count > 0 && !sameEventConflict;

  const actions = (
    <>
      {priced && (
        <Badge color={TYPE_COLOR[slip.betType]} variant="soft" data-testid="bet-type">
          {TYPE_LABEL[slip.betType]}
        </Badge>
      )}
      {count > 0 && (
        <Button size="1" variant="ghost" color="gray" onClick={() => {
            clear();
            setRefused({});
            p.clearRefusal();
          }} disabled={p.pending}>
          Clear
        </Button>
      )}
    </>
  );

  return (
    <>
      <SlipHeader actions={actions} />

      {count > 0 && (
        <SlipLegs
          selections={slip.selections}
          changed={state.changed}
          conflicting={f.sgmPossible ? [] : f.conflicts}
          states={f.states}
          price={price}
          onRemove={(s) => {
            remove(s.id);
            setRefused(({ [s.outcomeId]: _gone, ...rest }) => rest);
          }}
          busy={p.pending}
          legExtra={
            f.ewTerms && (
              <EachWayToggle terms={f.ewTerms} checked={f.eachWay} onChange={f.setEachWay} unitStake={f.hasStake ? f.stakeCents : null} disabled={p.pending} />
            )
          }
        />
      )}

      <SgmPanes f={f} onSgm={setSgm} />

      <StakeField stake={state.stake} onStake={setStake} onEnter={() => void p.submit()} />

      <SlipTotals odds={priced ? price(f.total) : null} figures={f.hasStake && !sameEventConflict ? { ret: f.ret, profit: f.profit } : null} />

      <SlipNotes f={f} waiting={p.waiting} left={p.left} />

      {p.refusal && (
        <SlipRefusal
          refusal={p.refusal}
          busy={p.pending}
          onRetry={() => void p.submit()}
          onAcceptMax={(max) => {
            setStake((max / 100).toFixed(2));
            void p.submit(max);
          }}
        />
      )}

      <SlipFoot
        gate={gate}
        signedOut={signedOut}
        place={{
          disabled: count === 0 || !f.hasStake || p.pending || sameEventConflict || f.blockedLegs.length > 0 || (f.isSgm && !f.sgmQuote.data),
          label: p.pending ? (p.waiting && p.waiting.delay > 0 ? `Checking price… ${p.left > 0 ? `${p.left} s` : ""}` : "Placing Bet...") : "Place Bet",
          onPlace: () => void p.submit(),
        }}
      />
    </>
  );
}
