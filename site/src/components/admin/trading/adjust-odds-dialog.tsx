/**
 * Adjust odds: set one outcome's price (POST /api/trading/adjust-odds through useAdjustOdds), with
 * the market's book checked as typed (a book under 100% needs a reason; see book-check.tsx).
 */
import { TextField } from "@radix-ui/themes";
import { useState } from "react";
import type { LiveOddsItem, Outcome } from "../../../../../api/schemas/events.ts";
import type { AdjustOddsBody, AdjustOddsResponse } from "../../../../../api/schemas/trading.ts";
import { apiSend } from "../../../lib/api.ts";
import { keys } from "../../../lib/query-keys.ts";
import { adminKeys } from "../../../lib/queries-admin.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { FormDialog } from "../form-dialog.tsx";
import { Field } from "../form.tsx";
import { BookCheck, bookOf, needsReason } from "./book-check.tsx";

/** Set one outcome's price; the dialog, Odds Control's up / down and the live console share it. */
export function useAdjustOdds() {
  return useAdminMutation({
    request: (body: AdjustOddsBody) => apiSend<AdjustOddsResponse>("POST", "/api/trading/adjust-odds", body),
    success: (r) => ({ title: "Odds Updated", description: `${r.outcome.name}: ${r.outcome.previousOdds} → ${r.outcome.odds}` }),
    failure: "Failed to update odds",
    invalidate: [keys.liveOdds, adminKeys.oddsControl, keys.events, adminKeys.tradingOverview, adminKeys.adminLive],
  });
}

const ODDS_RE = /^\d{1,4}(\.\d{1,2})?$/;

export function AdjustDialog({ target, onClose }: { target: { event: LiveOddsItem; outcome: Outcome } | null; onClose: () => void }) {
  const [value, setValue] = useState("");
  const [reason, setReason] = useState("");
  const adjust = useAdjustOdds();
  const valid = ODDS_RE.test(value.trim()) && Number(value) >= 1.01 && Number(value) <= 1000;
  // The market's book with the typed price in place of the current one.
  const book = target && valid ? bookOf(target.event.outcomes.map((o) => (o.id === target.outcome.id ? value : o.odds))) : null;
  const blocked = needsReason(book, reason);
  function submit() {
    if (!target || !valid || blocked) return;
    const confirm = needsReason(book, "") ? { confirm: { reason: reason.trim() } } : {};
    adjust.mutate({ outcomeId: target.outcome.id, odds: value.trim(), ...confirm }, { onSuccess: onClose });
  }
  return (
    <FormDialog
      open={target !== null}
      onOpenChange={(o) => {
        if (o && target) setValue(target.outcome.odds);
        if (!o) {
          setReason("");
          onClose();
        }
      }}
      onOpen={() => target && setValue(target.outcome.odds)}
      maxWidth="400px"
      testId="adjust-odds-dialog"
      title="Adjust odds"
      description={target ? `${target.event.homeTeam} vs ${target.event.awayTeam} · ${target.outcome.name} (now ${target.outcome.odds})` : ""}
      onSubmit={submit}
      confirmLabel="Update Odds"
      confirmTestId="adjust-odds-submit"
      canSubmit={valid && !blocked}
      pending={adjust.isPending}
    >
      <Field id="adjust-odds" label="New price" hint="Decimal odds on the 0.01 grid, at least 1.01" error={value && !valid ? "Enter decimal odds such as 2.15 (1.01 to 1000)" : null}>
        <TextField.Root id="adjust-odds" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} data-testid="adjust-odds-input" />
      </Field>
      <BookCheck book={book} reason={reason} onReason={setReason} idPrefix="adjust-odds" />
    </FormDialog>
  );
}
