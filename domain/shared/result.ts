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
  "RATE.LIMITED",
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
  "LEDGER.UNBALANCED",
  // Customer wallet, responsible gambling, cash out, same game multis (issue 3, helper C-B).
  "KYC.LEVEL_REQUIRED",
  "WALLET.AMOUNT_BELOW_MIN",
  "WALLET.AMOUNT_ABOVE_MAX",
  "WALLET.INSUFFICIENT_FUNDS",
  "WALLET.PAYMENT_DECLINED",
  "WALLET.NO_WALLET",
  "WALLET.IDEMPOTENCY_CONFLICT",
  "RG.DEPOSIT_LIMIT",
  "RG.LOSS_LIMIT",
  "RG.LIMIT_PROMPT_REQUIRED",
  "RG.SELF_EXCLUDED",
  "RG.EXCLUSION_ACTIVE",
  "RG.CONCURRENT_CHANGE",
  "CASHOUT.MARKET_SUSPENDED",
  "CASHOUT.QUOTE_NOT_FOUND",
  "CASHOUT.QUOTE_EXPIRED",
  "CASHOUT.QUOTE_MOVED",
  "BET.SGM_LEG_COUNT",
  "BET.SGM_ONE_EVENT",
  "BET.SGM_SAME_MARKET",
  "BET.SGM_PRICE_TOO_LOW",
  // Accounts, sign-in and verification (issue 3, helper C-A).
  "AUTH.INVALID_CREDENTIALS",
  "AUTH.THROTTLED",
  "AUTH.UNDERAGE",
  "AUTH.EMAIL_TAKEN",
  "ACCOUNT.NO_PASSWORD",
  "ACCOUNT.TEAM_NOT_FOUND",
  "ACCOUNT.TOO_MANY_FOLLOWS",
  "KYC.REJECTED",
  "KYC.BASIC_REQUIRED",
  "FANTASY.SPORT_NOT_FOUND",
  "FANTASY.SPORT_EXISTS",
  "FANTASY.SPORT_INACTIVE",
  "FANTASY.CONTEST_NOT_FOUND",
  "FANTASY.ENTRY_NOT_FOUND",
  "FANTASY.INVALID_SCHEDULE",
  "FANTASY.INVALID_PAYOUT_TABLE",
  "FANTASY.INVALID_MIN_ENTRIES",
  "FANTASY.POSITION_NOT_IN_SPORT",
  "FANTASY.CONTEST_CLOSED",
  "FANTASY.CONTEST_STARTED",
  "FANTASY.CONTEST_FULL",
  "FANTASY.ALREADY_ENTERED",
  "FANTASY.INVITE_CODE_REQUIRED",
  "FANTASY.LINEUP_SIZE",
  "FANTASY.DUPLICATE_PLAYER",
  "FANTASY.PLAYER_NOT_FOUND",
  "FANTASY.PLAYER_WRONG_SPORT",
  "FANTASY.PLAYER_OUT",
  "FANTASY.POSITIONS_UNFILLED",
  "FANTASY.SALARY_CAP_EXCEEDED",
  "FANTASY.INSUFFICIENT_FUNDS",
  "FANTASY.NO_WALLET",
  "FANTASY.INVALID_TRANSITION",
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
