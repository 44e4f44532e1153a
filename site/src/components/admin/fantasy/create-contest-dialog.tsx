/**
 * Create Contest: name required; entry fee and guaranteed prize pool whole dollars, 0 or more; max
 * entries at least 1 (default 100); type tournament. Entry fees less the operator's rake are added
 * to the prize pool. The form keeps its values after a create, as the product spec asks, so a similar one is quick to add.
 */
import { Button, Flex, Grid } from "@radix-ui/themes";
import { useState } from "react";
import type { CreateContestBody, FantasySport } from "../../../../../api/schemas/fantasy.ts";
import { ServerError, SportSelect, TextInput } from "./fields.tsx";
import { checkContest, CONTEST_MAX_ENTRIES, emptyContestForm, type ContestForm, type FieldErrors } from "./form-rules.ts";
import { useCreate } from "./use-create.ts";
import { FormDialog } from "../form-dialog.tsx";

export function CreateContestDialog({ sports, defaultSportId, disabled }: { sports: readonly FantasySport[]; defaultSportId: string; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<ContestForm>(() => emptyContestForm(defaultSportId));
  const [errors, setErrors] = useState<FieldErrors<keyof ContestForm>>({});
  const { create, pending, serverError, clearError } = useCreate<CreateContestBody>("contest", () => setOpen(false));
  const set = (patch: Partial<ContestForm>) => setForm((f) => ({ ...f, ...patch }));
  const max = Number(form.maxEntries);
  const places = Number.isInteger(max) && max >= 1 ? Math.max(1, Math.floor(max / 10)) : null;

  function submit() {
    const checked = checkContest(form);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    create(checked.value);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o && !form.sportId && defaultSportId) set({ sportId: defaultSportId });
        if (!o) clearError();
      }}
      trigger={
        <Button disabled={disabled} data-testid="create-contest">
          Create Contest
        </Button>
      }
      maxWidth="520px"
      className="adm-fx-dialog"
      testId="create-contest-dialog"
      title="Create Fantasy Contest"
      description="A public tournament. Money is in whole dollars. The prize pool is a guarantee: the pool paid is the larger of it and the entry fees less the operator's rake, the house paying only the difference (the overlay)."
      noValidate
      onSubmit={submit}
      confirmLabel="Create Contest"
      confirmTestId="submit-contest"
      pending={pending}
      pendingLabel="Creating..."
    >
      <Flex direction="column" gap="3">
        <SportSelect sports={sports} value={form.sportId} onValue={(sportId) => set({ sportId })} error={errors.sportId} testId="contest-sport" />
        <TextInput label="Name" value={form.name} onValue={(name) => set({ name })} error={errors.name} required maxLength={80} data-testid="contest-name" />
        <Grid columns={{ initial: "1", xs: "2" }} gap="3">
          <TextInput label="Entry fee" value={form.entryFee} onValue={(entryFee) => set({ entryFee })} error={errors.entryFee} type="number" min={0} step={1} inputMode="numeric" prefix="$" data-testid="contest-entry-fee" />
          <TextInput label="Prize pool" value={form.prizePool} onValue={(prizePool) => set({ prizePool })} error={errors.prizePool} type="number" min={0} step={1} inputMode="numeric" prefix="$" data-testid="contest-prize-pool" />
          <TextInput
            label="Max entries"
            value={form.maxEntries}
            onValue={(maxEntries) => set({ maxEntries })}
            error={errors.maxEntries}
            hint={places ? `Pays the TOP ${places}` : undefined}
            type="number"
            min={CONTEST_MAX_ENTRIES.min}
            step={1}
            inputMode="numeric"
            data-testid="contest-max-entries"
          />
          <TextInput
            label="Entries per customer"
            value={form.maxEntriesPerUser}
            onValue={(maxEntriesPerUser) => set({ maxEntriesPerUser })}
            error={errors.maxEntriesPerUser}
            hint="1 = single entry"
            type="number"
            min={1}
            step={1}
            inputMode="numeric"
            data-testid="contest-max-per-user"
          />
          <TextInput label="Start time" value={form.startTime} onValue={(startTime) => set({ startTime })} error={errors.startTime} type="datetime-local" data-testid="contest-start" />
          <TextInput label="End time" value={form.endTime} onValue={(endTime) => set({ endTime })} error={errors.endTime} type="datetime-local" data-testid="contest-end" />
        </Grid>
        <ServerError message={serverError} />
      </Flex>
    </FormDialog>
  );
}
