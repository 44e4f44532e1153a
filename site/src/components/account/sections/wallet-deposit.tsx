/**
 * Deposit: the payment methods with their fees and limits, quick amounts, the bonus preview, the
 * deposit-limit prompt before a first deposit, and 'Processing...' while the payment provider answers.
 */
import { depositToastText } from "../../../lib/deposit-text.ts";
import { Button, Callout, Flex, Skeleton, Text } from "@radix-ui/themes";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRef, useState } from "react";
import type { FormEvent } from "react";
import type { CurrentUser } from "../../../../../api/schemas/auth.ts";
import type { DepositBody, DepositResponse, PaymentMethodId } from "../../../../../api/schemas/wallet.ts";
import { mayDeposit } from "../../../../../domain/kyc/levels.ts";
import { ApiError, apiSend } from "../../../lib/api.ts";
import { errorMessage } from "../../../lib/form-errors.ts";
import { formatDollars, formatMoney, parseStakeToCents } from "../../../lib/format.ts";
import { newIdempotencyKey } from "../../../lib/idempotency.ts";
import { depositPreview } from "../../../lib/wallet-preview.ts";
import { customerQueries } from "../../../lib/queries-customer.ts";
import { accountQueries } from "../../../lib/queries-account.ts";
import { Field } from "../../form/field.tsx";
import { useToast } from "../../toast.tsx";
import { Panel } from "../section.tsx";
import { DepositLimitPrompt } from "./deposit-limit-prompt.tsx";
import { exclusionText } from "./responsible.tsx";
import { MethodPicker, useWalletRefresh } from "./wallet-shared.tsx";

const QUICK_AMOUNTS = [25, 50, 100, 250, 500, 1000];
export function DepositPanel({ user }: { user: CurrentUser }) {
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
