/**
 * "You owe $X": shown on the account page while GET /api/me/debt says the customer owes the house
 * (a payout taken back by a settlement correction after it was spent; docs/money.md). Nothing is
 * shown when nothing is owed or the answer is not in yet.
 */
import { Callout } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { formatMoney } from "../../lib/format.ts";
import { customerQueries } from "../../lib/queries-customer.ts";

export function debtMessage(owed: number): string | null {
  return owed > 0 ? `You owe ${formatMoney(owed)}; it will be taken from your next deposits or winnings.` : null;
}

export function DebtNotice({ enabled }: { enabled: boolean }) {
  const debt = useQuery({ ...customerQueries.myDebt(), enabled });
  const message = debt.data ? debtMessage(debt.data.owed) : null;
  if (!message) return null;
  return (
    <Callout.Root color="amber" size="1" mt="3" role="status" data-testid="debt-notice">
      <Callout.Text>{message}</Callout.Text>
    </Callout.Root>
  );
}
