/**
 * Add Player (POST /api/admin/fantasy/players): name, team, a position the sport's roster uses,
 * salary in fantasy dollars, projected points (optional) and injury status. After an add the form
 * clears for the next player but keeps the sport.
 */
import { Button, Flex, Grid, Select } from "@radix-ui/themes";
import { useId, useState } from "react";
import type { CreatePlayerBody, FantasySport } from "../../../../../api/schemas/fantasy.ts";
import { Field } from "../form.tsx";
import { ChoiceSelect, ServerError, SportSelect, TextInput, capitalise } from "./fields.tsx";
import { checkPlayer, emptyPlayerForm, INJURY_STATUSES, type FieldErrors, type InjuryStatus, type PlayerForm } from "./form-rules.ts";
import { useCreate } from "./use-create.ts";
import { FormDialog } from "../form-dialog.tsx";

const INJURY_OPTIONS = INJURY_STATUSES.map((s) => ({ value: s, label: capitalise(s) }));

export function AddPlayerDialog({ sports, defaultSportId, disabled }: { sports: readonly FantasySport[]; defaultSportId: string; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<PlayerForm>(() => emptyPlayerForm(defaultSportId));
  const [errors, setErrors] = useState<FieldErrors<keyof PlayerForm>>({});
  const { create, pending, serverError, clearError } = useCreate<CreatePlayerBody>("player", () => {
    setOpen(false);
    setForm((f) => emptyPlayerForm(f.sportId));
  });
  const set = (patch: Partial<PlayerForm>) => setForm((f) => ({ ...f, ...patch }));
  const sport = sports.find((s) => s.id === form.sportId);
  const positions = sport?.positions ?? [];
  const positionId = useId();

  function submit() {
    const checked = checkPlayer(form);
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
        <Button disabled={disabled} data-testid="add-player">
          Add Player
        </Button>
      }
      maxWidth="520px"
      className="adm-fx-dialog"
      testId="add-player-dialog"
      title="Add Player"
      description="Salary is in fantasy dollars, counted against each contest's salary cap."
      noValidate
      onSubmit={submit}
      confirmLabel="Add Player"
      confirmTestId="submit-player"
      pending={pending}
      pendingLabel="Adding..."
    >
      <Flex direction="column" gap="3">
        <SportSelect sports={sports} value={form.sportId} onValue={(sportId) => set({ sportId, position: "" })} error={errors.sportId} testId="player-sport" />
        <Grid columns={{ initial: "1", xs: "2" }} gap="3">
          <TextInput label="Name" value={form.name} onValue={(name) => set({ name })} error={errors.name} required maxLength={80} data-testid="player-name" />
          <TextInput label="Team" value={form.team} onValue={(team) => set({ team })} error={errors.team} required maxLength={60} data-testid="player-team" />
          {positions.length > 0 ? (
            <Field id={positionId} className="adm-fx-field" label="Position" error={errors.position}>
              <Select.Root value={form.position || undefined} onValueChange={(position) => set({ position })}>
                <Select.Trigger id={positionId} placeholder="Choose" aria-label="Position" data-testid="player-position" />
                <Select.Content position="popper">
                  {positions.map((p) => (
                    <Select.Item key={p} value={p}>
                      {p}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select.Root>
            </Field>
          ) : (
            <TextInput label="Position" value={form.position} onValue={(position) => set({ position })} error={errors.position} maxLength={8} placeholder="e.g. QB" data-testid="player-position" />
          )}
          <TextInput label="Salary" value={form.salary} onValue={(salary) => set({ salary })} error={errors.salary} type="number" min={0} step={100} inputMode="numeric" prefix="$" data-testid="player-salary" />
          <TextInput
            label="Projected points"
            value={form.projectedPoints}
            onValue={(projectedPoints) => set({ projectedPoints })}
            error={errors.projectedPoints}
            inputMode="decimal"
            placeholder="Optional"
            data-testid="player-projected"
          />
          <ChoiceSelect<InjuryStatus> label="Injury status" value={form.injuryStatus} onValue={(injuryStatus) => set({ injuryStatus })} options={INJURY_OPTIONS} testId="player-injury" />
        </Grid>
        <ServerError message={serverError} />
      </Flex>
    </FormDialog>
  );
}
