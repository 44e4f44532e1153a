/**
 * The bet slip: selections, single / multiple / same game multi, stake
 * with quick stakes, total odds, potential return and profit, and placement through POST /api/bets
 * with an idempotency key. All slip maths and checks come from domain/betting/slip.ts, as on the
 * server. Prices show in the customer's odds format. Server refusals (verification, limits,
 * exclusion, price changes) are shown with the server's message, in the toast and on the slip.
 *
 * The live book: each leg is checked against the open events list (kept current by the live
 * stream). A suspended leg stays and waits for its market to reopen; a leg whose outcome the match
 * decided, whose market closed or whose event is over says why, and Place waits until it is removed.
 * A slip with a leg on a live event announces the in-play wait (the longest of its events') and,
 * while the server holds the bet for it, counts it down.
 *
 * The slip knows the rules before the click: Place Bet is disabled, with the reason and the way
 * forward, for a suspended, staff, unverified or excluded account (slip-gate.tsx), and two
 * selections of one event never show as a priced multiple: the slip offers the same game multi when
 * the legs allow one, and otherwise says why they cannot be combined, with no total price.
 *
 * What loads when: the empty slip is part of the betting page's first screen and is drawn here;
 * everything a selection brings (slip-full.tsx: legs, same game multi, each way, placement,
 * countdown, refusals) is a chunk of its own, loaded when the slip first holds a selection, and
 * fetched ahead while the browser is idle after the page has loaded, so the first tap on a price
 * normally finds it ready. This keeps the page's initial JavaScript within its budget
 * (docs/benchmarks.md, "Page weight").
 */
import { Button, Text } from "@radix-ui/themes";
import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ReactNode } from "react";
import { potentialProfit, potentialReturn, validateSlip } from "../../../../domain/betting/slip.ts";
import { parseStakeToCents } from "../../lib/format.ts";
import { useToast } from "../toast.tsx";
import { problemToast, SlipCard, SlipHeader, SlipTotals } from "./slip-frame.tsx";
import { SlipFoot, usePlaceGate } from "./slip-gate.tsx";
import { StakeField } from "./slip-stake.tsx";
import { useSlip } from "./slip-state.tsx";

/** The full slip once its chunk has arrived: drawn at once, without a loading state in between. */
let fullSlipLoaded: ComponentType | null = null;
const loadFullSlip = () =>
  import("./slip-full.tsx").then((m) => {
    fullSlipLoaded = m.default;
    return m;
  });
const LazyFullSlip = lazy(loadFullSlip);

/** Runs `load` once the browser is idle (at the latest after 2 s), unless the caller has gone. */
function whenIdle(load: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(load, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const t = window.setTimeout(load, 200);
  return () => window.clearTimeout(t);
}

export function BetSlip() {
  const { state } = useSlip();
  const count = state.slip.selections.length;
  // The full slip from the first selection on, also when the slip empties again: it keeps a
  // placement under way, the last refusal and a retry's idempotency key. Chosen once, so the
  // component drawing it never changes (a change would start it afresh, losing what it keeps).
  const [FullSlip, setFullSlip] = useState<ComponentType | null>(null);
  if (count > 0 && !FullSlip) setFullSlip(() => fullSlipLoaded ?? LazyFullSlip);
  // A failed fetch is left to the load on the first selection, which tries again.
  useEffect(() => whenIdle(() => void loadFullSlip().catch(() => {})), []);

  return (
    <SlipCard>
      {FullSlip ? (
        <SlipLoadFailed>
          <Suspense fallback={<EmptySlip loading />}>
            <FullSlip />
          </Suspense>
        </SlipLoadFailed>
      ) : (
        <EmptySlip />
      )}
    </SlipCard>
  );
}

/**
 * When the full slip's chunk cannot be fetched (the connection dropped), the slip says so and
 * offers to reload the page, instead of the whole island going blank. The selections survive the
 * reload (the slip is kept in the browser's storage); a reload, not a second import, because a
 * browser may keep a failed module import failed for the page's life.
 */
class SlipLoadFailed extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <>
        <SlipHeader />
        <Text as="p" size="2" color="red" role="alert" data-testid="slip-load-failed">
          Your bet slip could not load. Check your connection, then reload: your selections are kept.
        </Text>
        <Button onClick={() => window.location.reload()} data-testid="slip-reload">
          Reload
        </Button>
      </>
    );
  }
}

/**
 * The slip before the full slip has loaded: empty, as the full slip draws it (Enter on the stake
 * asks for a selection, as there); or, while the full slip loads, its count and a loading line.
 */
function EmptySlip({ loading = false }: { loading?: boolean }) {
  const { state, setStake } = useSlip();
  const { gate, signedOut } = usePlaceGate();
  const toast = useToast();
  const { slip } = state;
  const stakeCents = parseStakeToCents(state.stake);
  const hasStake = stakeCents !== null && stakeCents > 0;
  function onEnter() {
    if (loading || gate) return;
    const problem = validateSlip({ selections: slip.selections, stakeCents, betType: slip.betType });
    if (problem) toast(problemToast(problem));
  }
  return (
    <>
      <SlipHeader />
      {loading && (
        <Text as="p" size="2" color="gray" role="status" data-testid="slip-loading">
          Loading your selections…
        </Text>
      )}
      <StakeField stake={state.stake} onStake={setStake} onEnter={onEnter} />
      <SlipTotals odds={null} figures={hasStake ? { ret: potentialReturn(slip, stakeCents), profit: potentialProfit(slip, stakeCents) } : null} />
      <SlipFoot gate={gate} signedOut={signedOut} place={{ disabled: true, label: "Place Bet", onPlace: () => {} }} />
    </>
  );
}
