import type { Ports } from "../../domain/ports/index.ts";
import { LibsqlIdempotency, LibsqlSessions, LibsqlUsers, LibsqlWallets } from "./accounts.ts";
import { LibsqlBets } from "./bets.ts";
import type { Database } from "./database.ts";
import { LibsqlEvents } from "./events.ts";
import { LibsqlFantasy } from "./fantasy.ts";

export { openDatabase, type Database } from "./database.ts";

export function libsqlPorts(d: Database): Ports {
  return {
    users: new LibsqlUsers(d),
    sessions: new LibsqlSessions(d),
    events: new LibsqlEvents(d.client),
    bets: new LibsqlBets(d.client),
    wallets: new LibsqlWallets(d),
    idempotency: new LibsqlIdempotency(d),
    fantasy: new LibsqlFantasy(d.client),
  };
}
