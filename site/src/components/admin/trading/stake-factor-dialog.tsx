/**
 * Limit: the per-customer stake factor that placement enforces
 * (PUT /api/trading/customers/{userId}/stake-factor), from Sharp Tracking, Risk and the CRM.
 */
import { Flex, Slider, TextField } from "@radix-ui/themes";
import { useState } from "react";
import { apiSend } from "../../../lib/api.ts";
import { formatMoney } from "../../../lib/format.ts";
import { adminKeys } from "../../../lib/queries-admin.ts";
import { FormDialog } from "../form-dialog.tsx";
import { Field } from "../form.tsx";
import { useAdminMutation } from "../use-admin-mutation.ts";

export function useStakeFactor() {
  return useAdminMutation({
    request: ({ userId, factor }: { userId: string; factor: number; name: string }) =>
      apiSend<{ userId: string; stakeFactor: number; maxStake: number }>("PUT", `/api/trading/customers/${encodeURIComponent(userId)}/stake-factor`, { factor }),
    success: (r, v) => ({
      title: "Stake limit updated",
      description:
        r.stakeFactor >= 1
          ? `${v.name} has no stake limit.`
          : `${v.name} may stake at most ${formatMoney(r.maxStake)} per bet at 2.00 (factor ${r.stakeFactor.toFixed(2)}).`,
    }),
    failure: "Failed to set the limit",
    invalidate: [adminKeys.sharpBettors, adminKeys.riskMetrics],
  });
}

export function StakeFactorDialog({
  target,
  onClose,
}: {
  target: { userId: string; name: string; stakeFactor: number } | null;
  onClose: () => void;
}) {
  const [pct, setPct] = useState(100);
  const save = useStakeFactor();
  function submit() {
    if (!target) return;
    // Percent with two decimals (0.01 % .. 100 %) -> a factor in steps of 0.0001 (basis points).
    save.mutate({ userId: target.userId, factor: Math.round(pct * 100) / 10_000, name: target.name }, { onSuccess: onClose });
  }
  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(o) => {
        if (!o) onClose();
      }}
      onOpen={() => target && setPct(Math.round(target.stakeFactor * 10_000) / 100)}
      maxWidth="420px"
      testId="stake-factor-dialog"
      title={<>Limit {target?.name}</>}
      description="The stake factor scales the largest stake this customer may place (sport base x factor / (price - 1)), down to 0.01%. 100% removes the limit."
      onSubmit={submit}
      confirmLabel="Apply Limit"
      confirmColor="orange"
      confirmTestId="stake-factor-save"
      pending={save.isPending}
    >
      <Field id="stake-factor" label={`Stake factor: ${pct}%`}>
        <Flex gap="3" align="center">
          <Slider min={0.01} max={100} step={0.01} value={[pct]} onValueChange={([v]) => setPct(v)} aria-label="Stake factor percent" style={{ flex: 1 }} />
          <TextField.Root
            id="stake-factor"
            type="number"
            min="0.01"
            max="100"
            step="0.01"
            value={String(pct)}
            onChange={(e) => setPct(Math.min(100, Math.max(0.01, Math.round((Number(e.target.value) || 0.01) * 100) / 100)))}
            style={{ width: 80 }}
            data-testid="stake-factor-input"
          >
            <TextField.Slot side="right">%</TextField.Slot>
          </TextField.Root>
        </Flex>
      </Field>
    </FormDialog>
  );
}
