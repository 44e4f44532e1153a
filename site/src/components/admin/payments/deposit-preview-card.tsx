/** The payments screen's deposit preview: method, amount (or a quick amount) and what the customer would receive. */
import { Button, Callout, Card, Flex, Grid, Text, TextField } from "@radix-ui/themes";
import { useEffect, useState } from "react";
import { formatDollars, formatMoney } from "../../../lib/format.ts";
import { useToast } from "../../toast.tsx";
import { depositPreview as walletDepositPreview } from "../../../lib/wallet-preview.ts";
import { PAYMENT_METHODS, type PaymentMethodId } from "../../../../../domain/wallet/payment-methods.ts";

const QUICK = [25, 50, 100, 250, 500, 1000];

/**
 * The deposit form's preview, in cents, from the domain's own fee and bonus rules
 * (domain/wallet/payment-methods.ts through site/src/lib/wallet-preview.ts): card 2.9% + 0.30,
 * PayPal 3.4% + 0.30, Bitcoin and bank free; 10% bonus from 100.00, capped at 50.00.
 */
export function depositPreview(method: PaymentMethodId, amountCents: number): { bonus: number; fee: number; total: number; problem: string | null } {
  const p = walletDepositPreview(method, amountCents);
  return p ? { bonus: p.bonus, fee: p.fee, total: p.received, problem: p.problem } : { bonus: 0, fee: 0, total: 0, problem: null };
}

export function DepositPreview() {
  const [amount, setAmount] = useState("");
  const [method, setMethod] = useState<string>("");
  const [processing, setProcessing] = useState(false);
  const toast = useToast();
  const value = Number(amount);
  const cents = Number.isFinite(value) ? Math.round(value * 100) : 0;
  const ok = amount !== "" && cents > 0 && method !== "";
  const p = depositPreview((method || "card") as PaymentMethodId, cents);

  useEffect(() => {
    if (!processing) return;
    const t = window.setTimeout(() => {
      setProcessing(false);
      setAmount("");
      setMethod("");
      toast({ title: "Simulation complete", description: "No money moved: the deposit form is a preview." });
    }, 3_000);
    return () => window.clearTimeout(t);
  }, [processing, toast]);

  return (
    <Flex direction="column" gap="3" style={{ maxWidth: 720 }}>
      <Callout.Root color="amber" size="1">
        <Callout.Text>
          Preview of the customer deposit form: a simulation with no server call. Real deposits are made by customers and appear
          in Transaction History.
        </Callout.Text>
      </Callout.Root>
      <Grid columns={{ initial: "1", sm: "2" }} gap="3">
        {PAYMENT_METHODS.map((m) => (
          <button key={m.id} type="button" className={`adm-method ${method === m.id ? "is-selected" : ""}`} aria-pressed={method === m.id} onClick={() => setMethod(m.id)}>
            <Text as="div" size="2" weight="medium">
              {m.name}
            </Text>
            <Text as="div" size="1" color="gray">
              {m.processingTime} · {m.feeText} · min {formatMoney(m.minAmount)} · max {formatMoney(m.maxAmount)}
            </Text>
          </button>
        ))}
      </Grid>
      <Flex gap="2" wrap="wrap">
        {QUICK.map((q) => (
          <Button key={q} variant={amount === String(q) ? "solid" : "soft"} onClick={() => setAmount(String(q))}>
            {formatDollars(q)}
          </Button>
        ))}
      </Flex>
      <TextField.Root type="number" min="1" step="0.01" aria-label="Deposit amount" placeholder="Amount" value={amount} onChange={(e) => setAmount(e.target.value)}>
        <TextField.Slot>$</TextField.Slot>
      </TextField.Root>
      {ok && (
        <Card size="1">
          <Text as="div" size="2" data-testid="deposit-preview">
            Amount {formatMoney(cents)} · processing fee {formatMoney(p.fee)} · bonus {formatMoney(p.bonus)}
          </Text>
          <Text as="div" size="2" weight="bold">
            Total received {formatMoney(p.total)}
          </Text>
          {p.problem && (
            <Text as="div" size="2" color="red">
              {p.problem}
            </Text>
          )}
        </Card>
      )}
      <Button disabled={!ok || processing} onClick={() => setProcessing(true)}>
        {processing ? "Processing..." : "Deposit"}
      </Button>
    </Flex>
  );
}
