/** The bets both placement measurements send: single bets of 1.00 from many freshly signed-in demo customers. */

export interface BetRequest {
  method: "POST";
  path: "/api/bets";
  headers: Record<string, string>;
  body: string;
}

/**
 * Signs in `customers` demo customers and returns request i of the load: customer i mod n, on
 * selection i mod m, cycling over every outcome of the upcoming events at the price shown.
 */
export async function placementLoad(url: string, customers = 300): Promise<(i: number) => BetRequest> {
  const cookies: string[] = [];
  for (let i = 0; i < customers; i++) {
    const res = await fetch(`${url}/api/demo/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ role: "customer" }) });
    if (!res.ok) throw new Error(`demo login ${res.status} ${await res.text()}`);
    cookies.push(res.headers.getSetCookie()[0].split(";")[0]);
  }
  type Ev = { id: string; markets: { id: string; outcomes: { id: string; odds: string }[] }[] };
  const events = (await (await fetch(`${url}/api/events?status=upcoming&limit=200`)).json()) as Ev[];
  const bodies = events.flatMap((e) =>
    e.markets.flatMap((m) => m.outcomes.map((o) => JSON.stringify({ selections: [{ eventId: e.id, marketId: m.id, outcomeId: o.id, odds: o.odds }], stake: 100, betType: "single" }))),
  );
  return (i) => ({ method: "POST", path: "/api/bets", headers: { "content-type": "application/json", cookie: cookies[i % customers] }, body: bodies[i % bodies.length] });
}
