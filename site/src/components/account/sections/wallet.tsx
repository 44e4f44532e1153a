/**
 * The wallet: Deposit (the four payment methods with their fees and limits, quick amounts, the
 * bonus preview, the deposit-limit prompt before a first deposit, 'Processing...' while the payment
 * provider answers), Withdraw (needs full verification) and the transaction history from the ledger,
 * filtered, with the server's CSV export.
 */
import { depositToastText } from "../../../lib/deposit-text.ts";
import { Button, Callout, Flex, Skeleton, Tabs, Text } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState, type FormEvent } from "react";
import type { CurrentUser } from "../../../../../api/schemas/auth.ts";
import type {
  DepositBody,
  DepositResponse,
  PaymentMethod,
  PaymentMethodId,
  TransactionFilterKind,
  WithdrawalBody,
  WithdrawalResponse,
} from "../../../../../api/schemas/wallet.ts";
import { mayDeposit, mayWithdraw } from "../../../../../domain/kyc/levels.ts";
import { ApiError, apiSend } from "../../../lib/api.ts";
import { localDayToIso } from "../../../lib/dates.ts";
import { errorMessage } from "../../../lib/form-errors.ts";
import { formatDateTime, formatDollars, formatMoney, formatSignedMoney, parseStakeToCents } from "../../../lib/format.ts";
import { newIdempotencyKey } from "../../../lib/idempotency.ts";
import { amountProblem, depositPreview } from "../../../lib/wallet-preview.ts";
import { keys } from "../../../lib/query-keys.ts";
import { customerQueries } from "../../../lib/queries-customer.ts";
import { accountQueries, transactionsSearch, type TransactionsFilter } from "../../../lib/queries-account.ts";
import { Field, SelectField } from "../../form/field.tsx";
import { useToast } from "../../toast.tsx";
import { Panel, Section } from "../section.tsx";
import { DepositLimitPrompt } from "./deposit-limit-prompt.tsx";
import { exclusionText } from "./responsible.tsx";
import { BonusSummary } from "../bonus-summary.tsx";
import { withdrawBonusNote } from "../../../lib/bonus.ts";

const QUICK_AMOUNTS = [25, 50, 100, 250, 500, 1000];

function MethodPicker({ methods, value, onChange, name }: { methods: PaymentMethod[]; value: PaymentMethodId | null; onChange: (m: PaymentMethodId) => void; name: string }) {
  return (
    <div className="acct-methods" role="radiogroup" aria-label={name}>
      {methods.map((m) => (
        <button key={m.id} type="button" role="radio" aria-checked={value === m.id} className="acct-method"
          onClick={() => onChange(m.id)} data-testid={`method-${m.id}`}>
          <span className="acct-method__name">{m.name}</span>
          <span className="acct-method__meta">
            {m.processingTime} · Fee {m.feeText}
          </span>
          <span className="acct-method__meta">
            Min {formatMoney(m.minAmount)} · Max {formatMoney(m.maxAmount)}
          </span>
        </button>
      ))}
    </div>
  );
}

function useWalletRefresh() {
  const client = useQueryClient();
  return (balance: number) => {
    client.setQueryData(keys.balance, { balance });
    for (const queryKey of [keys.transactions, keys.myPayments, keys.rewards, keys.responsible, keys.currentUser, keys.account, keys.withdrawAccess])
      void client.invalidateQueries({ queryKey });
    void client.invalidateQueries({ queryKey: customerQueries.bonus().queryKey });
  };
}

