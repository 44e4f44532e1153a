/**
 * The deposit toast, true to the ledger: the amount charged, the method's fee kept from it, the cash
 * that reached the balance, and the bonus, which goes to the separate bonus balance (it is never
 * cash, so it is never added to the cash figure). A deposit not yet completed says it is on its way.
 */
import type { DepositResponse } from "../../../api/schemas/wallet.ts";
import { formatMoney } from "./format.ts";

export function depositToastText(res: Pick<DepositResponse, "state" | "amount" | "fee" | "bonus">): string {
  const cash = res.amount - res.fee;
  if (res.state !== "completed")
    return `${formatMoney(res.amount)} deposit received: ${formatMoney(cash)} reaches your balance when the payment clears.`;
  const fee = res.fee > 0 ? ` (${formatMoney(res.fee)} fee)` : "";
  const bonus = res.bonus > 0 ? `, ${formatMoney(res.bonus)} bonus to your bonus balance` : "";
  return `${formatMoney(res.amount)} deposited${fee}: ${formatMoney(cash)} to your balance${bonus}.`;
}
