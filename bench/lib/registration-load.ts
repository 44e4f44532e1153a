/**
 * Registration under a steady offered load (open model, bench/lib/paced.ts) against a running
 * product: p50/p99, refusals, errors, the server's CPU per registration, and that every 201 made an
 * account. A registration is one password hash (scrypt) plus person keys (HMAC) and one write.
 */
import { openServerDatabase } from "./db.ts";
import { paced, type PacedResult } from "./paced.ts";
import { cpuMsOf, type RunningServer } from "./server.ts";

export interface RegistrationResult {
  run: PacedResult;
  cpuMsPerRegistration: number;
  stored: number;
}

export async function registrationLoad(server: RunningServer, ratePerSecond: number, seconds: number, warmupSeconds = 2): Promise<RegistrationResult> {
  const run = Date.now().toString(36);
  const body = (i: number) =>
    JSON.stringify({
      firstName: `Bench${i}`,
      lastName: `Registrant${run}`,
      email: `reg${i}.${run}@bench.example`,
      password: `correct horse battery ${i}`,
      dateOfBirth: `19${60 + (i % 40)}-0${(i % 9) + 1}-1${i % 10}`,
    });
  const before = cpuMsOf(server.pid);
  const r = await paced({
    url: server.url,
    ratePerSecond,
    durationSeconds: seconds,
    warmupSeconds,
    connections: 16,
    request: (i) => ({ method: "POST", path: "/api/auth/register", headers: { "content-type": "application/json" }, body: body(i) }),
  });
  const cpu = cpuMsOf(server.pid) - before;
  const db = openServerDatabase(server.dbPath);
  try {
    const stored = Number((await db.execute({ sql: "SELECT COUNT(*) AS n FROM users WHERE last_name = ?", args: [`Registrant${run}`] })).rows[0].n);
    return { run: r, cpuMsPerRegistration: Math.round(cpu / Math.max(1, r.all2xx)), stored };
  } finally {
    db.close();
  }
}