function DepositPanel({ user }: { user: CurrentUser }) {
  const methods = useQuery(accountQueries.paymentMethods());
  const rg = useQuery(customerQueries.responsible());
  const toast = useToast();
  const refresh = useWalletRefresh();
  const [method, setMethod] = useState<PaymentMethodId | null>(null);
  const [amount, setAmount] = useState("");
  const [prompt, setPrompt] = useState(false);
  const attempt = useRef<{ body: string; key: string } | null>(null);

  const deposit = useMutation({
    mutationFn: ({ body, key }: { body: DepositBody; key: string }) =>
      apiSend<DepositResponse>("POST", "/api/wallet/deposits", body, { "Idempotency-Key": key }),
    onSuccess: (res) => {
      attempt.current = null;
      setAmount("");
      setMethod(null);
      refresh(res.balance);
      toast({
        title: "Deposit Successful",
        description: depositToastText(res),
      });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status < 500) attempt.current = null;
      if (err instanceof ApiError && err.code === "RG.LIMIT_PROMPT_REQUIRED") setPrompt(true);
    },
  });

  const cents = parseStakeToCents(amount);
  const preview = depositPreview(method, cents);
  const verified = mayDeposit(user.verificationLevel);
  const excluded = rg.data?.exclusion.active ?? false;
  const ready = method !== null && cents !== null && cents > 0;

  const run = () => {
    if (!ready || deposit.isPending) return;
    const body: DepositBody = { method: method!, amount: cents! };
    const json = JSON.stringify(body);
    const key = attempt.current?.body === json ? attempt.current.key : newIdempotencyKey();
    attempt.current = { body: json, key };
    deposit.mutate({ body, key });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || deposit.isPending) return;
    if (rg.data && !rg.data.limitPromptAnswered) {
      setPrompt(true);
      return;
    }
    run();
  };

  return (
    <Panel testId="deposit-panel">
      {!verified && (
        <Callout.Root color="amber" mb="4" data-testid="deposit-needs-verification" id="deposit-unavailable">
          <Callout.Text>
            Deposits open once your identity is verified. <a href="#verification">Go to Verification</a>
          </Callout.Text>
        </Callout.Root>
      )}
      {excluded && rg.data && (
        <Callout.Root color="red" mb="4">
          <Callout.Text>{exclusionText(rg.data.exclusion)} Deposits are paused until it ends.</Callout.Text>
        </Callout.Root>
      )}
      <form onSubmit={submit} data-testid="deposit-form">
        <Flex direction="column" gap="4">
          <div>
            <Text as="p" size="2" weight="medium" mb="2" id="deposit-method-label">
              Payment method
            </Text>
            {methods.isPending ? (
              <Skeleton height="120px" />
            ) : methods.isError ? (
              <Text color="red" size="2">{errorMessage(methods.error)}</Text>
            ) : (
              <MethodPicker name="Deposit method" methods={methods.data.methods} value={method} onChange={setMethod} />
            )}
          </div>
          <Field id="deposit-amount" label="Amount" prefix="$" type="number" min="1" step="0.01" inputMode="decimal" placeholder="0.00"
            value={amount} onChange={(e) => setAmount(e.target.value)} error={preview?.problem ?? null} />
          <div className="acct-quick" role="group" aria-label="Quick amounts">
            {QUICK_AMOUNTS.map((q) => (
              <Button key={q} type="button" variant={amount === String(q) ? "solid" : "soft"} color="gray" onClick={() => setAmount(String(q))}>
                {formatDollars(q)}
              </Button>
            ))}
          </div>
          {preview && (
            <dl className="acct-summary" data-testid="deposit-summary">
              <div>
                <dt>Deposit</dt>
                <dd>{formatMoney(cents!)}</dd>
              </div>
              <div>
                <dt>Processing fee</dt>
                <dd data-testid="deposit-fee">-{formatMoney(preview.fee)}</dd>
              </div>
              <div className="acct-summary__total">
                <dt>To your balance</dt>
                <dd data-testid="deposit-received">{formatMoney(cents! - preview.fee)}</dd>
              </div>
              <div>
                <dt>Bonus to your bonus balance (10% on $100.00+, max $50.00)</dt>
                <dd data-testid="deposit-bonus">+{formatMoney(preview.bonus)}</dd>
              </div>
            </dl>
          )}
          {deposit.isError && (
            <Callout.Root color="red" role="alert" data-testid="deposit-error">
              <Callout.Text>{errorMessage(deposit.error)}</Callout.Text>
            </Callout.Root>
          )}
          <Button type="submit" size="3" disabled={!ready || !verified || deposit.isPending} aria-describedby={verified ? undefined : "deposit-unavailable"} data-testid="deposit-submit">
            {deposit.isPending ? "Processing..." : "Deposit"}
          </Button>
        </Flex>
      </form>
      <DepositLimitPrompt open={prompt} onOpenChange={setPrompt} suggested={rg.data?.suggestedLimits?.deposit} onDone={run} />
    </Panel>
  );
}

