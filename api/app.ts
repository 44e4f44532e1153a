/**
 * createApp(deps) -> the Hono app: API under /api, the built site everywhere else. No top-level
 * I/O, so tests call app.request() against a real temporary database without starting a server.
 */
import { OpenAPIHono } from "@hono/zod-openapi";
import { HTTPException } from "hono/http-exception";
import type { AppDeps, AppEnv } from "./env.ts";
import { ApiFailure, errorBody, internalErrorBody, sendError } from "./errors.ts";
import { requestId } from "./middleware/request-id.ts";
import { clientAddress } from "./middleware/client-address.ts";
import { liveOdds as liveOddsOf, streamRoutes } from "./live-odds/index.ts";
import { rateLimit } from "./middleware/rate-limit.ts";
import type { RateLimitName } from "./settings.ts";
import { withEdgeAnswers } from "./edge-answers.ts";
import { sameOrigin, securityHeaders } from "./middleware/security.ts";
import { publicOrigin } from "./middleware/public-origin.ts";
import { bodyLimit } from "./middleware/body-limit.ts";
import { session } from "./middleware/session.ts";
import { noStoreOnErrors, setResponseHeader } from "./middleware/response-headers.ts";
import { authRoutes, demoRoutes } from "./routes/auth.ts";
import { eventRoutes } from "./routes/events.ts";
import { betRoutes } from "./routes/bets.ts";
import { customerRoutes } from "./routes/customer.ts";
import { adminRoutes } from "./routes/admin.ts";
import { adminListRoutes } from "./routes/admin-lists.ts";
import { fantasyRoutes } from "./routes/fantasy/index.ts";
import { healthRoutes } from "./routes/health.ts";
import { accountRoutes } from "./routes/account.ts";
import { bettingDataRoutes } from "./routes/betting-data.ts";
import { walletRoutes } from "./routes/wallet.ts";
import { bonusRoutes } from "./routes/bonus.ts";
import { responsibleRoutes } from "./routes/responsible.ts";
import { rgAdminRoutes } from "./routes/rg-admin.ts";
import { withdrawAccessRoutes } from "./routes/withdraw-access.ts";
import { cashOutRoutes } from "./routes/cash-out.ts";
import { sameGameMultiRoutes } from "./routes/same-game-multis.ts";
import { sessionActivity } from "./middleware/session-activity.ts";
import { riskRoutes } from "./routes/risk.ts";
import { marketRoutes } from "./routes/markets.ts";
import { correctionRoutes } from "./routes/corrections.ts";
import { approvalRoutes } from "./routes/approvals.ts";
import { governanceRoutes } from "./routes/governance.ts";
import { tradingRoutes } from "./routes/trading.ts";
import { withdrawalRoutes } from "./routes/withdrawals.ts";
import { auditRoutes } from "./routes/audit.ts";
import { systemRoutes } from "./routes/system.ts";
import { userRoutes } from "./routes/users.ts";
import { fraudRoutes } from "./routes/fraud.ts";
import { taskRoutes } from "./routes/tasks.ts";
import { backOfficeRoutes } from "./routes/back-office.ts";
import { paymentsAdminRoutes } from "./routes/payments-admin.ts";
import { renderDocs } from "./docs.ts";
import { validationHook } from "./errors.ts";
import { siteRoutes } from "./site.ts";
import { admissionGate } from "./middleware/admission.ts";


/** The routes under /api with an abuse limit on their POSTs. */
const RATE_LIMITED: readonly { path: string; name: RateLimitName; forgive?: number[] }[] = [
  { path: "/demo/login", name: "demo-login" },
  { path: "/auth/login", name: "sign-in" },
  // An invalid form (400) is not charged to the hour's registrations.
  { path: "/auth/register", name: "register", forgive: [400] },
  { path: "/bets", name: "bets" },
];

