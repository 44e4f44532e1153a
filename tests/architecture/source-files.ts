/** The architecture tests' one walk of the repository's source folders. */
import { readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

/** The repository's root. */
export const ROOT = resolve(import.meta.dirname, "../..");

/** Every file under `dir` whose name matches `name`, skipping installed packages, build output and dot-files. */
export function filesUnder(dir: string, name: RegExp): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    if (entry === "node_modules" || entry === "dist" || entry.startsWith(".")) continue;
    const p = join(dir, entry);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p, name));
    else if (name.test(entry)) out.push(p);
  }
  return out;
}
