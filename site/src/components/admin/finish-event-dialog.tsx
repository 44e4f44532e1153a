/**
 * "Set Finished" asks first (PATCH /api/admin/events/{id} {status: "finished"}): an optional final
 * score (it grades every market and settles the bets), what happens to the open bets, and, when the
 * event's start is still ahead, the reason that owns a result before the start (the override the
 * server requires then, audited with the admin).
 */
import { Callout, Flex, Grid, Text, TextArea, TextField } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { AdminEventRow } from "../../../../api/schemas/admin-lists.ts";
import { apiSend } from "../../lib/api.ts";
import { keys } from "../../lib/query-keys.ts";
import { adminKeys } from "../../lib/queries-admin.ts";
import { formatLocal } from "../../lib/local-time.ts";
import { adminBetsQuery } from "./admin-lists.ts";
import { FormDialog } from "./form-dialog.tsx";
import { describeApiError, Field } from "./form.tsx";
import { reasonError } from "./markets/settle-confirm.ts";
import { useAdminMutation } from "./use-admin-mutation.ts";
import { finishConsequence, finishesEarly, scoreOf } from "./finish-event.ts";

export function FinishEventDialog({ event, onClose }: { event: AdminEventRow | null; onClose: () => void }) {
  const [home, setHome] = useState("");
  const [away, setAway] = useState("");
  const [reason, setReason] = useState("");
  // Counted once, when the dialog opens: the open bets on the event (the list an admin settles from).
  const open = useQuery({ ...adminBetsQuery({ event: event?.id, status: "pending", limit: 1 }), enabled: event !== null, refetchInterval: false });
  const finish = useAdminMutation({
    request: (body: Record<string, unknown>) => apiSend<unknown>("PATCH", `/api/admin/events/${encodeURIComponent(event!.id)}`, body),
    success: () => ({ title: "Event updated", description: `${event?.name} is now finished.` }),
    failure: (e) => ({ title: "Failed to update event", description: describeApiError(e), variant: "destructive" }),
    invalidate: [keys.events, adminKeys.dashboardStats, adminKeys.allBets],
    onSuccess: () => close(),
  });
  const close = () => {
    setHome("");
    setAway("");
    setReason("");
    onClose();
  };
  if (!event) return null;
  const racing = event.sport === "racing";
  const h = scoreOf(home);
  const a = scoreOf(away);
  const scoreProblem =
    h === undefined || a === undefined ? "A score is a whole number" : (h === null) !== (a === null) ? "Give both scores, or neither" : null;
  const score = h !== null && h !== undefined && a !== null && a !== undefined ? { home: h, away: a } : null;
  const early = finishesEarly(event, new Date());
  const problem = scoreProblem ?? (early ? reasonError(reason) : null);
  return (
    <FormDialog
      open
      onOpenChange={(o) => !o && close()}
      title={`Finish ${event.name}?`}
      description="Finished is final: the event takes no more bets and cannot be set live again."
      maxWidth="480px"
      testId="finish-event-dialog"
      onSubmit={() => {
        if (problem) return;
        finish.mutate({ status: "finished", ...(score ? { homeScore: score.home, awayScore: score.away } : {}), ...(early ? { override: { reason: reason.trim() } } : {}) });
      }}
      confirmLabel="Set finished"
      confirmColor="red"
      confirmTestId="finish-event-confirm"
      canSubmit={problem === null}
      pending={finish.isPending}
    >
      <Flex direction="column" gap="3">
        {!racing && (
          <Grid columns="2" gap="3">
            <Field id="finish-home" label={`${event.homeTeam} (final score)`}>
              <TextField.Root id="finish-home" inputMode="numeric" value={home} onChange={(e) => setHome(e.target.value)} data-testid="finish-home-score" />
            </Field>
            <Field id="finish-away" label={`${event.awayTeam} (final score)`}>
              <TextField.Root id="finish-away" inputMode="numeric" value={away} onChange={(e) => setAway(e.target.value)} data-testid="finish-away-score" />
            </Field>
          </Grid>
        )}
        {scoreProblem && (
          <Text size="1" color="red" role="alert">
            {scoreProblem}
          </Text>
        )}
        <Callout.Root color="gray" size="1" data-testid="finish-event-consequence">
          <Callout.Text>{finishConsequence(event, score, open.data?.total ?? null)}</Callout.Text>
        </Callout.Root>
        {early && (
          <>
            <Callout.Root color="amber" size="1" data-testid="finish-event-early">
              <Callout.Text>
                It has not started yet: it starts {formatLocal(event.startTime, "when")}. Finishing it now is a result before the start; give the
                reason, which is kept in the audit trail with your name.
              </Callout.Text>
            </Callout.Root>
            <Text as="label" size="2" weight="medium" htmlFor="finish-reason">
              Reason (at least 10 characters)
            </Text>
            <TextArea id="finish-reason" maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="finish-event-reason" />
          </>
        )}
      </Flex>
    </FormDialog>
  );
}
