/**
 * Serving the built site from the same process as the API: static files, the routes that depend on
 * the session (/dashboard, /profile, /sportsbook), and the 404 page for anything else.
 */
import { Hono, type Context } from "hono";
import type { AppEnv, AssetSource } from "./env.ts";
import { session } from "./middleware/session.ts";
import { inlineScriptHashes } from "./middleware/security.ts";

/** Pages shown at a path only when signed in; the landing page otherwise. */
const CONDITIONAL: Record<string, string> = {
  "/dashboard": "admin/index.html",
  "/profile": "account/index.html",
  "/sportsbook": "public/index.html",
};

function candidates(path: string): string[] {
  const clean = path.replace(/\/+$/, "") || "/";
  if (clean === "/") return ["index.html"];
  const rel = clean.slice(1);
  return /\.[a-z0-9]+$/i.test(rel) ? [rel] : [`${rel}/index.html`, `${rel}.html`];
}

export function siteRoutes(assets: AssetSource) {
  const site = new Hono<AppEnv>();
  // Built pages do not change while the process runs: hash each page's inline scripts once.
  const hashesByFile = new Map<string, string[]>();

  const send = async (c: Context<AppEnv>, file: string, status: 200 | 404 = 200) => {
    const asset = await assets.get(file);
    if (!asset) return null;
    if (asset.contentType.startsWith("text/html")) {
      let hashes = hashesByFile.get(file);
      if (!hashes) {
        hashes = await inlineScriptHashes(new TextDecoder().decode(asset.body));
        hashesByFile.set(file, hashes);
      }
      c.set("scriptHashes", hashes);
    }
    const immutable = file.startsWith("_astro/");
    c.header("Content-Type", asset.contentType);
    c.header("Cache-Control", immutable ? "public, max-age=31536000, immutable" : "no-cache");
    if (c.req.method === "HEAD") return c.body(null, status);
    return c.body(asset.body as Uint8Array<ArrayBuffer>, status);
  };

  for (const path of Object.keys(CONDITIONAL)) site.use(path, session()).use(`${path}/`, session());

  site.on(["GET", "HEAD"], "*", async (c) => {
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      path = "\0"; // malformed percent-encoding: not a file we have
    }
    if (path.includes("..") || path.includes("\0")) return (await send(c, "404.html", 404)) ?? c.text("Not found", 404);
    const conditional = CONDITIONAL[path.replace(/\/+$/, "")];
    if (conditional) {
      const signedIn = c.get("actor").kind === "user";
      c.header("Vary", "Cookie");
      return (await send(c, signedIn ? conditional : "index.html")) ?? c.text("Not found", 404);
    }
    for (const file of candidates(path)) {
      const res = await send(c, file);
      if (res) return res;
    }
    return (await send(c, "404.html", 404)) ?? c.text("404 Page Not Found", 404);
  });
  return site;
}
