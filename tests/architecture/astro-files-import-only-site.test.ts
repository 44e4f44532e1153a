/**
 * dependency-cruiser does not parse .astro files, so the layer rules of `.dependency-cruiser.cjs`
 * never see their imports. An Astro page or layout therefore imports, of the repository's own
 * files, only site/ modules (islands, components, styles): whatever it needs from domain/ or from
 * api/schemas comes through a site/ .ts or .tsx module, whose imports the cruiser does check.
 */
import { readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, ROOT } from "./source-files.ts";

/** Every module specifier a file imports or re-exports, static or dynamic (frontmatter and scripts alike). */
function importsOf(source: string): string[] {
  const re = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;
  return [...source.matchAll(re)].map((m) => m[1] ?? m[2]);
}

/** The relative imports of an .astro file that land outside site/ (packages are not the cruiser's blind spot). */
function outsideSite(file: string, source: string): string[] {
  return importsOf(source)
    .filter((specifier) => specifier.startsWith("."))
    .filter((specifier) => !relative(ROOT, resolve(dirname(file), specifier)).startsWith("site/"))
    .map((specifier) => `${relative(ROOT, file)} imports ${specifier}`);
}

describe("Astro files", () => {
  it("import only site/ modules of the repository", () => {
    const files = filesUnder(join(ROOT, "site/src"), /\.astro$/);
    expect(files.length).toBeGreaterThan(0);
    expect(files.flatMap((f) => outsideSite(f, readFileSync(f, "utf8")))).toEqual([]);
  });

  it("the check catches what it is meant to catch", () => {
    const page = join(ROOT, "site/src/pages/x.astro");
    expect(outsideSite(page, `import { PlaceBetBody } from "../../../api/schemas/bets.ts";`)).toHaveLength(1);
    expect(outsideSite(page, `import type { Bet } from "../../../api/schemas/bets.ts";`)).toHaveLength(1);
    expect(outsideSite(page, `import { createApp } from "../../../api/app.ts";`)).toHaveLength(1);
    expect(outsideSite(page, `import { addSelection } from "../../../domain/betting/slip.ts";`)).toHaveLength(1);
    expect(outsideSite(page, `const db = await import("../../../adapters/libsql/index.ts");`)).toHaveLength(1);
    expect(outsideSite(page, `import Base from "../layouts/Base.astro";\nimport "../styles/toast.css";`)).toEqual([]);
    expect(outsideSite(page, `import { icons } from "../components/landing-icons.ts";`)).toEqual([]);
    expect(outsideSite(page, `import "@radix-ui/themes/styles.css";\nimport BettingPage from "../islands/betting-page.tsx";`)).toEqual([]);
  });
});
