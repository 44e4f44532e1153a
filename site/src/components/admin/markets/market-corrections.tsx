/**
 * Settlement corrections of a settled market: resettle it with a new result (any result a
 * first settlement takes: a winner, a dead heat, no winner, void, placed runners) or unsettle it (bets back to pending), each with a reason, through
 * POST /api/admin/markets/{id}/resettle|unsettle; and the pieces every settle-like dialog shares:
 * the early-settlement override field and the confirmation that says what the action does.
 */
import { AlertDialog, Button, Callout, Dialog, Flex, Text, TextArea } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { apiSend } from "../../../lib/api.ts";
import { formatMoney } from "../../../lib/format.ts";
import { describeApiError, Field } from "../form.tsx";
import type { MarketInfo } from "./market-directory.ts";
import { RISK_KEYS } from "./risk-keys.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { confirmMessage, needsOverride, overridePart, reasonError, type MarketAction } from "./settle-confirm.ts";
import { adminKeys, adminQueries } from "../../../lib/queries-admin.ts";
import { resultAction, settleResultBody, type ResultChoice } from "./settle-result.ts";
import { SettleResultInput } from "./settle-result-input.tsx";
import { pendingToast, type ApprovalPendingBody } from "../approvals/approval-text.ts";

type CorrectionResponse = { regraded: number; correction: number; debt: number };

/** "Are you sure?": what the action does, then Confirm (runs it) or Go back. */
export function ConfirmMarketAction({
  action,
  bets,
  open,
  onOpenChange,
  onConfirm,
  label,
}: {
  action: MarketAction;
  bets: number | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onConfirm: () => void;
  label: string;
}) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Content maxWidth="420px" data-testid="confirm-market-action">
        <AlertDialog.Title>{label}?</AlertDialog.Title>
        <AlertDialog.Description size="2">{confirmMessage(action, bets)}</AlertDialog.Description>
        <Flex gap="2" justify="end" mt="4">
          <AlertDialog.Cancel>
            <Button variant="soft" color="gray">
              Go back
            </Button>
          </AlertDialog.Cancel>
          <AlertDialog.Action>
            <Button color={action === "settle" ? "green" : "red"} onClick={onConfirm} data-testid="confirm-market-action-go">
              Confirm
            </Button>
          </AlertDialog.Action>
        </Flex>
      </AlertDialog.Content>
    </AlertDialog.Root>
  );
}

/** A reason text field with its length check (the override, or a correction's reason). */
export function ReasonField({ id, label, hint, value, onChange, touched }: { id: string; label: string; hint?: string; value: string; onChange: (v: string) => void; touched: boolean }) {
  return (
    <Field id={id} label={label} hint={hint} error={touched || value ? reasonError(value) : null}>
      <TextArea id={id} value={value} onChange={(e) => onChange(e.target.value)} rows={2} maxLength={500} data-testid={id} />
    </Field>
  );
}

function useCorrection(market: MarketInfo, kind: "resettle" | "unsettle", onDone: () => void) {
  return useAdminMutation({
    request: (body: object) => apiSend<CorrectionResponse | ApprovalPendingBody>("POST", `/api/admin/markets/${encodeURIComponent(market.id)}/${kind}`, body),
    // Above the four-eyes threshold nothing moves yet: the correction waits for a second admin (202).
    success: (r) =>
      "approval" in r
        ? pendingToast(r)
        : {
            title: kind === "resettle" ? "Market resettled" : "Market unsettled",
            description:
              `${r.regraded} bets corrected · ${formatMoney(r.correction)} moved to customers${r.debt > 0 ? ` · ${formatMoney(r.debt)} now owed` : ""}.` +
              (kind === "unsettle" ? " The market is held under review (Tasks › Bulk Settlement) until it is resettled or released." : ""),
          },
    failure: (e) => ({ title: kind === "resettle" ? "Resettlement failed" : "Unsettle failed", description: describeApiError(e), variant: "destructive" }),
    invalidate: [...RISK_KEYS, adminQueries.adminMarket(market.id).queryKey, adminKeys.adminUsers, adminKeys.marketReviews, adminKeys.approvals],
    onSuccess: () => onDone(),
  });
}

