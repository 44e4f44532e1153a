/** The built site (dist/) read from disk once per file and kept in memory; works on Node and Deno. */
import { readFile } from "node:fs/promises";
import { join, normalize } from "node:path";
import type { AssetSource, StaticAsset } from "../../domain/ports/static-assets.ts";

const TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
  json: "application/json",
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  ico: "image/x-icon",
  txt: "text/plain; charset=utf-8",
  woff2: "font/woff2",
  map: "application/json",
};

export function diskAssets(root: string): AssetSource {
  const cache = new Map<string, StaticAsset>();
  return {
    async get(path: string) {
      const rel = normalize(path).replace(/^([/\\])+/, "");
      if (rel.startsWith("..")) return null;
      if (cache.has(rel)) return cache.get(rel)!;
      try {
        const body = new Uint8Array(await readFile(join(root, rel)));
        const ext = rel.split(".").pop()?.toLowerCase() ?? "";
        const asset = { body, contentType: TYPES[ext] ?? "application/octet-stream" };
        cache.set(rel, asset); // only files that exist, so unknown paths cannot grow the cache
        return asset;
      } catch {
        return null;
      }
    },
  };
}
