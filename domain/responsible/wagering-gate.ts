/**
 * The gates in front of every wager and every deposit, pure, so sports bets and fantasy entry fees
 * (and deposits) are refused for the same reasons in the same order:
 *   suspended account -> AUTH.ACCOUNT_SUSPENDED
 *   verification too low -> KYC.LEVEL_REQUIRED
 *   time-out or self-exclusion in force (own or inherited from the same person) -> RG.SELF_EXCLUDED
 *   the person is on the national self-exclusion register (GAMSTOP) -> RG.NATIONAL_REGISTER
 *   wagers: net losses in a rolling window would pass the loss limit -> RG.LOSS_LIMIT
 *   deposits: the first-deposit limit prompt unanswered -> RG.LIMIT_PROMPT_REQUIRED, then
 *             deposits in a rolling window would pass the deposit limit -> RG.DEPOSIT_LIMIT
 */
import { domainError, err, ok, type Result } from "../shared/result.ts";
import { formatMoney as money, type Cents } from "../shared/money.ts";
import type { User } from "../shared/types.ts";
import { mayBet, mayDeposit } from "../kyc/levels.ts";
import { firstBreach, type PeriodAmounts, type PeriodLimits } from "./limits.ts";
import { activeExclusion, exclusionRefusal, type Exclusion } from "./exclusion.ts";

export interface WagerState {
  user: Pick<User, "isActive" | "verificationLevel">;
  exclusions: readonly Exclusion[];
  /** The national self-exclusion register's answer (cached on the account, see register.ts); absent = not checked. */
  registerListed?: boolean;
  lossLimits: PeriodLimits;
  /** Stakes minus returns in each rolling window ending now (negative after net wins). */
  netLoss: PeriodAmounts;
}

export interface DepositState {
  user: Pick<User, "isActive" | "verificationLevel">;
  exclusions: readonly Exclusion[];
  registerListed?: boolean;
  depositLimits: PeriodLimits;
  /** Gross deposits in each rolling window ending now. */
  deposited: PeriodAmounts;
  limitPromptAnswered: boolean;
}

const PERIOD_WORD = { daily: "daily", weekly: "weekly", monthly: "monthly" } as const;

export function registerRefusal() {
  return domainError(
    "RG.NATIONAL_REGISTER",
    "You are registered with the national self-exclusion scheme (GAMSTOP), so we cannot take bets or deposits from you while you are registered",
  );
}

/** Betting and depositing both need an active account and basic verification (withdrawing has its own rule in the wallet). */
function accountGate(user: Pick<User, "isActive" | "verificationLevel">, may: boolean, doing: string) {
  if (!user.isActive) return domainError("AUTH.ACCOUNT_SUSPENDED", "This account is suspended");
  if (!may)
    return domainError("KYC.LEVEL_REQUIRED", `Verify your name, address and date of birth before you ${doing}`, {
      required: "basic", current: user.verificationLevel,
    });
  return null;
}

/** May this customer stake `amount` now? (Sports bets and fantasy entry fees.) */
export function checkMayWager(state: WagerState, amount: Cents, now: Date): Result<true> {
  const refused = accountGate(state.user, mayBet(state.user.verificationLevel), "place a bet");
  if (refused) return err(refused);
  const excluded = activeExclusion(state.exclusions, now);
  if (excluded) return err(exclusionRefusal(excluded, now));
  if (state.registerListed) return err(registerRefusal());
  const breach = firstBreach(state.lossLimits, state.netLoss, amount, now);
  if (breach)
    return err(domainError(
      "RG.LOSS_LIMIT",
      `This stake would take your net losses past your ${PERIOD_WORD[breach.period]} loss limit of ${money(breach.limit)}`,
      breach,
    ));
  return ok(true);
}

/** May this customer deposit `amount` now? */
export function checkMayDeposit(state: DepositState, amount: Cents, now: Date): Result<true> {
  const refused = accountGate(state.user, mayDeposit(state.user.verificationLevel), "deposit");
  if (refused) return err(refused);
  const excluded = activeExclusion(state.exclusions, now);
  if (excluded) return err(exclusionRefusal(excluded, now));
  if (state.registerListed) return err(registerRefusal());
  if (!state.limitPromptAnswered)
    return err(domainError(
      "RG.LIMIT_PROMPT_REQUIRED",
      "Before your first deposit, set a deposit limit or choose not to set one",
    ));
  const breach = firstBreach(state.depositLimits, state.deposited, amount, now);
  if (breach)
    return err(domainError(
      "RG.DEPOSIT_LIMIT",
      `This deposit would pass your ${PERIOD_WORD[breach.period]} deposit limit of ${money(breach.limit)} (${money(breach.used)} used)`,
      breach,
    ));
  return ok(true);
}
