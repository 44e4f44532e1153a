#!/usr/bin/env node
/**
 * The npm registry this project's machines reach serves only the Linux x64 builds of some optional
 * platform binaries (Deno's, Astro's compiler's). npm then leaves the other platforms' entries out
 * of package-lock.json, and `npm ci` refuses the lock as out of sync. This adds those entries as a
 * full registry would (optional, with their os/cpu/libc), so `npm ci` validates and skips them here.
 * Run after any dependency change: `node scripts/complete-lockfile.mjs`.
 */
import { readFileSync, writeFileSync } from "node:fs";

const path = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(path, "utf8"));
const pkgs = lock.packages;
const added = [];
for (const [key, meta] of Object.entries(pkgs)) {
  for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
    const nested = key ? `${key}/node_modules/${name}` : `node_modules/${name}`;
    if (pkgs[`node_modules/${name}`] || pkgs[nested]) continue;
    const entry = { version, optional: true };
    if (meta.dev) entry.dev = true;
    const n = name.split("/").pop();
    for (const os of ["darwin", "win32", "linux", "android", "freebsd"])
      if (n.startsWith(`${os}-`) || n.includes(`-${os}-`) || n.endsWith(`-${os}`)) entry.os = [os];
    const cpu = /-(arm64|x64|ia32|arm|wasm32)(-|$)/.exec(n);
    if (cpu) entry.cpu = [cpu[1]];
    if (n.includes("-musl")) entry.libc = ["musl"];
    else if (n.includes("-gnu") || n.includes("-glibc")) entry.libc = ["glibc"];
    pkgs[`node_modules/${name}`] = entry;
    added.push(`${name}@${version}`);
  }
}
lock.packages = Object.fromEntries(Object.entries(pkgs).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `added ${added.length} entries:\n${added.join("\n")}` : "package-lock.json already complete");
