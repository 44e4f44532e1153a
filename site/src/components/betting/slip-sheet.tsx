/**
 * The bet slip on phones and tablets: under 1024 px the page is one column and the slip
 * would sit thousands of pixels down, so it lives in a bottom sheet instead. Tapping a price (or
 * taking a popular same game multi) opens the sheet with the selection and the stake field in view;
 * a slip bar fixed to the bottom shows the count and opens it, as does the header's Bet Slip button.
 * The sheet closes by itself once the slip is empty (placed or cleared).
 */
import { useEffect, useRef, useState } from "react";
import { BetSlip } from "./bet-slip.tsx";
import { BottomSheet } from "./bottom-sheet.tsx";
import { useSlip } from "./slip-state.tsx";
import "./slip-sheet.css";

/** Where the slip is a bottom sheet: the one-column layouts (betting.css, under 1024 px). */
export const SHEET_QUERY = "(max-width: 1023px)";
/** Asks the slip sheet to open (the header's Bet Slip button, a popular SGM taken). */
export const OPEN_SLIP_EVENT = "betpro:open-slip";

/** True where the slip is a bottom sheet; false on the server and on desktop. */
export function useSheetMode(): boolean {
  const [sheet, setSheet] = useState(false);
  useEffect(() => {
    const mq = window.matchMedia(SHEET_QUERY);
    const update = () => setSheet(mq.matches);
    update();
    mq.addEventListener("change", update);
    return () => mq.removeEventListener("change", update);
  }, []);
  return sheet;
}

export function SlipSheet() {
  const { state } = useSlip();
  const [open, setOpen] = useState(false);
  const count = state.slip.selections.length;

  // Every addition opens the sheet (a tap on a price, a popular SGM); restoring a stored slip does not.
  const adds = useRef(state.adds);
  useEffect(() => {
    if (state.adds !== adds.current && state.adds > 0) setOpen(true);
    adds.current = state.adds;
  }, [state.adds]);
  // Placed or cleared: nothing left to show.
  const had = useRef(count);
  useEffect(() => {
    if (had.current > 0 && count === 0) setOpen(false);
    had.current = count;
  }, [count]);
  useEffect(() => {
    const show = () => setOpen(true);
    window.addEventListener(OPEN_SLIP_EVENT, show);
    return () => window.removeEventListener(OPEN_SLIP_EVENT, show);
  }, []);

  return (
    <>
      <BottomSheet open={open} onClose={() => setOpen(false)} label="Bet slip" focusSelector="#bet-slip" testId="slip-sheet">
        <BetSlip />
      </BottomSheet>
      <button
        type="button"
        className="sb-slipbar"
        onClick={() => setOpen(true)}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="slip-bar"
      >
        <span className="sb-slipbar__label">Bet Slip</span>
        <span className="sb-slipbar__count" data-testid="slip-bar-count">
          {count}
        </span>
        <span className="sb-visually-hidden">{count === 1 ? " selection" : " selections"}</span>
        <span className="sb-slipbar__open" aria-hidden="true">
          {count > 0 ? "Open ▲" : "▲"}
        </span>
      </button>
    </>
  );
}
