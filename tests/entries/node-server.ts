/** The product's Node entry started for an entries test, on a port of the test's choosing. */
import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");

/**
 * Starts `node api/node.ts` with `env` over the test process's environment and waits (up to 120 s: a start seeds the demo data, and on a loaded 2-core machine that took over 40 s)
 * until /api/health answers; the child (to kill) and its base URL.
 */
export async function startNodeServer(
  port: number,
  env: Record<string, string>,
  stderr: "ignore" | "inherit" = "ignore",
): Promise<{ child: ChildProcess; base: string }> {
  const child = spawn(process.execPath, ["api/node.ts"], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), ...env },
    stdio: ["ignore", "ignore", stderr],
  });
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base };
    } catch {}
    if (Date.now() > deadline) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
}
