/**
 * A tab row that scrolls sideways (the sport tabs on a phone): the chosen tab is brought into view
 * inside the row (only the row scrolls, never the page), so a deep link or a choice from the
 * sidebar never leaves the active tab off-screen. The row's fade edges are CSS (betting.css .sb-tabs).
 */
import { useEffect } from "react";
import { tabId } from "./tab-bar.tsx";

/** Where the row should scroll to so the tab [left, left + width) is inside [scrollLeft, scrollLeft + view), with `pad` px of room. */
export function scrollLeftToShow(tab: { left: number; width: number }, row: { scrollLeft: number; view: number }, pad = 32): number {
  if (tab.left - pad < row.scrollLeft) return Math.max(0, tab.left - pad);
  if (tab.left + tab.width + pad > row.scrollLeft + row.view) return tab.left + tab.width + pad - row.view;
  return row.scrollLeft;
}

/**
 * `layout` names the row's contents (e.g. its tabs' values joined): when tabs appear or go (sports
 * gaining or losing open events while the page is open), the active tab is brought into view again.
 */
export function useActiveTabInView(group: string, value: string, layout = ""): void {
  useEffect(() => {
    const tab = document.getElementById(tabId(group, value));
    const row = tab?.parentElement;
    if (!tab || !row || row.scrollWidth <= row.clientWidth) return;
    const left = tab.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft;
    const to = scrollLeftToShow({ left, width: tab.offsetWidth }, { scrollLeft: row.scrollLeft, view: row.clientWidth });
    if (to !== row.scrollLeft) row.scrollLeft = to; // at once: a smooth scroll restarted by every re-render may never arrive
  }, [group, value, layout]);
}