/**
 * Withdraw. Also what a suspended customer sees (site/src/components/account/suspended-account.tsx):
 * their balance and hold come from GET /api/wallet/withdraw-access, which stays open to them.
 */
export function WithdrawPanel({ user, suspended = false }: { user: Pick<CurrentUser, "verificationLevel">; suspended?: boolean }) {
  const methods = useQuery(accountQueries.paymentMethods());
  const balance = useQuery({ ...customerQueries.balance(), enabled: !suspended });
  const access = useQuery(customerQueries.withdrawAccess());
  const onHold = access.data?.blockedBy === "under_investigation";
  const available = suspended ? access.data?.balance : balance.data?.balance;
  const bonus = useQuery({ ...customerQueries.bonus(), enabled: !suspended });
  const bonusNote = suspended ? null : withdrawBonusNote(bonus.data);
  const toast = useToast();
  const refresh = useWalletRefresh();
  const [method, setMethod] = useState<PaymentMethodId | null>(null);
  const [amount, setAmount] = useState("");
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const withdraw = useMutation({
    mutationFn: ({ body, key }: { body: WithdrawalBody; key: string }) =>
      apiSend<WithdrawalResponse>("POST", "/api/wallet/withdrawals", body, { "Idempotency-Key": key }),
    onSuccess: (res) => {
      attempt.current = null;
      setAmount("");
      setMethod(null);
      refresh(res.balance);
      toast(res.state === "awaiting_approval"
        ? { title: "Withdrawal requested", description: `${formatMoney(res.amount)} is held and waits for approval. Balance ${formatMoney(res.balance)}.` }
        : { title: "Withdrawal Successful", description: `${formatMoney(res.amount)} is on its way. Balance ${formatMoney(res.balance)}.` });
    },
    onError: (err) => {
      if (err instanceof ApiError && err.status < 500) attempt.current = null;
    },
  });
  const cents = parseStakeToCents(amount);
  const ready = method !== null && cents !== null && cents > 0;
  const problem = amountProblem(method, cents);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || withdraw.isPending) return;
    const body: WithdrawalBody = { method: method!, amount: cents! };
    const json = JSON.stringify(body);
    const key = attempt.current?.body === json ? attempt.current.key : newIdempotencyKey();
    attempt.current = { body: json, key };
    withdraw.mutate({ body, key });
  };
  return (
    <Panel testId="withdraw-panel">
      {!mayWithdraw(user.verificationLevel) && (
        <Callout.Root color="amber" mb="4" data-testid="withdraw-needs-verification">
          <Callout.Text>
            Withdrawals need full verification (an identity document). <a href="#verification">Go to Verification</a>
          </Callout.Text>
        </Callout.Root>
      )}
      {onHold && (
        <Callout.Root color="amber" mb="4" data-testid="withdraw-on-hold">
          <Callout.Text>
            Withdrawals from this account are on hold while we review it. Your balance stays yours; please contact support.
          </Callout.Text>
        </Callout.Root>
      )}
      <form onSubmit={submit} data-testid="withdraw-form">
        <Flex direction="column" gap="4">
          <Text size="2">
            Available to withdraw: <Text weight="bold" data-testid="withdraw-available">{available !== undefined ? formatMoney(available) : "…"}</Text>
            {bonusNote && " (cash)"}
          </Text>
          {bonusNote && (
            <Text size="2" color="gray" data-testid="withdraw-bonus-note">
              {bonusNote}
            </Text>
          )}
          {methods.data && <MethodPicker name="Withdrawal method" methods={methods.data.methods} value={method} onChange={setMethod} />}
          <Field id="withdraw-amount" label="Amount" prefix="$" type="number" min="1" step="0.01" inputMode="decimal" placeholder="0.00"
            value={amount} onChange={(e) => setAmount(e.target.value)} error={problem} />
          {withdraw.isError && (
            <Callout.Root color="red" role="alert" data-testid="withdraw-error">
              <Callout.Text>{errorMessage(withdraw.error)}</Callout.Text>
            </Callout.Root>
          )}
          <Button type="submit" size="3" disabled={!ready || withdraw.isPending || onHold} data-testid="withdraw-submit">
            {withdraw.isPending ? "Processing..." : "Withdraw"}
          </Button>
        </Flex>
      </form>
    </Panel>
  );
}

