/**
 * Comments say why in words. The tracker and the product spec are not in the repository, so a
 * comment or a test name that cites an issue number or a spec section number sends a newcomer
 * somewhere they cannot follow. This test reads every source file and fails on such a citation;
 * a lasting decision goes to docs/decisions.md in words instead. docs/ may still cite the spec by
 * section where it documents the product.
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { filesUnder, ROOT } from "./source-files.ts";

const SOURCE_DIRS = ["domain", "adapters", "api", "site/src", "tests", "bench", "scripts"];
const SOURCE_FILE = /\.(ts|tsx|astro|mjs|js)$/;

/**
 * Numbers that belong to someone else's documents, which a reader can look up: Unicode's technical
 * standard (UTS #39), React's minified error codes, an upstream repository's issue (owner/repo#N).
 * They are taken out of the text before it is checked.
 */
const EXTERNAL_REFERENCES = [/\bUTS #\d+/g, /\berror #\d+/g, /[\w.-]+\/[\w.-]+#\d+/g];

/** What counts as a citation, each with the reason it is refused. */
const CITATIONS: { name: string; pattern: RegExp }[] = [
  { name: "an issue number", pattern: /\b(?:issues?|tickets?|PRs?|pull requests?|bugs?)[ \t]+(?:no\.?[ \t]*)?#?\d+/gi },
  { name: "a bare #N reference", pattern: /(?:^|[\s(\[,;])#\d{1,4}\b(?![0-9a-fA-F])/g },
  { name: "a section sign", pattern: /§[ \t]*\d/g },
  { name: "a spec section number", pattern: /\b(?:spec|specification|contract)(?:'s)?[ \t]+(?:sections?[ \t]+|§[ \t]*)(?:\d|[A-Z]-[A-Z]?\d)/gi },
  { name: "a spec section number", pattern: /\bspec[ \t]+\d+(?:\.\d+)*\b(?![ \t]*%)/gi },
  { name: "a section number", pattern: /\bsections?[ \t]+\d+(?:\.\d+)*\b/gi },
  { name: "a contract section id", pattern: /\b[A-Z]-S\d+\b/g },
];

/** Every citation in `source`, as "line: what (the text)". */
export function citationsIn(source: string): string[] {
  let text = source;
  for (const ref of EXTERNAL_REFERENCES) text = text.replace(ref, (m) => " ".repeat(m.length));
  const found: { at: number; what: string }[] = [];
  for (const { name, pattern } of CITATIONS) {
    for (const m of text.matchAll(pattern)) found.push({ at: m.index ?? 0, what: `${name} (${m[0].trim()})` });
  }
  return found
    .sort((a, b) => a.at - b.at)
    .map(({ at, what }) => `${text.slice(0, at).split("\n").length}: ${what}`);
}

const FILES = SOURCE_DIRS.flatMap((d) => filesUnder(join(ROOT, d), SOURCE_FILE)).map((p) => relative(ROOT, p).split("\\").join("/"));

describe("comments say why in words", () => {
  it("finds every form of citation and leaves others' documents alone", () => {
    // Built from pieces so that this file does not cite anything itself.
    const cite = (s: string) => citationsIn(s).length;
    for (const s of ["(iss" + "ue 12)", "Iss" + "ue #" + "3:", "iss" + "ues 18", "see #" + "21", "(#" + "7)", "spec sec" + "tion 9", "Spec sec" + "tions 4 and 5", "spec " + "9:", "§" + "4.2", "§ " + "7", "(sec" + "tion 4)", "contract sec" + "tion A-S" + "2", "(A-S" + "1)"]) {
      expect(cite(`// ${s}`), s).toBeGreaterThan(0);
    }
    for (const s of ["UTS #39", "React error #418", "tursodatabase/libsql-js#237", "color:#777", "<section id>", "the spec's defaults", "the spec's 65 % alert", "migration 0040", "rule 4", "item 3"]) {
      expect(cite(`// ${s}`), s).toBe(0);
    }
  });

  it("no source file cites an issue number or a spec section number", () => {
    const offences = FILES.flatMap((f) => citationsIn(readFileSync(join(ROOT, f), "utf8")).map((c) => `${f}:${c}`));
    expect(offences, "say the reason in words; a lasting decision goes to docs/decisions.md").toEqual([]);
  });
});
