/**
 * Bet slip state for the betting island: the slip itself (domain/betting/slip.ts rules), the stake
 * as the customer typed it, and which selections had their price moved since they were added.
 * Every change goes through the domain's pure functions so the client applies the server's rules.
 */
import { createContext, useContext, useMemo, useReducer, type ReactNode } from "react";
import {
  addSelection,
  asSameGameMulti,
  betTypeFor,
  emptySlip,
  removeSelection,
  repriceSelections,
  type Slip,
  type SlipSelection,
} from "../../../../domain/betting/slip.ts";

export interface SlipState {
  slip: Slip;
  /** The stake exactly as typed (decimal string); converted to cents only when used. */
  stake: string;
  /** Selection id -> the odds (milli) it had when added, for selections whose price has moved since. */
  changed: Record<string, number>;
  /** Selections dropped because the server said they are no longer available. */
  removedNames: string[];
  /** Counts the customer's additions (a price tapped, a popular SGM taken), so a mobile slip can open on each. */
  adds: number;
}

type Action =
  | { type: "add"; selection: SlipSelection }
  | { type: "remove"; id: string }
  | { type: "clear" }
  /** Make the slip a same game multi (when its selections allow), or back to a plain multiple. */
  | { type: "sgm"; on: boolean }
  /** Replace the slip with these selections as a same game multi (a popular SGM). */
  | { type: "replaceSgm"; selections: SlipSelection[] }
  | { type: "stake"; stake: string }
  /** outcomeId -> new odds (milli), or null when the outcome can no longer be bet on. */
  | { type: "reprice"; prices: ReadonlyMap<string, number | null> }
  /** The slip kept in the browser, re-validated on load (use-stored-slip.tsx). */
  | { type: "restore"; restored: RestoredSlip };

export interface RestoredSlip {
  selections: SlipSelection[];
  betType: Slip["betType"];
  stake: string;
  changed: Record<string, number>;
  removedNames: string[];
}

const initial: SlipState = { slip: emptySlip, stake: "", changed: {}, removedNames: [], adds: 0 };

function reducer(state: SlipState, action: Action): SlipState {
  switch (action.type) {
    case "restore":
      return restoreSlip(state, action.restored);
    case "add": {
      const slip = addSelection(state.slip, action.selection);
      return slip === state.slip ? state : { ...state, slip, removedNames: [], adds: state.adds + 1 };
    }
    case "remove": {
      const { [action.id]: _gone, ...changed } = state.changed;
      return { ...state, slip: removeSelection(state.slip, action.id), changed };
    }
    case "clear":
      return initial;
    case "sgm": {
      const slip = action.on
        ? asSameGameMulti(state.slip)
        : { ...state.slip, betType: betTypeFor(state.slip.selections.length) };
      return slip.betType === state.slip.betType ? state : { ...state, slip };
    }
    case "replaceSgm": {
      const slip = asSameGameMulti({ selections: action.selections, betType: betTypeFor(action.selections.length) });
      return { ...initial, stake: state.stake, slip, adds: state.adds + 1 };
    }
    case "stake":
      return { ...state, stake: action.stake };
    case "reprice": {
      let slip = state.slip;
      const removedNames: string[] = [];
      const available = new Map<string, number>();
      for (const [outcomeId, odds] of action.prices) if (odds !== null) available.set(outcomeId, odds);
      for (const s of state.slip.selections) {
        if (action.prices.has(s.outcomeId) && action.prices.get(s.outcomeId) === null) {
          slip = removeSelection(slip, s.id);
          removedNames.push(s.selectionName);
        }
      }
      slip = repriceSelections(slip, available);
      const before = new Map(state.slip.selections.map((s) => [s.id, s]));
      let moved = false;
      const changed: Record<string, number> = {};
      for (const s of slip.selections) {
        const old = before.get(s.id);
        const original = state.changed[s.id] ?? old?.oddsMilli ?? s.oddsMilli;
        if (old && old.oddsMilli !== s.oddsMilli) moved = true;
        if (original !== s.oddsMilli) changed[s.id] = original;
      }
      if (!moved && removedNames.length === 0) return state;
      return { ...state, slip, changed, removedNames: removedNames.length ? removedNames : state.removedNames };
    }
  }
}

/** Only into an empty slip (a price tapped before the events loaded wins); SGM only when the legs allow. */
function restoreSlip(state: SlipState, r: RestoredSlip): SlipState {
  if (state.slip.selections.length > 0 || (r.selections.length === 0 && r.removedNames.length === 0)) return state;
  const plain: Slip = { selections: r.selections, betType: betTypeFor(r.selections.length) };
  const slip = r.betType === "same_game_multi" ? asSameGameMulti(plain) : plain;
  return { ...state, slip, stake: r.selections.length > 0 ? r.stake : state.stake, changed: r.changed, removedNames: r.removedNames };
}

interface SlipApi {
  state: SlipState;
  add: (selection: SlipSelection) => void;
  remove: (id: string) => void;
  clear: () => void;
  setSgm: (on: boolean) => void;
  replaceWithSgm: (selections: SlipSelection[]) => void;
  setStake: (stake: string) => void;
  reprice: (prices: ReadonlyMap<string, number | null>) => void;
  restore: (restored: RestoredSlip) => void;
  /** Outcome ids currently in the slip, to show their price buttons as selected. */
  selectedOutcomes: ReadonlySet<string>;
}

const SlipContext = createContext<SlipApi | null>(null);

export function SlipProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(reducer, initial);
  const api = useMemo<SlipApi>(
    () => ({
      state,
      add: (selection) => dispatch({ type: "add", selection }),
      remove: (id) => dispatch({ type: "remove", id }),
      clear: () => dispatch({ type: "clear" }),
      setSgm: (on) => dispatch({ type: "sgm", on }),
      replaceWithSgm: (selections) => dispatch({ type: "replaceSgm", selections }),
      setStake: (stake) => dispatch({ type: "stake", stake }),
      reprice: (prices) => dispatch({ type: "reprice", prices }),
      restore: (restored) => dispatch({ type: "restore", restored }),
      selectedOutcomes: new Set(state.slip.selections.map((s) => s.outcomeId)),
    }),
    [state],
  );
  return <SlipContext.Provider value={api}>{children}</SlipContext.Provider>;
}

export function useSlip(): SlipApi {
  const api = useContext(SlipContext);
  if (!api) throw new Error("useSlip must be used inside <SlipProvider>");
  return api;
}
