/**
 * LeanIslandShell stands in for Radix's <Theme> (see lean-island-shell.tsx). Two things make that
 * safe, both checked here: its root element is the one <Theme> renders, and no island on it uses
 * a Radix Themes component that needs <Theme> (the overlays, which read the theme context or
 * render a nested <Theme>).
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Theme } from "@radix-ui/themes";
import { describe, expect, it } from "vitest";
import { ISLAND_THEME } from "./island-base.ts";
import { LeanThemeRoot } from "./lean-island-shell.tsx";

const SITE = resolve(import.meta.dirname, "..");
const ISLANDS = join(SITE, "islands");
const THEMES = join(SITE, "../../node_modules/@radix-ui/themes/dist/esm");

/** The root element's attributes, as a sorted list (order-insensitive comparison). */
function rootAttributes(html: string): string[] {
  const tag = html.slice(0, html.indexOf(">") + 1);
  return [...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => `${m[1]}=${m[2]}`).sort();
}

/** Value imports of a site module: relative modules (static and dynamic) and Radix Themes names. */
function importsOf(source: string): { modules: string[]; themeNames: string[] } {
  const modules: string[] = [];
  const themeNames: string[] = [];
  const re = /(?:^|[\s;])import\s+(type\s+)?(?:([\w*{}\s,$]+?)\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/gm;
  for (const m of source.matchAll(re)) {
    if (m[4]) {
      if (m[4].startsWith(".")) modules.push(m[4]);
      continue;
    }
    if (m[1]) continue; // import type: erased
    const [, , clause = "", specifier] = m;
    if (specifier.startsWith(".")) modules.push(specifier);
    else if (specifier === "@radix-ui/themes") {
      const named = clause.match(/\{([^}]*)\}/)?.[1] ?? "";
      for (const part of named.split(",")) {
        const name = part.trim().replace(/^type\s+/, "").split(/\s+as\s+/)[0];
        if (name && !part.trim().startsWith("type ")) themeNames.push(name);
      }
      if (/\*\s+as/.test(clause)) themeNames.push("*");
    } else if (specifier === "radix-ui" || specifier.startsWith("@radix-ui/themes/")) themeNames.push(specifier);
  }
  return { modules, themeNames };
}

/** Every Radix Themes name the island's code (static and lazy imports) uses, with the file using it. */
function themeNamesUsedBy(entry: string): Map<string, string> {
  const used = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const { modules, themeNames } = importsOf(readFileSync(file, "utf8"));
    for (const n of themeNames) if (!used.has(n)) used.set(n, relative(SITE, file));
    for (const spec of modules) {
      const target = resolve(dirname(file), spec);
      if (/\.(ts|tsx)$/.test(target)) queue.push(target);
    }
  }
  return used;
}

/** Radix Themes' exported names and the module each comes from (parsed from its components index). */
function themesExports(): Map<string, string> {
  const index = readFileSync(join(THEMES, "components/index.js"), "utf8");
  const fileOf = new Map<string, string>();
  for (const m of index.matchAll(/import(?:\*as ([\w$]+)\s*|\{([^}]*)\})from"\.\/([\w.-]+)"/g)) {
    if (m[1]) fileOf.set(m[1], m[3]);
    else for (const part of m[2].split(",")) fileOf.set(part.split(" as ").at(-1)!.trim(), m[3]);
  }
  const exports = new Map<string, string>();
  const list = index.match(/export\{([^}]*)\}/)![1];
  for (const part of list.split(",")) {
    const [local, exported] = part.split(" as ").map((s) => s.trim());
    exports.set(exported ?? local, join(THEMES, "components", fileOf.get(local)!));
  }
  return exports;
}

/** Whether a Radix Themes module imports (directly or through its own modules) components/theme.js. */
function needsThemeModule(file: string, seen = new Set<string>()): boolean {
  if (file === join(THEMES, "components/theme.js")) return true;
  if (seen.has(file) || !existsSync(file)) return false;
  seen.add(file);
  const source = readFileSync(file, "utf8");
  return [...source.matchAll(/(?:from|import)\s*"(\.{1,2}\/[^"]+)"/g)].some((m) => needsThemeModule(resolve(dirname(file), m[1]), seen));
}

/** The Radix Themes names an island uses that need <Theme> (or that the check cannot vouch for). */
function themeDependentNames(island: string): string[] {
  const exports = themesExports();
  return [...themeNamesUsedBy(island)]
    .filter(([name]) => {
      const file = exports.get(name);
      return !file || needsThemeModule(file); // unknown names (namespace imports, radix-ui) count as unsafe
    })
    .map(([name, file]) => `${name} (${file})`);
}

const leanIslands = readdirSync(ISLANDS)
  .filter((n) => /\.tsx$/.test(n))
  .filter((n) => /from\s+["']\.\.\/components\/lean-island-shell\.tsx["']/.test(readFileSync(join(ISLANDS, n), "utf8")));

describe("LeanIslandShell", () => {
  it("renders the root element that Radix's <Theme> renders with the same settings", () => {
    const lean = renderToStaticMarkup(createElement(LeanThemeRoot, null, "x"));
    const radix = renderToStaticMarkup(createElement(Theme, ISLAND_THEME, "x"));
    expect(rootAttributes(radix)).toContain("class=radix-themes dark");
    expect(rootAttributes(lean)).toEqual(rootAttributes(radix));
  });

  it("is used by the betting page", () => {
    expect(leanIslands).toContain("betting-page.tsx");
  });

  it.each(leanIslands)("%s uses no Radix Themes component that needs <Theme>", (island) => {
    expect(themeDependentNames(join(ISLANDS, island))).toEqual([]);
  });

  it("the check finds the overlays of islands that need <Theme>", () => {
    // The public sportsbook opens a Radix Dialog (its content renders a nested <Theme>).
    expect(themeDependentNames(join(ISLANDS, "public-sportsbook.tsx"))).toEqual(expect.arrayContaining([expect.stringMatching(/^Dialog \(components\/public\//)]));
    // The admin header's Tooltip, and <Theme> itself in the full shell.
    const admin = themeDependentNames(join(ISLANDS, "admin-console.tsx"));
    expect(admin).toEqual(expect.arrayContaining([expect.stringMatching(/^Tooltip /), "Theme (components/island-shell.tsx)"]));
    // Names are parsed from import clauses, aliases and type-only names included.
    expect(importsOf(`import { Dialog as D, type ThemeProps, Text } from "@radix-ui/themes";`).themeNames).toEqual(["Dialog", "Text"]);
    expect(importsOf(`import type { ThemeProps } from "@radix-ui/themes";`).themeNames).toEqual([]);
    expect(importsOf(`const X = lazy(() => import("./x.tsx"));`).modules).toEqual(["./x.tsx"]);
  });
});
