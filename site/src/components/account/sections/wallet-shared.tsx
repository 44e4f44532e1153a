/** What the wallet's deposit and withdraw panels share: the payment-method picker and the refresh after money moved. */
import { useQueryClient } from "@tanstack/react-query";
import type { PaymentMethod, PaymentMethodId } from "../../../../../api/schemas/wallet.ts";
import { formatMoney } from "../../../lib/format.ts";
import { keys } from "../../../lib/query-keys.ts";
import { customerQueries } from "../../../lib/queries-customer.ts";

export function MethodPicker({ methods, value, onChange, name }: { methods: PaymentMethod[]; value: PaymentMethodId | null; onChange: (m: PaymentMethodId) => void; name: string }) {
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

export function useWalletRefresh() {
  const client = useQueryClient();
  return (balance: number) => {
    client.setQueryData(keys.balance, { balance });
    for (const queryKey of [keys.transactions, keys.myPayments, keys.rewards, keys.responsible, keys.currentUser, keys.account, keys.withdrawAccess])
      void client.invalidateQueries({ queryKey });
    void client.invalidateQueries({ queryKey: customerQueries.bonus().queryKey });
  };
}
