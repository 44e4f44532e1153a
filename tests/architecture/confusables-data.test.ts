/**
 * domain/shared/confusables-data.ts is generated from the unhomoglyph package (Unicode's
 * confusables.txt): it must be exactly that package's table, so a version bump is regenerated
 * (node scripts/generate-confusables.mjs) rather than edited by hand.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { CONFUSABLES, CONFUSABLES_SOURCE } from "../../domain/shared/confusables-data.ts";

const require = createRequire(import.meta.url);

describe("the vendored confusables table", () => {
  it("equals the installed unhomoglyph package's data, and names its version", () => {
    const pkg = JSON.parse(readFileSync(require.resolve("unhomoglyph/package.json"), "utf8")) as { version: string };
    const data = JSON.parse(readFileSync(require.resolve("unhomoglyph/data.json"), "utf8")) as Record<string, string>;
    expect(CONFUSABLES_SOURCE).toContain(`unhomoglyph@${pkg.version}`);
    expect({ ...CONFUSABLES }).toEqual(data);
  });
});
