/** Move an upcoming event's start: PATCH /api/admin/events/{id} {startTime}. Audited by the server. */
import { TextField } from "@radix-ui/themes";
import { useState } from "react";
import type { AdminEventRow } from "../../../../api/schemas/admin-lists.ts";
import { apiSend } from "../../lib/api.ts";
import { formatLocal, toLocalInput } from "../../lib/local-time.ts";
import { keys } from "../../lib/query-keys.ts";
import { FormDialog } from "./form-dialog.tsx";
import { describeApiError, Field } from "./form.tsx";
import { useAdminMutation } from "./use-admin-mutation.ts";

export function EditEventDialog({ event, onClose }: { event: AdminEventRow | null; onClose: () => void }) {
  const [start, setStart] = useState("");
  const save = useAdminMutation({
    request: (startTime: string) => apiSend<unknown>("PATCH", `/api/admin/events/${encodeURIComponent(event!.id)}`, { startTime }),
    success: () => ({ title: "Event updated", description: `${event?.name} starts ${formatLocal(new Date(start).toISOString(), "when")}.` }),
    failure: (e) => ({ title: "Failed to update event", description: describeApiError(e), variant: "destructive" }),
    invalidate: [keys.events],
    onSuccess: onClose,
  });
  return (
    <FormDialog
      open={event !== null}
      onOpenChange={(o) => {
        if (o && event) setStart(toLocalInput(new Date(event.startTime)));
        if (!o) onClose();
      }}
      onOpen={() => event && setStart(toLocalInput(new Date(event.startTime)))}
      maxWidth="400px"
      testId="edit-event-dialog"
      title="Edit event"
      description={event?.name}
      onSubmit={() => start && save.mutate(new Date(start).toISOString())}
      confirmLabel="Save"
      confirmTestId="edit-event-save"
      canSubmit={!!start}
      pending={save.isPending}
    >
      <Field id="edit-event-start" label="Start time">
        <TextField.Root id="edit-event-start" type="datetime-local" value={start} onChange={(e) => setStart(e.target.value)} />
      </Field>
    </FormDialog>
  );
}