const KINDS: { value: TransactionFilterKind; label: string }[] = [
  { value: "all", label: "All transactions" },
  { value: "deposit", label: "Deposits" },
  { value: "withdrawal", label: "Withdrawals" },
  { value: "bet", label: "Bets" },
  { value: "payout", label: "Payouts and cash outs" },
  { value: "bonus", label: "Bonuses" },
];

function TransactionsPanel() {
  const [kind, setKind] = useState<TransactionFilterKind>("all");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const filter: TransactionsFilter = { kind, from: localDayToIso(from), to: localDayToIso(to, true), limit: 100 };
  const list = useQuery(accountQueries.transactions(filter));
  const csv = `/api/wallet/transactions.csv?${transactionsSearch({ ...filter, limit: 1000 })}`;
  return (
    <Panel testId="transactions-panel">
      <div className="acct-filters">
        <SelectField id="tx-kind" label="Show" options={KINDS} value={kind} onChange={(e) => setKind(e.target.value as TransactionFilterKind)} />
        <Field id="tx-from" label="From" type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        <Field id="tx-to" label="To" type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        <Button asChild size="3" variant="soft">
          <a href={csv} download data-testid="export-csv">
            Export CSV
          </a>
        </Button>
      </div>
      {list.isPending ? (
        <Skeleton height="160px" />
      ) : list.isError ? (
        <Text color="red" size="2">{errorMessage(list.error)}</Text>
      ) : list.data.items.length === 0 ? (
        <Text as="p" size="2" color="gray" data-testid="transactions-empty">
          No transactions match these filters.
        </Text>
      ) : (
        <div className="acct-table-wrap">
          <table className="acct-table" data-testid="transactions-table">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Description</th>
                <th scope="col">Status</th>
                <th scope="col" className="num">Amount</th>
                <th scope="col" className="num">Balance</th>
              </tr>
            </thead>
            <tbody>
              {list.data.items.map((t) => (
                <tr key={t.id} data-testid="transaction-row" data-kind={t.kind}>
                  <td>{formatDateTime(t.createdAt)}</td>
                  <td>
                    {t.description}
                    {t.reference && (
                      <Text as="div" size="1" color="gray">
                        {t.reference}
                      </Text>
                    )}
                  </td>
                  <td>{t.status}</td>
                  <td className={`num ${t.amount >= 0 ? "acct-pos" : "acct-neg"}`}>{formatSignedMoney(t.amount)}</td>
                  <td className="num">{formatMoney(t.balanceAfter)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Panel>
  );
}

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

/** Deposits and withdrawals with their true state ("Pending", "Completed", "Failed, returned to your balance"), method and reference. */
export function PaymentsList() {
  const list = useQuery(accountQueries.myPayments());
  const items = list.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Panel testId="payments-list">
      <Text as="div" size="3" weight="bold" mb="2">
        Your deposits and withdrawals
      </Text>
      <table className="wallet-table">
        <thead>
          <tr>
            <th>When</th>
            <th>Type</th>
            <th>Method</th>
            <th>Amount</th>
            <th>Status</th>
            <th>Reference</th>
          </tr>
        </thead>
        <tbody>
          {items.map((p) => (
            <tr key={p.id} data-testid="payment-row" data-payment-id={p.id}>
              <td>{formatDateTime(p.createdAt)}</td>
              <td>{p.direction === "deposit" ? "Deposit" : "Withdrawal"}</td>
              <td>{p.method}</td>
              <td>{formatMoney(p.amount)}</td>
              <td data-testid="payment-state" title={p.failureReason ?? undefined}>{p.stateLabel}</td>
              <td>{p.providerReference ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}
