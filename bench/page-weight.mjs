#!/usr/bin/env node
/**
 * JavaScript each built page loads, gzip-compressed (see bench/lib/pages.ts). Run after
 * `npm run build`: node bench/page-weight.mjs
 *
 * The table: the page's React islands, then what the page loads before anything is clicked (the
 * scripts its HTML references and every chunk they import statically: bench/lib/pages.ts, the
 * figures the budgets are about), then the chunks only loaded on demand (dynamic `import()`, e.g.
 * the admin console's lazily loaded sections), which the budgets do not count.
 *
 * node bench/page-weight.mjs --chunks /betting   lists that page's chunks, largest first.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { pageWeights } from "./lib/pages.ts";

const dist = new URL("../dist/", import.meta.url).pathname;

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? htmlFiles(p) : n.endsWith(".html") ? [p] : [];
  });
}
const pageOf = (file) => ("/" + relative(dist, file).replace(/index\.html$/, "").replace(/\.html$/, "")).replace(/(.)\/$/, "$1");
const scriptsIn = (html) => [...new Set([...html.matchAll(/\/_astro\/([\w.-]+\.js)/g)].map((m) => m[1]))];
/** Islands by component name (the chunk name without its hash). */
const islandsIn = (html) => [...new Set([...html.matchAll(/component-url="\/_astro\/([\w-]+)\.[\w-]+\.js"/g)].map((m) => m[1]))];
// Rolldown writes `import{a as b}from"./x.js"` / `import"./x.js"` and `import(`./x.js`)`.
const staticImports = (code) => [...code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([\w.-]+\.js)["']/g)].map((m) => m[1]);
const dynamicImports = (code) => [...code.matchAll(/\bimport\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)].map((m) => m[1]);

const sizes = new Map();
function sizeOf(chunk) {
  if (!sizes.has(chunk)) {
    const buf = readFileSync(join(dist, "_astro", chunk));
    sizes.set(chunk, { raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length });
  }
  return sizes.get(chunk);
}

/** Chunks a page loads first (static closure of its scripts) and those loaded only on demand. */
function chunksOf(htmlFile) {
  const kind = new Map();
  const visit = (chunk, k) => {
    if (kind.get(chunk) === "initial" || kind.get(chunk) === k) return;
    kind.set(chunk, k);
    const code = readFileSync(join(dist, "_astro", chunk), "utf8");
    for (const s of staticImports(code)) visit(s, k);
    for (const d of dynamicImports(code)) if (!kind.has(d)) visit(d, "lazy");
  };
  for (const s of scriptsIn(readFileSync(htmlFile, "utf8"))) visit(s, "initial");
  return kind;
}

const kb = (bytes) => +(bytes / 1024).toFixed(1);
const files = htmlFiles(dist);
const only = process.argv.indexOf("--chunks");

if (only !== -1) {
  const page = process.argv[only + 1] ?? "/";
  const file = files.find((f) => pageOf(f) === page);
  if (!file) throw new Error(`no built page ${page} (pages: ${files.map(pageOf).join(" ")})`);
  const rows = [...chunksOf(file)].map(([chunk, kind]) => ({ chunk, kind, rawKB: kb(sizeOf(chunk).raw), gzipKB: kb(sizeOf(chunk).gzip) }));
  console.table(rows.sort((a, b) => (a.kind === b.kind ? b.gzipKB - a.gzipKB : a.kind === "initial" ? -1 : 1)));
} else {
  const byPage = new Map(files.map((f) => [pageOf(f), f]));
  console.table(
    pageWeights().map((w) => {
      const file = byPage.get(w.page);
      const lazy = [...chunksOf(file)].filter(([, k]) => k === "lazy").map(([c]) => c);
      return {
        page: w.page,
        islands: islandsIn(readFileSync(file, "utf8")).join(" "),
        chunks: w.chunks,
        rawKB: w.rawKB,
        gzipKB: w.gzipKB,
        lazyChunks: lazy.length,
        lazyGzipKB: kb(lazy.reduce((n, c) => n + sizeOf(c).gzip, 0)),
      };
    }),
  );
}
