/**
 * Fan-out of the live-odds stream: N concurrent subscribers, then one price change written to the
 * database (as a trader or the feed would), timed until every subscriber has received it.
 */
import http from "node:http";
import { openServerDatabase } from "./db.ts";
import type { RunningServer } from "./server.ts";

export async function streamFanOut(server: RunningServer, n: number) {
  const { hostname, port } = new URL(server.url);
  const probe = await fetch(`${server.url}/api/live-odds/stream`).catch(() => null);
  if (!probe || probe.status !== 200) return { error: `stream route answered ${probe?.status ?? "nothing"}` } as const;
  await probe.body?.cancel();

  const db = openServerDatabase(server.dbPath);
  const target = (
    await db.execute(
      "SELECT o.id AS outcome, e.id AS event FROM outcomes o JOIN markets m ON m.id = o.market_id JOIN events e ON e.id = m.event_id WHERE e.status = 'live' AND m.status = 'open' ORDER BY m.sort_order, o.sort_order LIMIT 1",
    )
  ).rows[0] as unknown as { outcome: string; event: string };
  const marker = 9_870; // 9.87, a price the feed never produces next to a live favourite
  const needle = "9.87";

  let connected = 0;
  let changedAt = 0;
  const latencies: number[] = [];
  const requests: http.ClientRequest[] = [];
  await new Promise<void>((resolve) => {
    for (let i = 0; i < n; i++) {
      const req = http.get({ hostname, port, path: "/api/live-odds/stream", agent: false, headers: { accept: "text/event-stream" } }, (res) => {
        connected++;
        if (connected === n) resolve();
        let tail = "";
        let done = false;
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          if (done) return;
          const text = tail + chunk;
          const lines = text.split("\n");
          tail = lines.pop() ?? "";
          for (const line of lines)
            if (changedAt && line.startsWith("data:") && line.includes(target.event) && line.includes(needle)) {
              latencies.push(performance.now() - changedAt);
              done = true;
              break;
            }
        });
      });
      req.on("error", () => {});
      requests.push(req);
    }
    setTimeout(resolve, 60_000);
  });
  await new Promise((r) => setTimeout(r, 1000));
  const rssBefore = server.rssMb();
  changedAt = performance.now();
  await db.execute({ sql: "UPDATE outcomes SET price_milli = ?, updated_at = ? WHERE id = ?", args: [marker, Date.now(), target.outcome] });
  const end = performance.now() + 10_000;
  while (latencies.length < connected && performance.now() < end) await new Promise((r) => setTimeout(r, 20));
  const rssMb = Math.max(rssBefore, server.rssMb());
  for (const r of requests) r.destroy();
  db.close();
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => (latencies.length ? Math.round(latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]) : NaN);
  return { error: undefined, connected, delivered: latencies.length, p50: pct(50), p99: pct(99), rssMb };
}
