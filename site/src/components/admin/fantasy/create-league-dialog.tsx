/**
 * Create League: name required; max teams 4 to 20 (default 12); entry fee and prize pool whole
 * dollars, 0 or more. Type season_long and format snake_draft by default. The form keeps its
 * values after a create, as the product spec asks.
 */
import { Button, Flex, Grid } from "@radix-ui/themes";
import { useState } from "react";
import type { CreateLeagueBody, FantasySport } from "../../../../../api/schemas/fantasy.ts";
import { ChoiceSelect, ServerError, SportSelect, TextInput } from "./fields.tsx";
import { checkLeague, emptyLeagueForm, LEAGUE_MAX_TEAMS, type FieldErrors, type LeagueForm } from "./form-rules.ts";
import { useCreate } from "./use-create.ts";
import { FormDialog } from "../form-dialog.tsx";

type LeagueType = "season_long" | "weekly";
type LeagueFormat = "snake_draft" | "auction_draft";
const TYPES = [
  { value: "season_long", label: "Season long" },
  { value: "weekly", label: "Weekly" },
] as const;
const FORMATS = [
  { value: "snake_draft", label: "Snake draft" },
  { value: "auction_draft", label: "Auction draft" },
] as const;

export function CreateLeagueDialog({ sports, defaultSportId, disabled }: { sports: readonly FantasySport[]; defaultSportId: string; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<LeagueForm>(() => emptyLeagueForm(defaultSportId));
  const [type, setType] = useState<LeagueType>("season_long");
  const [format, setFormat] = useState<LeagueFormat>("snake_draft");
  const [errors, setErrors] = useState<FieldErrors<keyof LeagueForm>>({});
  const { create, pending, serverError, clearError } = useCreate<CreateLeagueBody>("league", () => setOpen(false));
  const set = (patch: Partial<LeagueForm>) => setForm((f) => ({ ...f, ...patch }));

  function submit() {
    const checked = checkLeague(form);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    create({ ...checked.value, type, format });
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
        <Button disabled={disabled} data-testid="create-league">
          Create League
        </Button>
      }
      maxWidth="520px"
      className="adm-fx-dialog"
      testId="create-league-dialog"
      title="Create Fantasy League"
      description="Money is in whole dollars."
      noValidate
      onSubmit={submit}
      confirmLabel="Create League"
      confirmTestId="submit-league"
      pending={pending}
      pendingLabel="Creating..."
    >
      <Flex direction="column" gap="3">
        <SportSelect sports={sports} value={form.sportId} onValue={(sportId) => set({ sportId })} error={errors.sportId} testId="league-sport" />
        <TextInput label="Name" value={form.name} onValue={(name) => set({ name })} error={errors.name} required maxLength={80} data-testid="league-name" />
        <Grid columns={{ initial: "1", xs: "2" }} gap="3">
          <ChoiceSelect<LeagueType> label="Type" value={type} onValue={setType} options={TYPES} />
          <ChoiceSelect<LeagueFormat> label="Format" value={format} onValue={setFormat} options={FORMATS} />
          <TextInput
            label="Max teams"
            value={form.maxTeams}
            onValue={(maxTeams) => set({ maxTeams })}
            error={errors.maxTeams}
            type="number"
            min={LEAGUE_MAX_TEAMS.min}
            max={LEAGUE_MAX_TEAMS.max}
            step={1}
            inputMode="numeric"
            data-testid="league-max-teams"
          />
          <TextInput label="Entry fee" value={form.entryFee} onValue={(entryFee) => set({ entryFee })} error={errors.entryFee} type="number" min={0} step={1} inputMode="numeric" prefix="$" data-testid="league-entry-fee" />
          <TextInput label="Prize pool" value={form.prizePool} onValue={(prizePool) => set({ prizePool })} error={errors.prizePool} type="number" min={0} step={1} inputMode="numeric" prefix="$" data-testid="league-prize-pool" />
          <div />
          <TextInput label="Season start" value={form.seasonStart} onValue={(seasonStart) => set({ seasonStart })} error={errors.seasonStart} type="date" data-testid="league-season-start" />
          <TextInput label="Season end" value={form.seasonEnd} onValue={(seasonEnd) => set({ seasonEnd })} error={errors.seasonEnd} type="date" data-testid="league-season-end" />
        </Grid>
        <ServerError message={serverError} />
      </Flex>
    </FormDialog>
  );
}
