import type { Ports } from "../../domain/ports/index.ts";
import { LibsqlIdempotency, LibsqlSessions, LibsqlUsers, LibsqlWallets } from "./accounts.ts";
import { LibsqlBets, LibsqlSettlements } from "./bets.ts";
import { LibsqlMarkets } from "./markets.ts";
import { LibsqlRiskBook } from "./risk.ts";
import { LibsqlTrading } from "./trading.ts";
import { LibsqlAuditTrail } from "./audit.ts";
import type { Database } from "./database.ts";
import { LibsqlEvents } from "./events.ts";
import { LibsqlAdminUsers } from "./users-admin.ts";
import { LibsqlFraudRecords } from "./fraud.ts";
import { LibsqlBulkOperations, LibsqlTasks } from "./tasks.ts";
import { LibsqlBackOffice } from "./back-office.ts";

export { openDatabase, type Database } from "./database.ts";

export function libsqlPorts(d: Database): Ports {
  return {
    users: new LibsqlUsers(d),
    sessions: new LibsqlSessions(d),
    events: new LibsqlEvents(d.client),
    bets: new LibsqlBets(d.client),
    wallets: new LibsqlWallets(d),
    idempotency: new LibsqlIdempotency(d),
    markets: new LibsqlMarkets(d.client),
    settlements: new LibsqlSettlements(d.client),
    risk: new LibsqlRiskBook(d.client),
    trading: new LibsqlTrading(d.client),
    auditTrail: new LibsqlAuditTrail(d.client),
    adminUsers: new LibsqlAdminUsers(d),
    fraud: new LibsqlFraudRecords(d),
    tasks: new LibsqlTasks(d),
    bulkOperations: new LibsqlBulkOperations(d),
    backOffice: new LibsqlBackOffice(d),
  };
}
