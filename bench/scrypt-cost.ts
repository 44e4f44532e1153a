/**
 * The CPU one password hash costs at the configured scrypt parameters (and at the ones we moved
 * from), measured in this process: `node bench/scrypt-cost.ts [calls]`. Figures in docs/security.md.
 */
import { ScryptPasswordHasher, DEFAULT_SCRYPT_COST, type ScryptCost } from "../adapters/system/password.ts";

const calls = Number(process.argv[2] ?? 10);
const costs: [string, ScryptCost][] = [
  ["configured", DEFAULT_SCRYPT_COST],
  ["before (128 MiB)", { N: 2 ** 17, r: 8, p: 1 }],
];
for (const [label, cost] of costs) {
  const hasher = new ScryptPasswordHasher(cost);
  const stored = await hasher.hash("correct horse battery staple");
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < calls; i++) await hasher.verify("correct horse battery staple", stored);
  const cpu = process.cpuUsage(cpu0);
  const mib = (128 * cost.N * cost.r) / 2 ** 20;
  console.log(
    `${label}: N=2^${Math.log2(cost.N)} r=${cost.r} p=${cost.p} (${mib} MiB): ` +
      `${((cpu.user + cpu.system) / 1000 / calls).toFixed(0)} ms CPU, ${((performance.now() - t0) / calls).toFixed(0)} ms wall per call`,
  );
}
