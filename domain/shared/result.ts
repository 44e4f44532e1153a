/** Expected failures are values: a use case returns ok(value) or err(DomainError). */
export type Result<T, E = DomainError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });
export const err = <E = DomainError>(error: E): Result<never, E> => ({ ok: false, error });

/** Stable error codes, `AREA.REASON`. api/errors.ts maps each to one HTTP status. */
export const ErrorCodes = [
  "AUTH.REQUIRED",
  "AUTH.FORBIDDEN",
  "AUTH.ACCOUNT_SUSPENDED",
  "DEMO.NOT_DEMO_USER",
  "REQUEST.INVALID",
  "REQUEST.INVALID_JSON",
  "REQUEST.CROSS_ORIGIN",
  "ROUTE.NOT_FOUND",
  "EVENT.NOT_FOUND",
  "EVENT.INVALID_TRANSITION",
  "BET.NOT_FOUND",
  "BET.NO_SELECTIONS",
  "BET.TOO_MANY_SELECTIONS",
  "BET.INVALID_STAKE",
  "BET.STAKE_TOO_LOW",
  "BET.STAKE_TOO_HIGH",
  "BET.TYPE_MISMATCH",
  "BET.DUPLICATE_SELECTION",
  "BET.SAME_EVENT_IN_MULTIPLE",
  "BET.SELECTION_NOT_FOUND",
  "BET.ODDS_CHANGED",
  "BET.EVENT_CLOSED",
  "BET.MARKET_CLOSED",
  "BET.INSUFFICIENT_FUNDS",
  "BET.NO_WALLET",
  "BET.IDEMPOTENCY_CONFLICT",
  "BET.NOT_PENDING",
  "BET.RETURN_MISMATCH",
  "BET.LEG_RESULTS_INVALID",
  "EVENT.INVALID",
  "BET.NOT_SETTLED",
  "BET.RESETTLE_NO_CHANGE",
  "BET.RESETTLE_INSUFFICIENT_FUNDS",
  "BET.RESETTLE_CONFLICT",
  "MARKET.NOT_FOUND",
  "MARKET.DUPLICATE_OUTCOME",
  "MARKET.DUPLICATE_NAME",
  "MARKET.EVENT_FINISHED",
  "MARKET.INVALID_TRANSITION",
  "MARKET.CLOSED",
  "MARKET.ALREADY_SETTLED",
  "MARKET.OUTCOME_NOT_FOUND",
  "ODDS.UNCHANGED",
  "ODDS.OUT_OF_RANGE",
  "ODDS.MOVED",
  "ALERT.NOT_FOUND",
  "ALERT.ALREADY_ACKNOWLEDGED",
  "TRADING.CUSTOMER_NOT_FOUND",
  "LEDGER.UNBALANCED",
  "USER.NOT_FOUND",
  "USER.EMAIL_TAKEN",
  "USER.CANNOT_SUSPEND_SELF",
  "USER.NOT_CUSTOMER",
  "FRAUD.ALERT_NOT_FOUND",
  "FRAUD.ALERT_NOT_OPEN",
  "TASK.NOT_FOUND",
  "TASK.ASSIGNEE_INVALID",
  "TASK.INVALID_TRANSITION",
  "TASK.CONFLICT",
  "BULK.NOT_FOUND",
  "BULK.RESULT_NOT_READY",
  "BULK.INVALID_PARAMS",
  "INTERNAL",
] as const;
export type ErrorCode = (typeof ErrorCodes)[number];

export interface DomainError {
  code: ErrorCode;
  message: string;
  details?: unknown;
}

export const domainError = (code: ErrorCode, message: string, details?: unknown): DomainError =>
  details === undefined ? { code, message } : { code, message, details };