export function createApp(appDeps: AppDeps) {
  // One admission gate per app (one writer per process); its in-play delay leaves the queue while it waits.
  const gate = appDeps.admission ? admissionGate(appDeps.admission) : null;
  const deps: AppDeps = gate ? { ...appDeps, ports: { ...appDeps.ports, inPlay: gate.inPlay(appDeps.ports.inPlay) } } : appDeps;
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

  // The hottest read (every open betting page polls it) and the stream go first, ahead of the
  // middleware chain (api/live-odds/: public, the same for everyone, at constant cost).
  const odds = liveOddsOf(deps);
  const liveOdds = odds.snapshot;
  odds.mount(app);
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("liveOdds", liveOdds);
    c.set("actor", { kind: "anonymous" });
    await next();
  });
  // Overload is an answer: the queued writes are refused at once (503) when the wait they would have
  // is over the budget, ahead of the rest of the chain (the refusal carries the request id, security
  // headers and log line by itself: api/middleware/admission.ts), so a refusal costs little and the
  // gate counts a write from as soon as the server has read it. Nothing reads or writes for a
  // refused write: not the session lookup, not the rate limits. A refusal comes before the host and
  // same-origin checks too; it does nothing, so it tells a foreign caller nothing either.
  if (gate) {
    app.use("/api/bets", gate.guard("BET.BUSY"));
    app.use("/api/bets/:id/cash-out", gate.guard("SYSTEM.BUSY"));
    app.use("/api/fantasy/contests/:id/entries", gate.guard("SYSTEM.BUSY"));
    app.use("/api/wallet/deposits", gate.guard("SYSTEM.BUSY", { counted: false }));
    app.use("/api/wallet/withdrawals", gate.guard("SYSTEM.BUSY", { counted: false }));
  }
  app.use("*", requestId());
  app.use("*", noStoreOnErrors());
  app.use("*", clientAddress());
  app.use("*", securityHeaders());
  // A request for a host that is not ours is refused (421); our origin is settled here for the
  // same-origin check and the session cookie (api/middleware/public-origin.ts).
  app.use("*", publicOrigin());
  app.use("*", sameOrigin());
  // No body over 64 KiB is read into memory (413 REQUEST.TOO_LARGE), before sessions or handlers.
  app.use("*", bodyLimit());
  // Only the API and the session-dependent pages need to know who is asking; static files do not.
  app.use("/api/*", session());
  app.use("/api/*", sessionActivity());

  const api = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  api.use("*", async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) setResponseHeader(c, "Cache-Control", "no-store");
  });
  // Abuse limits on POSTs, before the handlers (see api/middleware/rate-limit.ts and
  // docs/security.md); the OpenAPI document names their 429 from the same list.
  for (const limited of RATE_LIMITED) api.use(limited.path, rateLimit(limited.name, ["POST"], limited.forgive ?? []));
  api.route("/", healthRoutes);
  api.route("/", authRoutes);
  api.route("/", demoRoutes);
  api.route("/", eventRoutes);
  api.route("/", betRoutes);
  api.route("/", customerRoutes);
  api.route("/", adminRoutes);
  api.route("/", adminListRoutes);
  api.route("/", accountRoutes);
  api.route("/", bettingDataRoutes);
  api.route("/", streamRoutes);
  api.route("/", walletRoutes);
  api.route("/", bonusRoutes);
  api.route("/", responsibleRoutes);
  api.route("/", rgAdminRoutes);
  api.route("/", withdrawAccessRoutes);
  api.route("/", cashOutRoutes);
  api.route("/", sameGameMultiRoutes);
  api.route("/", fantasyRoutes);
  api.route("/", riskRoutes);
  api.route("/", marketRoutes);
  api.route("/", correctionRoutes);
  api.route("/", approvalRoutes);
  api.route("/", governanceRoutes);
  api.route("/", tradingRoutes);
  api.route("/", withdrawalRoutes);
  api.route("/", auditRoutes);
  api.route("/", systemRoutes);
  api.route("/", userRoutes);
  api.route("/", fraudRoutes);
  api.route("/", taskRoutes);
  api.route("/", backOfficeRoutes);
  api.route("/", paymentsAdminRoutes);

  const docConfig = {
    openapi: "3.1.0",
    info: {
      title: "BetPro Sportsbook API",
      version: deps.version ?? "dev",
      description:
        "JSON over HTTPS with a session cookie. Money is integer cents; odds are exact decimal strings. " +
        'Every error is { "error": { "code", "message", "requestId", "details"? } }.',
    },
  };
  app.route("/api", api);
  // The document is generated from the root app so every path carries its /api prefix, with the
  // answers of the middleware in front of the routes (api/edge-answers.ts).
  const rateLimited = RATE_LIMITED.map((l) => `POST /api${l.path}`);
  const document = () => withEdgeAnswers(app.getOpenAPI31Document(docConfig), { rateLimited });
  app.get("/api/openapi.json", (c) => c.json(document()));
  app.get("/api/docs", (c) => c.html(renderDocs(document() as never)));
  app.all("/api/*", (c) => sendError(c, { code: "ROUTE.NOT_FOUND", message: `No route ${c.req.method} ${c.req.path}` }));
  app.route("/", siteRoutes(deps.assets));

  app.notFound((c) => sendError(c, { code: "ROUTE.NOT_FOUND", message: "Not found" }));
  app.onError((e, c) => {
    if (e instanceof ApiFailure) return sendError(c, e.failure);
    if (e instanceof HTTPException && e.status < 500) {
      // Hono's validators: malformed JSON (400) or a body that is not JSON at all (415). Both are
      // invalid bodies, answered as 400 like every other invalid input.
      if (/json/i.test(e.message))
        return sendError(c, { code: "REQUEST.INVALID_JSON", message: "The request body is not valid JSON" });
      if (e.status === 415)
        return sendError(c, { code: "REQUEST.INVALID", message: "Send the request body as application/json" });
      return c.json(errorBody(c.get("requestId") ?? "-", { code: "REQUEST.INVALID", message: e.message || "Invalid request" }), e.status);
    }
    // A database guard that holds an account (a ledger transaction on it left open by a writer
    // outside the app, migrations/0054): any write that would post to it is refused, whichever use
    // case sent it; nothing was written. The reconciliation has already alarmed the operators.
    if (/LEDGER\.ACCOUNT_HELD/.test(String((e as { message?: unknown })?.message ?? "")))
      return sendError(c, {
        code: "LEDGER.ACCOUNT_HELD",
        message: "This account is on hold while our team checks an entry on it; nothing was done. Please contact support.",
      });
    return c.json(internalErrorBody(c.get("requestId"), c.req.path, e), 500);
  });

  // The live-odds poll skips the router too (api/live-odds/index.ts fastPath).
  odds.fastPath(app);
  return app;
}
