/**
 * The 1280 px table check for the admin console (run by the accessibility walk of every section and
 * tab, tests/e2e/admin-pages-accessibility.spec.ts): for every table on screen with rows, the page
 * itself never scrolls sideways (document scrollWidth <= innerWidth), and every button of the
 * table's first row lies inside what the table shows: inside the viewport, or, where the table
 * scrolls in a container of its own, inside that container (the actions column pinned at its right
 * edge, .adm-sticky-actions).
 */
import type { Page } from "@playwright/test";

/** Problems with the tables now on screen, one line each (empty when every table fits), and the tables checked. */
export function tableProblems(page: Page, where: string): Promise<{ problems: string[]; tables: string[] }> {
  return page.evaluate((where) => {
    const problems: string[] = [];
    const tables: string[] = [];
    const vw = window.innerWidth;
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > vw) problems.push(`${where}: the page scrolls sideways (${pageWidth} > ${vw})`);
    const scroller = (el: Element): DOMRect | null => {
      for (let c = el.parentElement; c && c !== document.body; c = c.parentElement) {
        const o = getComputedStyle(c).overflowX;
        if ((o === "auto" || o === "scroll") && c.scrollWidth > c.clientWidth) return c.getBoundingClientRect();
      }
      return null;
    };
    document.querySelectorAll("main table, [data-testid^='section-'] table").forEach((table, i) => {
      const row = table.querySelector("tbody tr");
      if (!row || (table as HTMLElement).offsetParent === null) return;
      const box = scroller(table);
      const left = Math.max(0, box?.left ?? 0);
      const right = Math.min(vw, box?.right ?? vw);
      const name = table.closest("[data-testid]")?.getAttribute("data-testid") ?? `table ${i + 1}`;
      if (row.querySelector("button")) tables.push(`${where} › ${name}`);
      row.querySelectorAll("button").forEach((b) => {
        const r = b.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) return;
        if (r.left < left - 1 || r.right > right + 1)
          problems.push(`${where} › ${name}: "${(b.textContent ?? "").trim() || b.getAttribute("aria-label")}" at ${Math.round(r.left)}..${Math.round(r.right)}, shown ${Math.round(left)}..${Math.round(right)}`);
      });
    });
    return { problems, tables };
  }, where);
}
