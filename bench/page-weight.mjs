#!/usr/bin/env node
/**
 * JavaScript each built page loads, gzip-compressed: the module scripts and island chunks the HTML
 * references, plus every chunk they import, counted once per page. Run after `npm run build`:
 *   node bench/page-weight.mjs
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join, relative } from "node:path";

const dist = new URL("../dist/", import.meta.url).pathname;

function htmlFiles(dir) {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? htmlFiles(p) : n.endsWith(".html") ? [p] : [];
  });
}

const refsIn = (text) => [...text.matchAll(/\/_astro\/[\w.-]+\.js/g)].map((m) => m[0]);
const importsIn = (text) => [...text.matchAll(/(?:from|import)\s*\(?\s*["']\.\/([\w.-]+\.js)["']/g)].map((m) => `/_astro/${m[1]}`);

const rows = [];
for (const file of htmlFiles(dist)) {
  const seen = new Set();
  const queue = refsIn(readFileSync(file, "utf8"));
  while (queue.length) {
    const ref = queue.pop();
    if (seen.has(ref)) continue;
    seen.add(ref);
    queue.push(...importsIn(readFileSync(join(dist, ref), "utf8")));
  }
  let raw = 0;
  let gz = 0;
  for (const ref of seen) {
    const buf = readFileSync(join(dist, ref));
    raw += buf.length;
    gz += gzipSync(buf, { level: 9 }).length;
  }
  rows.push({ page: "/" + relative(dist, file).replace(/index\.html$/, "").replace(/\.html$/, ""), chunks: seen.size, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gz / 1024).toFixed(1) });
}
rows.sort((a, b) => a.page.localeCompare(b.page));
console.table(rows);
