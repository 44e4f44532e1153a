/**
 * One table from DomainError code to HTTP status, and one JSON error envelope:
 * { "error": { "code", "message", "requestId", "details"? } }.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { DomainError, ErrorCode } from "../domain/shared/result.ts";

export const STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  "AUTH.REQUIRED": 401,
  "AUTH.FORBIDDEN": 403,
  "AUTH.ACCOUNT_SUSPENDED": 403,
  "DEMO.NOT_DEMO_USER": 404,
  "SANDBOX.OUT_OF_REACH": 403,
  "REQUEST.INVALID": 400,
  "REQUEST.INVALID_JSON": 400,
  "REQUEST.CROSS_ORIGIN": 403,
  "REQUEST.TOO_LARGE": 413,
  "REQUEST.MISDIRECTED": 421,
  "ROUTE.NOT_FOUND": 404,
  "RATE.LIMITED": 429,
  // Admission control (api/middleware/admission.ts): the writer's queue is longer than its budget.
  "SYSTEM.BUSY": 503,
  "BET.BUSY": 503,
  "EVENT.NOT_FOUND": 404,
  "EVENT.INVALID_TRANSITION": 409,
  "BET.NOT_FOUND": 404,
  "BET.NO_SELECTIONS": 400,
  "BET.TOO_MANY_SELECTIONS": 400,
  "BET.INVALID_STAKE": 400,
  "BET.STAKE_TOO_LOW": 400,
  "BET.STAKE_TOO_HIGH": 400,
  "BET.TYPE_MISMATCH": 400,
  "BET.DUPLICATE_SELECTION": 400,
  "BET.SAME_EVENT_IN_MULTIPLE": 400,
  "BET.SELECTION_NOT_FOUND": 404,
  "BET.ODDS_CHANGED": 409,
  "BET.EVENT_CLOSED": 409,
  "BET.MARKET_CLOSED": 409,
  "BET.EVENT_STARTED": 409,
  "BET.RACE_OFF": 409,
  "BET.SELECTION_DECIDED": 409,
  "BET.MARKET_SUSPENDED": 409,
  "BET.RACE_REFORMED": 409,
  "EVENT.INVALID_SCORE": 400,
  "BET.INSUFFICIENT_FUNDS": 409,
  "BET.NO_WALLET": 409,
  "BET.IDEMPOTENCY_CONFLICT": 409,
  "BET.NOT_PENDING": 409,
  "BET.RETURN_MISMATCH": 422,
  "BET.LEG_RESULTS_INVALID": 422,
  "EVENT.INVALID": 400,
  "BET.NOT_SETTLED": 409,
  "BET.RESETTLE_NO_CHANGE": 409,
  "BET.NOT_EACH_WAY": 422,
  "BET.RESETTLE_INSUFFICIENT_FUNDS": 409,
  "BET.RESETTLE_CONFLICT": 409,
  "MARKET.NOT_FOUND": 404,
  "MARKET.DUPLICATE_OUTCOME": 400,
  "MARKET.DUPLICATE_NAME": 409,
  "MARKET.EVENT_FINISHED": 409,
  "MARKET.INVALID_TRANSITION": 409,
  "MARKET.CLOSED": 409,
  "MARKET.ALREADY_SETTLED": 409,
  "MARKET.NOT_SETTLED": 409,
  "MARKET.RESULT_CONFLICT": 409,
  "SETTLE.EVENT_NOT_FINISHED": 409,
  "SETTLE.OVERRIDE_REASON_REQUIRED": 422,
  "MARKET.UNDER_REVIEW": 409,
  "MARKET.NOT_UNDER_REVIEW": 409,
  "SETTLE.REASON_REQUIRED": 422,
  "SETTLE.CONTRADICTS_MARKET": 409,
  "APPROVAL.NOT_FOUND": 404,
  "APPROVAL.ALREADY_DECIDED": 409,
  "APPROVAL.OWN_REQUEST": 403,
  "APPROVAL.STALE": 409,
  "APPROVAL.ALREADY_PENDING": 409,
  "MARKET.OUTCOME_NOT_FOUND": 404,
  "MARKET.RESULT_INVALID": 422,
  "MARKET.EACH_WAY_NOT_OFFERED": 422,
  "MARKET.EACH_WAY_TERMS_INVALID": 422,
  "MARKET.RUNNER_NOT_WITHDRAWABLE": 409,
  "MARKET.RUNNER_ALREADY_WITHDRAWN": 409,
  "MARKET.NOT_RACING": 422,
  "BET.EACH_WAY_NOT_OFFERED": 422,
  "BET.EACH_WAY_SINGLES_ONLY": 422,
  "MARKET.OVERROUND_OUT_OF_RANGE": 422,
  "MARKET.CANNOT_PRICE": 422,
  "MARKET.PRICE_TOO_SHORT": 409,
  "MARKET.OUTCOME_UNKNOWN": 422,
  "MARKET.OUTCOMES_INCOMPLETE": 422,
  "MARKET.LINE_MISSING": 422,
  "MARKET.LINE_MISMATCH": 422,
  "MARKET.LINE_INVALID": 422,
  "MARKET.TYPE_NOT_OFFERED": 422,
  "ODDS.UNCHANGED": 409,
  "ODDS.OUT_OF_RANGE": 422,
  "ODDS.MOVED": 409,
  "ALERT.NOT_FOUND": 404,
  "ALERT.ALREADY_ACKNOWLEDGED": 409,
  "TRADING.CUSTOMER_NOT_FOUND": 404,
  "LEDGER.UNBALANCED": 500,
  "LEDGER.ACCOUNT_HELD": 409,
  "KYC.LEVEL_REQUIRED": 403,
  "WALLET.AMOUNT_BELOW_MIN": 422,
  "WALLET.AMOUNT_ABOVE_MAX": 422,
  "WALLET.INSUFFICIENT_FUNDS": 422,
  "WALLET.BONUS_NOT_WITHDRAWABLE": 422,
  "WALLET.PAYMENT_DECLINED": 422,
  "WALLET.NO_WALLET": 409,
  "WALLET.IDEMPOTENCY_CONFLICT": 409,
  "WALLET.UNDER_INVESTIGATION": 403,
  "PAYMENT.NOT_FOUND": 404,
  "PAYMENT.NOT_AWAITING_APPROVAL": 409,
  "PAYMENT.NOT_REVERSIBLE": 409,
  "PAYMENT.CONFLICT": 409,
  "RG.DEPOSIT_LIMIT": 422,
  "RG.LOSS_LIMIT": 422,
  "RG.LIMIT_PROMPT_REQUIRED": 409,
  "RG.SELF_EXCLUDED": 403,
  "RG.EXCLUSION_ACTIVE": 409,
  "RG.CONCURRENT_CHANGE": 409,
  "RG.NATIONAL_REGISTER": 403,
  "RG.NOT_EXCLUDED": 409,
  "RG.MARKETING_REFUSED": 409,
  "KYC.DOCUMENT_IN_USE": 409,
  "ACCOUNT.PASSWORD_REQUIRED": 403,
  "CASHOUT.MARKET_SUSPENDED": 409,
  "CASHOUT.QUOTE_NOT_FOUND": 404,
  "CASHOUT.QUOTE_EXPIRED": 409,
  "CASHOUT.QUOTE_MOVED": 409,
  "BET.SGM_LEG_COUNT": 400,
  "BET.SGM_ONE_EVENT": 400,
  "BET.SGM_SAME_MARKET": 400,
  "BET.SGM_PRICE_TOO_LOW": 400,
  "BET.LIABILITY_LIMIT": 409,
  "BET.EVENT_LIMIT": 409,
  "BET.MAX_PAYOUT": 409,
  "BET.ODDS_TOO_HIGH": 400,
  "BET.RETURN_ABOVE_POTENTIAL": 409,
  "BET.SETTLEMENT_REFUSED": 409,
  "SGM.NOT_OFFERED": 400,
  "SGM.SAME_MARKET": 400,
  "SGM.CONTRADICTORY_LEGS": 400,
  "SGM.CORRELATED_LEGS": 400,
  // Accounts, sign-in and verification.
  "AUTH.INVALID_CREDENTIALS": 401,
  "AUTH.THROTTLED": 429,
  "AUTH.UNDERAGE": 422,
  "AUTH.EMAIL_TAKEN": 409,
  "ACCOUNT.NO_PASSWORD": 409,
  "ACCOUNT.TEAM_NOT_FOUND": 404,
  "ACCOUNT.TOO_MANY_FOLLOWS": 409,
  "KYC.REJECTED": 422,
  "KYC.BASIC_REQUIRED": 409,
  "FANTASY.SPORT_NOT_FOUND": 404,
  "FANTASY.SPORT_EXISTS": 409,
  "FANTASY.SPORT_INACTIVE": 409,
  "FANTASY.CONTEST_NOT_FOUND": 404,
  "FANTASY.ENTRY_NOT_FOUND": 404,
  "FANTASY.INVALID_SCHEDULE": 400,
  "FANTASY.INVALID_PAYOUT_TABLE": 400,
  "FANTASY.INVALID_MIN_ENTRIES": 400,
  "FANTASY.POSITION_NOT_IN_SPORT": 400,
  "FANTASY.CONTEST_CLOSED": 409,
  "FANTASY.CONTEST_STARTED": 409,
  "FANTASY.CONTEST_FULL": 409,
  "FANTASY.ALREADY_ENTERED": 409,
  "FANTASY.ENTRY_LIMIT_REACHED": 409,
  "FANTASY.INVITE_CODE_REQUIRED": 403,
  "FANTASY.LINEUP_SIZE": 400,
  "FANTASY.DUPLICATE_PLAYER": 400,
  "FANTASY.PLAYER_NOT_FOUND": 400,
  "FANTASY.PLAYER_WRONG_SPORT": 400,
  "FANTASY.PLAYER_OUT": 400,
  "FANTASY.POSITIONS_UNFILLED": 400,
  "FANTASY.SALARY_CAP_EXCEEDED": 400,
  "FANTASY.INSUFFICIENT_FUNDS": 409,
  "FANTASY.NO_WALLET": 409,
  "FANTASY.INVALID_TRANSITION": 409,
  "USER.NOT_FOUND": 404,
  "USER.EMAIL_TAKEN": 409,
  "USER.ROLE_INVALID": 422,
  "USER.EMAIL_INVALID": 422,
  "USER.NAME_REQUIRED": 422,
  "USER.PASSWORD_TOO_SHORT": 422,
  "USER.CANNOT_SUSPEND_SELF": 409,
  "USER.NOT_CUSTOMER": 409,
  "FRAUD.ALERT_NOT_FOUND": 404,
  "FRAUD.ALERT_NOT_OPEN": 409,
  "TASK.NOT_FOUND": 404,
  "TASK.ASSIGNEE_INVALID": 422,
  "TASK.INVALID_TRANSITION": 409,
  "TASK.CONFLICT": 409,
  "BULK.NOT_FOUND": 404,
  "BULK.RESULT_NOT_READY": 409,
  "BULK.INVALID_PARAMS": 400,
  INTERNAL: 500,
};

export function errorBody(requestId: string, e: DomainError) {
  return {
    error: {
      code: e.code,
      message: e.message,
      requestId,
      ...(e.details === undefined ? {} : { details: e.details }),
    },
  };
}

/** An unexpected failure: logged as one JSON line with its stack, answered with the INTERNAL envelope. */
export function internalErrorBody(requestId: string | undefined, path: string, error: unknown) {
  console.error(JSON.stringify({ level: "error", requestId, path, error: String(error), stack: (error as Error)?.stack }));
  return errorBody(requestId ?? "-", { code: "INTERNAL", message: "Something went wrong on our side" });
}

export function sendError(c: Context, e: DomainError) {
  return c.json(errorBody(c.get("requestId") ?? "-", e), STATUS[e.code]);
}

/** Thrown at the HTTP edge to turn a use case's error value into the envelope (see app.onError). */
export class ApiFailure extends Error {
  readonly failure: DomainError;
  constructor(failure: DomainError) {
    super(failure.message);
    this.failure = failure;
  }
}

export function fail(e: DomainError): never {
  throw new ApiFailure(e);
}

/** Unwrap a use case result, or answer with its error. */
export function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: DomainError }): T {
  if (!r.ok) fail(r.error);
  return r.value;
}

/** A zod failure becomes a 400 with the failing fields in details. */
export const validationHook = (
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string; code: string }[] } },
  c: Parameters<typeof sendError>[0],
) => {
  if (result.success || !result.error) return;
  return sendError(c, {
    code: "REQUEST.INVALID",
    message: "The request is invalid",
    details: {
      fields: result.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message, code: i.code })),
    },
  });
};
