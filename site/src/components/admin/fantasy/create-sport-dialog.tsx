/** Create Sport: name and season required, status defaults to active; the form resets after a create. */
import { Button, Dialog, Flex } from "@radix-ui/themes";
import { useState, type FormEvent } from "react";
import type { CreateSportBody } from "../../../../../api/schemas/fantasy.ts";
import { ChoiceSelect, ServerError, TextInput } from "./fields.tsx";
import { checkSport, emptySportForm, SPORT_STATUSES, type FieldErrors, type SportStatus } from "./form-rules.ts";
import { useCreate } from "./use-create.ts";

const STATUS_OPTIONS = SPORT_STATUSES.map((s) => ({ value: s, label: s.charAt(0).toUpperCase() + s.slice(1) }));

export function CreateSportDialog({ disabled }: { disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(emptySportForm);
  const [errors, setErrors] = useState<FieldErrors<"name" | "season" | "roster" | "salaryCap">>({});
  const { create, pending, serverError, clearError } = useCreate<CreateSportBody>("sport", () => {
    setOpen(false);
    setForm(emptySportForm());
  });

  function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkSport(form);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    create(checked.value);
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (!o) clearError();
      }}
    >
      <Dialog.Trigger>
        <Button disabled={disabled} data-testid="create-sport">
          Create Sport
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="440px" className="adm-fx-dialog" data-testid="create-sport-dialog">
        <Dialog.Title>Create Fantasy Sport</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          Contests of this sport copy its roster and salary cap when they are created.
        </Dialog.Description>
        <form onSubmit={submit} noValidate>
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
            <Flex gap="2" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={pending} data-testid="submit-sport">
                {pending ? "Creating..." : "Create Sport"}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
