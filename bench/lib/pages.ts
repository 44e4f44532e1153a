/** Page weight (JS per built page, gzip) and a Lighthouse run of the landing page in Debian's Chromium. */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join, relative } from "node:path";
import { startProduct } from "./server.ts";

const dist = new URL("../../dist/", import.meta.url).pathname;

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? htmlFiles(p) : n.endsWith(".html") ? [p] : [];
  });
}
const refsIn = (text: string) => [...text.matchAll(/\/_astro\/[\w.-]+\.js/g)].map((m) => m[0]);
const importsIn = (text: string) => [...text.matchAll(/(?:from|import)\s*\(?\s*["']\.\/([\w.-]+\.js)["']/g)].map((m) => `/_astro/${m[1]}`);

/** JS each page loads: the scripts the HTML references plus every chunk they import, once per page. */
export function pageWeights(): { page: string; chunks: number; rawKB: number; gzipKB: number }[] {
  return htmlFiles(dist).map((file) => {
    const seen = new Set<string>();
    const queue = refsIn(readFileSync(file, "utf8"));
    while (queue.length) {
      const ref = queue.pop()!;
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
    const page = ("/" + relative(dist, file).replace(/index\.html$/, "").replace(/\.html$/, "")).replace(/(.)\/$/, "$1");
    return { page, chunks: seen.size, rawKB: +(raw / 1024).toFixed(1), gzipKB: +(gz / 1024).toFixed(1) };
  }).sort((a, b) => a.page.localeCompare(b.page));
}

export async function lighthouseLanding(port = 4420): Promise<{ error?: string; performance: number; cls: number; lcpMs: number }> {
  const server = await startProduct({ runtime: "node", port });
  try {
    const { default: lighthouse } = await import("lighthouse");
    const chromeLauncher = await import("chrome-launcher");
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
      chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
    });
    try {
      const result = await lighthouse(`${server.url}/`, { port: chrome.port, onlyCategories: ["performance"], output: "json", logLevel: "error" });
      const lhr = result!.lhr;
      return {
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        cls: Number(lhr.audits["cumulative-layout-shift"].numericValue?.toFixed(3)),
        lcpMs: Math.round(lhr.audits["largest-contentful-paint"].numericValue ?? 0),
      };
    } finally {
      await chrome.kill();
    }
  } catch (e) {
    return { error: `lighthouse failed: ${String(e).slice(0, 160)}`, performance: 0, cls: 1, lcpMs: 0 };
  } finally {
    await server.stop();
  }
}
