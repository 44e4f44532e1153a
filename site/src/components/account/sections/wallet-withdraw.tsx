import { Button, Callout, Flex, Text } from "@radix-ui/themes";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { FormEvent } from "react";
import type { CurrentUser } from "../../../../../api/schemas/auth.ts";
import type { PaymentMethodId, WithdrawalBody, WithdrawalResponse } from "../../../../../api/schemas/wallet.ts";
import { mayWithdraw } from "../../../../../domain/kyc/levels.ts";
import { ApiError, apiSend } from "../../../lib/api.ts";
import { errorMessage } from "../../../lib/form-errors.ts";
import { formatMoney, parseStakeToCents } from "../../../lib/format.ts";
import { newIdempotencyKey } from "../../../lib/idempotency.ts";
import { amountProblem } from "../../../lib/wallet-preview.ts";
import { customerQueries } from "../../../lib/queries-customer.ts";
import { accountQueries } from "../../../lib/queries-account.ts";
import { Field } from "../../form/field.tsx";
import { useToast } from "../../toast.tsx";
import { Panel } from "../section.tsx";
import { withdrawBonusNote } from "../../../lib/bonus.ts";
import { MethodPicker, useWalletRefresh } from "./wallet-shared.tsx";

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
