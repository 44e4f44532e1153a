/**
 * axe for the accessibility journeys: one way to scan, and one way to scan a loaded page at the
 * three widths of issue 22 (375, 768, 1280 px) without loading it again. Only violations are
 * computed (`resultTypes`), and only serious or critical ones are reported.
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
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

async function run(page: Page, scope: AxeScope): Promise<AxeResults["violations"]> {
  if (page.frames().length > 1) {
    let builder = new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
    if (scope.tags) builder = builder.withTags(scope.tags);
    if (scope.include) builder = builder.include(scope.include);
    return (await builder.analyze()).violations;
  }
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = { resultTypes: ["violations"] };
  if (scope.tags) options.runOnly = { type: "tag", values: scope.tags };
  return page.evaluate(
    async ({ include, options }) => {
      const axe = (window as unknown as { axe: typeof import("axe-core") }).axe;
      return (await axe.run(include ? { include: [include] } : document, options)).violations;
    },
    { include: scope.include, options },
  );
}

/** Serious and critical axe violations on the page, one line each, empty when it passes. */
export async function seriousViolations(page: Page, scope: AxeScope = {}): Promise<string[]> {
  const violations = await run(page, scope);
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
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
