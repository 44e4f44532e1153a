/**
 * axe for the accessibility journeys: one way to scan, and one way to scan a loaded page at the
 * three widths every page must serve (375, 768, 1280 px: a phone, a tablet, a desktop) without loading it again. Only violations are
 * computed (`resultTypes`), and only serious or critical ones are reported, plus every finding of the
 * rules a scan names in `failOn` whatever its impact (heading-order is "moderate", and a best-practice
 * rule the WCAG tags leave out: a scan that names it runs it too).
 *
 * axe-core runs in the page itself (`axe.run`), injected once per document. `@axe-core/playwright`'s
 * `analyze()` re-injects axe into every frame and then opens a blank page to merge the frames'
 * results (`finishRun`): on this machine that cost 1.5-4.4 s per scan against 0.1-0.7 s for the same
 * rules on the same admin section (measured 2026-11-26, docs/benchmarks.md "The test suite's own
 * time"). Our pages have no iframes, so both give the same violations; a page with child frames is
 * still scanned through AxeBuilder, which follows them.
 */
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

export const WIDTHS = [1280, 768, 375] as const;
export const viewportFor = (width: number) => ({ width, height: width < 768 ? 812 : 900 });

export interface AxeScope {
  /** Scan only this part of the page (a dialog, a panel). */
  include?: string;
  /** Only rules with these tags (default: every rule axe has). */
  tags?: string[];
  /** Only these rules (instead of `tags`): a quick scan for one concern. */
  only?: string[];
  /** Rules reported at any impact, and run even when `tags` leaves them out. */
  failOn?: string[];
  /** The least impact reported (default "serious": serious and critical). */
  minImpact?: "moderate" | "serious";
}

const RANK: Record<string, number> = { minor: 1, moderate: 2, serious: 3, critical: 4 };

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe runs a rule named in `rules` with `enabled: true` even outside the `runOnly` tags. */
const enabled = (ids: string[] = []) => Object.fromEntries(ids.map((id) => [id, { enabled: true }]));

async function run(page: Page, scope: AxeScope): Promise<AxeResults["violations"]> {
  if (page.frames().length > 1) {
    let builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"], rules: enabled(scope.failOn) });
    if (scope.tags) builder = builder.withTags(scope.tags);
    if (scope.only) builder = builder.withRules(scope.only);
    if (scope.include) builder = builder.include(scope.include);
    return (await builder.analyze()).violations;
  }
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { resultTypes: ["violations"], rules: enabled(scope.failOn) };
  if (scope.tags) options.runOnly = { type: "tag", values: scope.tags };
  if (scope.only) options.runOnly = { type: "rule", values: scope.only };
  return page.evaluate(
    async ({ include, options }) => {
      const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
      return (await axe.run(include ? { include: [include] } : document, options)).violations;
    },
    { include: scope.include, options },
  );
}

/**
 * Serious and critical axe violations on the page (moderate too with `minImpact`), and any of the
 * `failOn` rules, one line each, empty when it passes.
 */
export async function seriousViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  const violations = await run(page, scope);
  const always = new Set(scope.failOn ?? []);
  const least = RANK[scope.minImpact ?? "serious"];
  return violations
    .filter((v) => (RANK[v.impact ?? "minor"] ?? 0) >= least || always.has(v.id))
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
}

/** Two animation frames: layout and media-query listeners have run after a resize. */
const frames = (page: Page) =>
  page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));

/**
 * The page as loaded, scanned at each width in turn: resize, wait for `ready` (the page's data is on
 * screen at that width), scan. Findings are keyed "<label> @ <width>px"; the viewport ends at the
 * first width again, so the next page loads at desktop size.
 */
export async function violationsAtWidths(
  page: Page,
  label: string,
  ready: () => Promise<void>,
  scope: AxeScope = {},
  widths: readonly number[] = WIDTHS,
): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const width of widths) {
    await page.setViewportSize(viewportFor(width));
    await frames(page);
    await ready();
    const v = await seriousViolations(page, scope);
    if (v.length) found[`${label} @ ${width}px`] = v;
  }
  await page.setViewportSize(viewportFor(widths[0]));
  return found;
}
