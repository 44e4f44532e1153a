/**
 * The wallet: Deposit (the four payment methods with their fees and limits, quick amounts, the
 * bonus preview, the deposit-limit prompt before a first deposit, 'Processing...' while the payment
 * provider answers), Withdraw (needs full verification) and the transaction history from the ledger,
 * filtered, with the server's CSV export.
 */
import { Tabs } from "@radix-ui/themes";
import type { CurrentUser } from "../../../../../api/schemas/auth.ts";
import { Section } from "../section.tsx";
import { BonusSummary } from "../bonus-summary.tsx";
import { DepositPanel } from "./wallet-deposit.tsx";
import { WithdrawPanel } from "./wallet-withdraw.tsx";
import { TransactionsPanel, PaymentsList } from "./wallet-history.tsx";

const TITLES = { deposit: "Deposit", withdraw: "Withdraw", transactions: "Transaction History" } as const;

export function WalletSection({ user, tab }: { user: CurrentUser; tab: "deposit" | "withdraw" | "transactions" }) {
  return (
    <Section id="wallet" title="Wallet" lead={`${TITLES[tab]}: money moves only through your wallet's ledger.`}>
      <BonusSummary />
      <Tabs.Root value={tab} onValueChange={(v) => (window.location.hash = v)}>
        <Tabs.List aria-label="Wallet">
          <Tabs.Trigger value="deposit" data-testid="wallet-tab-deposit">Deposit</Tabs.Trigger>
          <Tabs.Trigger value="withdraw" data-testid="wallet-tab-withdraw">Withdraw</Tabs.Trigger>
          <Tabs.Trigger value="transactions" data-testid="wallet-tab-transactions">History</Tabs.Trigger>
        </Tabs.List>
        <div style={{ marginTop: 16 }}>
          <Tabs.Content value="deposit">
            <DepositPanel user={user} />
          </Tabs.Content>
          <Tabs.Content value="withdraw">
            <WithdrawPanel user={user} />
          </Tabs.Content>
          <Tabs.Content value="transactions">
            <TransactionsPanel />
          </Tabs.Content>
        </div>
      </Tabs.Root>
      <PaymentsList />
    </Section>
  );
}

// What a suspended customer still sees (account/suspended-account.tsx) is imported from here.
export { PaymentsList } from "./wallet-history.tsx";
export { WithdrawPanel } from "./wallet-withdraw.tsx";
