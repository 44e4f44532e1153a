/**
 * Size limits, checked on every test run: a file a newcomer has to hold in their head at once stays
 * under 400 lines, and a domain function (where the rules live) under 80, so each one can be read
 * as a single responsibility. A long file or function is split by what it does, never by line count
 * alone.
 */
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { filesUnder, ROOT } from "./source-files.ts";

/** The files the limits hold for. */
const SOURCE_FILE = /\.(ts|tsx|astro|mjs|js)$/;
const MAX_FILE_LINES = 400;
const MAX_DOMAIN_FUNCTION_LINES = 80;
const CHECKED_FOLDERS = ["domain", "adapters", "api", "site/src", "tests", "bench", "scripts"];

function lineCount(source: string): number {
  if (source.length === 0) return 0;
  const lines = source.split("\n").length;
  return source.endsWith("\n") ? lines - 1 : lines;
}

/** Files over the line limit, as "path: N lines". */
export function oversizedFiles(paths: string[]): string[] {
  return paths
    .map((p) => ({ path: relative(ROOT, p), lines: lineCount(readFileSync(p, "utf8")) }))
    .filter((f) => f.lines > MAX_FILE_LINES)
    .map((f) => `${f.path}: ${f.lines} lines`);
}

function functionName(node: ts.Node): string {
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return "(anonymous)";
}

/** Every function-like node in a source text longer than the limit, as "name (N lines)". */
export function longFunctions(fileName: string, source: string, max = MAX_DOMAIN_FUNCTION_LINES): { name: string; lines: number }[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const found: { name: string; lines: number }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line;
      const end = sf.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > max) found.push({ name: functionName(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe("sizes", () => {
  it("no file in the checked folders is over 400 lines", () => {
    const all = CHECKED_FOLDERS.flatMap((d) => filesUnder(join(ROOT, d), SOURCE_FILE));
    expect(all.length).toBeGreaterThan(100);
    expect(oversizedFiles(all)).toEqual([]);
  });

  it("no function in domain/ is over 80 lines", () => {
    const offenders = filesUnder(join(ROOT, "domain"), SOURCE_FILE)
      // A test file's describe block is a list of cases, not a rule: only the rules are held to 80 lines.
      .filter((p) => /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p))
      .flatMap((p) => longFunctions(p, readFileSync(p, "utf8")).map((f) => ({ key: `${relative(ROOT, p)}: ${f.name}`, lines: f.lines })))
      .map((f) => `${f.key} (${f.lines} lines)`);
    expect(offenders).toEqual([]);
  });

  it("the checks catch what they are meant to catch", () => {
    const body = Array.from({ length: 85 }, (_, i) => `  const x${i} = ${i};`).join("\n");
    expect(longFunctions("f.ts", `export function big() {\n${body}\n}\n`)).toEqual([{ name: "big", lines: 87 }]);
    expect(longFunctions("f.ts", `export const small = () => {\n  return 1;\n};\n`)).toEqual([]);
    expect(lineCount("a\nb\n")).toBe(2);
  });
});
