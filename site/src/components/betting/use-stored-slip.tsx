/**
 * Keeps the bet slip in the browser: on load the stored slip is re-validated against the
 * open events (the server's current prices) and restored; from then on every change is written
 * back, and an empty slip (cleared, or placed) removes the stored one. So the slip survives moving
 * to another page, a reload, and a visitor signing in to place it. Rules: site/src/lib/stored-slip.ts.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { parseStoredSlip, revalidateStoredSlip, serializeSlip, SLIP_STORAGE_KEY } from "../../lib/stored-slip.ts";
import { customerQueries } from "../../lib/queries-customer.ts";
import { useSlip } from "./slip-state.tsx";

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode): the slip simply lives as long as the page
  }
}

export function useStoredSlip(): void {
  const { state, restore } = useSlip();
  const events = useQuery(customerQueries.events({ status: "open", limit: 200 }));
  /** Until the stored slip has been read (and restored), nothing is written over it. */
  const restored = useRef(false);

  useEffect(() => {
    if (restored.current || !events.data) return;
    restored.current = true;
    const stored = parseStoredSlip(storage()?.getItem(SLIP_STORAGE_KEY) ?? null, Date.now());
    if (!stored) return;
    const checked = revalidateStoredSlip(stored.selections, events.data);
    restore({ ...checked, betType: stored.betType, stake: stored.stake });
  }, [events.data, restore]);

  useEffect(() => {
    if (!restored.current) return;
    const store = storage();
    if (!store) return;
    try {
      if (state.slip.selections.length === 0) store.removeItem(SLIP_STORAGE_KEY);
      else store.setItem(SLIP_STORAGE_KEY, serializeSlip(state.slip, state.stake, Date.now()));
    } catch {
      /* quota or disabled storage: not kept, nothing else changes */
    }
  }, [state.slip, state.stake]);
}

/** The hook as an element, for the betting island to mount once inside its SlipProvider. */
export function StoredSlipSync() {
  useStoredSlip();
  return null;
}
