/** Start the product (Node or Deno entry) on a fresh database for a benchmark, and stop it. */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export interface RunningServer {
  url: string;
  pid: number;
  dbPath: string;
  child: ChildProcess;
  rssMb(): number;
  stop(): Promise<void>;
}

export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

export function rssMbOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return m ? Math.round(Number(m[1]) / 1024) : NaN;
  } catch {
    return NaN;
  }
}

/** CPU time (user + system) a process has used, in ms, from /proc; NaN once it has gone. */
export function cpuMsOf(pid: number | string): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 1/100 s
  } catch {
    return NaN;
  }
}

/** The line a server prints once it is listening, with the port it bound (api/node.ts, api/deno.ts, bench/ceiling-hono.ts). */
const LISTENING = /listening on http:\/\/localhost:(\d+)/;

/**
 * The port `child` reports it bound, from its stdout (kept drained afterwards). With port 0 the
 * system chooses a free one, so a run never collides with another process's port.
 */
function boundPort(child: ChildProcess, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let out = "";
    let found = false;
    const timer = setTimeout(() => reject(new Error(`no "listening on" line within ${timeoutMs} ms: ${out.slice(-500)}`)), timeoutMs);
    child.stdout!.setEncoding("utf8");
    child.stdout!.on("data", (d: string) => {
      if (found) return;
      out += d;
      const m = LISTENING.exec(out);
      if (m) {
        found = true;
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (!found) reject(new Error(`server exited (${code}) before listening: ${out.slice(-500)}`));
    });
  });
}

/** Starts the product; `port` 0 (or none) takes a free port from the system. */
/** The Deno entry's arguments as `deno task serve` runs it (deno.json), so a benchmark runs what operators run. */
export function denoServeArgs(): string[] {
  const task = (JSON.parse(readFileSync(fileURLToPath(new URL("../../deno.json", import.meta.url)), "utf8")) as { tasks: { serve: string } }).tasks.serve;
  const [deno, ...args] = task.split(/\s+/);
  if (deno !== "deno") throw new Error(`deno.json's serve task does not start with deno: ${task}`);
  return args;
}

export async function startProduct(opts: { runtime: "node" | "deno"; port: number; env?: Record<string, string> }): Promise<RunningServer> {
  const dir = mkdtempSync(join(tmpdir(), "bench-server-"));
  const dbPath = join(dir, "bench.db");
  const env = {
    ...process.env,
    PORT: String(opts.port),
    DATABASE_URL: `file:${dbPath}`,
    LOG_REQUESTS: "0",
    NODE_ENV: "production",
    // The load generator is one address making thousands of customers and bets.
    RATE_LIMITS: "off",
    ...opts.env,
  };
  const args = opts.runtime === "node"
    ? // BENCH_NODE_ARGS: flags for the server's Node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile it.
      ["node", [...(process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean), "api/node.ts"]]
    : ["deno", denoServeArgs()];
  const child = spawn(args[0] as string, args[1] as string[], { env, stdio: ["ignore", "pipe", "inherit"] });
  // Generous: on a loaded machine seeding a fresh database and starting can take a minute or more.
  const url = `http://127.0.0.1:${await boundPort(child, 240_000)}`;
  await waitFor(`${url}/api/health`, 240_000);
  return {
    url,
    pid: child.pid!,
    dbPath,
    child,
    rssMb: () => rssMbOf(child.pid!),
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts the bare Hono server of the first ceiling; `port` 0 takes a free one. Resolves once it listens. */
export async function startCeiling(runtime: "node" | "deno", port: number): Promise<{ child: ChildProcess; url: string }> {
  const args = runtime === "node" ? ["node", ["bench/ceiling-hono.ts"]] : ["deno", ["run", "--allow-net", "--allow-env", "bench/ceiling-hono.ts"]];
  const child = spawn(args[0] as string, args[1] as string[], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "pipe", "inherit"] });
  return { child, url: `http://127.0.0.1:${await boundPort(child, 60_000)}` };
}
