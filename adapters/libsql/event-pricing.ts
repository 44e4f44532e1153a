/**
 * An event's match model and state for pricing a new market: the stored ones, or (for an event
 * created without a model, before the feed has played it) the model the feed would derive from
 * its match-result prices, at a fixed variation so the same event always gets the same prices.
 */
import type { Client } from "@libsql/client";
import type { EventPricing } from "../../domain/ports/event-pricing.ts";
import type { MatchModel, MatchState, SportCode } from "../../domain/shared/types.ts";
import { initialState, modelFor } from "../feed/engine/index.ts";

export class LibsqlEventPricing implements EventPricing {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async basisOf(eventId: string): Promise<{ state: MatchState; model: MatchModel } | null> {
    const rs = await this.client.execute({ sql: "SELECT sport, league, state, model FROM events WHERE id = ?", args: [eventId] });
    const row = rs.rows[0];
    if (!row) return null;
    const sport = String(row.sport) as SportCode;
    const league = String(row.league);
    let model: MatchModel | null = row.model ? (JSON.parse(String(row.model)) as MatchModel) : null;
    if (!model) {
      const prices = await this.client.execute({
        sql: `SELECT o.code, o.price_milli FROM outcomes o JOIN markets m ON m.id = o.market_id
              WHERE m.event_id = ? AND m.type = 'full_time_result' ORDER BY m.sort_order, o.sort_order`,
        args: [eventId],
      });
      const price = (code: string) => Number(prices.rows.find((r) => r.code === code)?.price_milli ?? 0);
      const home = price("home");
      const away = price("away");
      const homeShare = home && away ? 1 / home / (1 / home + 1 / away) : 0.5;
      const runners = prices.rows.filter((r) => String(r.code ?? "").startsWith("r")).length;
      model = modelFor(sport, { homeShare, league, runners: runners || undefined, random: () => 0.5 });
    }
    const state: MatchState = row.state
      ? (JSON.parse(String(row.state)) as MatchState)
      : initialState(sport, model, { league, runners: model.runnerProbs?.length });
    return { state, model };
  }
}
