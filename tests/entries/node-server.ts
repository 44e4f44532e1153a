/**
 * The product's entries started for an entries test as real processes. Each takes a free port from
 * the system (PORT=0) and reports the one it bound on its first line ("listening on
 * http://localhost:PORT"), read here: a port picked at random by the test could be taken by another
 * process on a shared machine, the system's never is.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { resolve } from "node:path";

export const ROOT = resolve(import.meta.dirname, "../..");

/** The line an entry prints once it is listening (api/node.ts, api/deno.ts). */
const LISTENING = /listening on http:\/\/localhost:(\d+)/;

/**
 * Starts `cmd args` (default: `node api/node.ts`) with `env` over the test process's environment and
 * PORT=0, reads the port it bound from its output, and waits (up to 120 s: a start seeds the demo
 * data, and on a loaded 2-core machine that took over 40 s) until /api/health answers. Returns the
 * child (to kill), its base URL and everything it has written so far.
 */
export async function startEntry(opts: {
  env: Record<string, string>;
  cmd?: string;
  args?: string[];
  /** Also copy the server's stderr to the test's (its output is always kept for errors). */
  inheritStderr?: boolean;
}): Promise<{ child: ChildProcess; base: string; output: () => string }> {
  const child = spawn(opts.cmd ?? process.execPath, opts.args ?? ["api/node.ts"], {
    cwd: ROOT,
    env: { ...process.env, ...opts.env, PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  const output = () => out;
  const deadline = Date.now() + 120_000;
  const port = await new Promise<number>((resolvePort, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not report its port within 120 s:\n${out}`)), deadline - Date.now());
    const seen = (d: Buffer) => {
      out += d;
      const m = LISTENING.exec(out);
      if (m) {
        clearTimeout(timer);
        resolvePort(Number(m[1]));
      }
    };
    child.stdout!.on("data", seen);
    child.stderr!.on("data", (d: Buffer) => {
      if (opts.inheritStderr) process.stderr.write(d);
      seen(d);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited (${code}) before listening:\n${out}`));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${out}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { child, base, output };
    } catch {}
    if (Date.now() > deadline) throw new Error(`server did not become healthy:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** `node api/node.ts` with `env` (see startEntry). */
export async function startNodeServer(env: Record<string, string>, stderr: "ignore" | "inherit" = "ignore"): Promise<{ child: ChildProcess; base: string }> {
  const { child, base } = await startEntry({ env, inheritStderr: stderr === "inherit" });
  return { child, base };
}
