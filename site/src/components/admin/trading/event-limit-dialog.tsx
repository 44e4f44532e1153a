/**
 * An event's own liability limit (PUT /api/admin/events/{id}/limit): the most the book may lose on
 * the event, summed over its markets at each market's worst outcome. Placement refuses a bet past it.
 * Lowering applies at once; a raise far above the default waits for a second admin (202).
 */
import { Button, Text, TextField } from "@radix-ui/themes";
import { useState } from "react";
import type { EventExposure } from "../../../../../api/schemas/trading.ts";
import { apiSend } from "../../../lib/api.ts";
import { formatMoney, parseStakeToCents } from "../../../lib/format.ts";
import { adminKeys } from "../../../lib/queries-admin.ts";
import { Field } from "../form.tsx";
import { FormDialog } from "../form-dialog.tsx";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { RISK_KEYS } from "../markets/risk-keys.ts";
import { pendingToast, type ApprovalPendingBody } from "../approvals/approval-text.ts";

const MAX = 10_000_000_000;

export function EventLimitButton({ m }: { m: EventExposure }) {
  const [open, setOpen] = useState(false);
  const [value, setValue] = useState("");
  const save = useAdminMutation({
    request: (liabilityLimit: number) =>
      apiSend<{ event: unknown } | ApprovalPendingBody>("PUT", `/api/admin/events/${encodeURIComponent(m.eventId)}/limit`, { liabilityLimit }),
    success: (r, limit) =>
      r && typeof r === "object" && "approval" in r ? pendingToast(r) : { title: "Event limit updated", description: `${m.eventName}: event liability limit ${formatMoney(limit)}.` },
    failure: "Failed to update the event limit",
    invalidate: [...RISK_KEYS, adminKeys.approvals],
    onSuccess: () => setOpen(false),
  });
  const cents = parseStakeToCents(value);
  const bad = cents === null || cents < 100 || cents > MAX;
  return (
    <>
      <Button size="1" variant="soft" mt="2" onClick={() => setOpen(true)} data-testid={`event-limit-${m.eventId}`}>
        Event limit
      </Button>
      <FormDialog
        open={open}
        onOpenChange={(o) => {
          if (o && m.eventLimit) setValue((m.eventLimit.limit / 100).toFixed(2));
          setOpen(o);
        }}
        title="Event Limit"
        description={
          <>
            {m.eventName}. The event limit is the most the book may lose on this event, its markets added up at each market's worst
            outcome: placement refuses a bet past it. Lowering applies at once; a raise far above the default waits for a second approver.
          </>
        }
        maxWidth="440px"
        testId="event-limit-dialog"
        onSubmit={() => {
          if (!bad) save.mutate(cents!);
        }}
        confirmLabel="Save Limit"
        confirmTestId="save-event-limit"
        canSubmit={!bad}
        pending={save.isPending}
      >
        <Field id="event-limit-amount" label="Event liability limit" error={value && bad ? "Enter an amount from 1.00 to 100,000,000.00" : null}>
          <TextField.Root id="event-limit-amount" inputMode="decimal" value={value} onChange={(e) => setValue(e.target.value)} autoFocus>
            <TextField.Slot>$</TextField.Slot>
          </TextField.Root>
        </Field>
        <Text as="p" size="1" color="gray" mt="2">
          Current liability {formatMoney(m.totalLiability)}
        </Text>
      </FormDialog>
    </>
  );
}
