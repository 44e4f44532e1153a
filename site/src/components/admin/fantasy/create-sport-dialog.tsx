/** Create Sport: name and season required, status defaults to active; the form resets after a create. */
import { Button, Flex } from "@radix-ui/themes";
import { useState } from "react";
import type { CreateSportBody } from "../../../../../api/schemas/fantasy.ts";
import { ChoiceSelect, ServerError, TextInput } from "./fields.tsx";
import { checkSport, emptySportForm, SPORT_STATUSES, type FieldErrors, type SportStatus } from "./form-rules.ts";
import { useCreate } from "./use-create.ts";
import { FormDialog } from "../form-dialog.tsx";

const STATUS_OPTIONS = SPORT_STATUSES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }));

export function CreateSportDialog({ disabled }: { disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(emptySportForm);
  const [errors, setErrors] = useState<FieldErrors<"name" | "season" | "roster" | "salaryCap">>({});
  const { create, pending, serverError, clearError } = useCreate<CreateSportBody>("sport", () => {
    setOpen(false);
    setForm(emptySportForm());
  });

  function submit() {
    const checked = checkSport(form);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    create(checked.value);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) clearError();
      }}
      trigger={
        <Button disabled={disabled} data-testid="create-sport">
          Create Sport
        </Button>
      }
      maxWidth="440px"
      className="adm-fx-dialog"
      testId="create-sport-dialog"
      title="Create Fantasy Sport"
      description="Contests of this sport copy its roster and salary cap when they are created."
      noValidate
      onSubmit={submit}
      confirmLabel="Create Sport"
      confirmTestId="submit-sport"
      pending={pending}
      pendingLabel="Creating..."
    >
      <Flex direction="column" gap="3">
        <TextInput label="Name" value={form.name} onValue={(name) => setForm({ ...form, name })} error={errors.name} required maxLength={60} placeholder="e.g. NFL" data-testid="sport-name" />
        <TextInput label="Season" value={form.season} onValue={(season) => setForm({ ...form, season })} error={errors.season} required maxLength={20} placeholder="2024-25" data-testid="sport-season" />
        <ChoiceSelect<SportStatus> label="Status" value={form.status} onValue={(status) => setForm({ ...form, status })} options={STATUS_OPTIONS} testId="sport-status" />
        <TextInput
          label="Roster slots (optional)"
          value={form.roster}
          onValue={(roster) => setForm({ ...form, roster })}
          error={errors.roster}
          placeholder="QB, RB, RB, WR, WR, TE, FLEX(RB/WR/TE)"
          hint="Comma separated. NAME(A/B) takes either position; UTIL takes any. Blank: six UTIL slots."
          data-testid="sport-roster"
        />
        <TextInput
          label="Salary cap (fantasy $)"
          value={form.salaryCap}
          onValue={(salaryCap) => setForm({ ...form, salaryCap })}
          error={errors.salaryCap}
          inputMode="numeric"
          prefix="$"
          data-testid="sport-salary-cap"
        />
        <ServerError message={serverError} />
      </Flex>
    </FormDialog>
  );
}
