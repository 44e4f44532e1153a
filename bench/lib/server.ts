/** Start the product (Node or Deno entry) on a fresh database for a benchmark, and stop it. */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

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
    : ["deno", ["run", "--allow-net", "--allow-env", "--allow-read", "--allow-write", "--allow-ffi", "--allow-sys", "api/deno.ts"]];
  const child = spawn(args[0] as string, args[1] as string[], { env, stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${opts.port}`;
  // Generous: on a loaded machine seeding a fresh database and starting can take a minute or more.
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

export function startCeiling(runtime: "node" | "deno", port: number): ChildProcess {
  const args = runtime === "node" ? ["node", ["bench/ceiling-hono.ts"]] : ["deno", ["run", "--allow-net", "--allow-env", "bench/ceiling-hono.ts"]];
  return spawn(args[0] as string, args[1] as string[], { env: { ...process.env, PORT: String(port) }, stdio: ["ignore", "ignore", "inherit"] });
}