export function ResettleMarketDialog({
  market,
  currentWinner,
  bets,
  open,
  onOpenChange,
}: {
  market: MarketInfo;
  currentWinner: string | null;
  bets: number | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [result, setResult] = useState<ResultChoice>({ choice: "", sharing: [], placed: [] });
  const choice = result.choice;
  const [reason, setReason] = useState("");
  const [override, setOverride] = useState("");
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const resettle = useCorrection(market, "resettle", () => onOpenChange(false));
  // The same result input as a first settlement: a winner, a dead heat, no winner, void,
  // and each way the placed runners.
  const detail = useQuery({ ...adminQueries.adminMarket(market.id), enabled: open });
  const withdrawn = new Set((detail.data?.outcomes ?? []).filter((o) => o.withdrawn).map((o) => o.id));
  const places = detail.data?.eachWay?.places ?? null;
  const built = settleResultBody(result, market.outcomes, places, withdrawn);
  const action: MarketAction = resultAction(choice) === "void" ? "void" : "resettle";
  const asksOverride = action !== "void" && !!choice && needsOverride(market.eventStatus, "resettle");
  const valid = !("error" in built) && !reasonError(reason) && (!asksOverride || !reasonError(override));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="460px" data-testid="resettle-market-dialog">
        <Dialog.Title>Resettle Market</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {market.eventName} · {market.marketName}. Choose the corrected result; every bet on this market is graded again.
        </Dialog.Description>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (valid) setConfirming(true);
          }}
        >
          <SettleResultInput outcomes={market.outcomes} withdrawn={withdrawn} places={places} value={result} onChange={setResult} currentWinner={currentWinner} />
          {touched && choice && "error" in built && (
            <Text as="p" size="1" color="red" mt="2" role="alert">
              {built.error}
            </Text>
          )}
          <Flex direction="column" gap="3" mt="3">
            <ReasonField id="resettle-reason" label="Reason for the correction" value={reason} onChange={setReason} touched={touched} />
            {asksOverride && (
              <ReasonField
                id="resettle-override"
                label="Override reason (the event has not finished)"
                hint="Settling with a winner before the event has finished is an override; it is audited."
                value={override}
                onChange={setOverride}
                touched={touched}
              />
            )}
          </Flex>
          <Flex gap="3" justify="end" mt="4">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" color="red" disabled={!choice} loading={resettle.isPending} data-testid="submit-resettle-market">
              Resettle
            </Button>
          </Flex>
        </form>
        <ConfirmMarketAction
          action={action}
          bets={bets}
          open={confirming}
          onOpenChange={setConfirming}
          label="Resettle this market"
          onConfirm={() => {
            if ("error" in built) return;
            resettle.mutate({ ...built.body, reason: reason.trim(), ...overridePart(asksOverride, override) });
          }}
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}

export function UnsettleMarketDialog({
  market,
  bets,
  open,
  onOpenChange,
}: {
  market: MarketInfo;
  bets: number | null;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [reason, setReason] = useState("");
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const unsettle = useCorrection(market, "unsettle", () => onOpenChange(false));
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="440px" data-testid="unsettle-market-dialog">
        <Dialog.Title>Unsettle Market</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {market.eventName} · {market.marketName}. Its result is removed and its bets wait for a new settlement.
        </Dialog.Description>
        <Callout.Root color="amber" size="1" mb="3">
          <Callout.Text>Payouts already made are taken back from the customers' wallets.</Callout.Text>
        </Callout.Root>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setTouched(true);
            if (!reasonError(reason)) setConfirming(true);
          }}
        >
          <ReasonField id="unsettle-reason" label="Reason" value={reason} onChange={setReason} touched={touched} />
          <Flex gap="3" justify="end" mt="4">
            <Dialog.Close>
              <Button type="button" variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button type="submit" color="red" loading={unsettle.isPending} data-testid="submit-unsettle-market">
              Unsettle
            </Button>
          </Flex>
        </form>
        <ConfirmMarketAction
          action="unsettle"
          bets={bets}
          open={confirming}
          onOpenChange={setConfirming}
          label="Unsettle this market"
          onConfirm={() => unsettle.mutate({ reason: reason.trim() })}
        />
      </Dialog.Content>
    </Dialog.Root>
  );
}
