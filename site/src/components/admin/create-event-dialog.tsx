/**
 * Quick Action "Create Event" (and the dashboard's New Event): POST /api/admin/events creates the
 * event with its match-winner market priced home / (draw) / away. Racing is left out: a race needs
 * runners, added afterwards as a market.
 */
import { Button, Callout, Checkbox, Dialog, Flex, Grid, Select, Text, TextArea, TextField } from "@radix-ui/themes";
import { useState, type FormEvent } from "react";
import type { CreateEventBody } from "../../../../api/schemas/markets.ts";
import type { SportCode } from "../../../../api/schemas/events.ts";
import { apiSend } from "../../lib/api.ts";
import { useAdminMutation } from "./use-admin-mutation.ts";
import { describeApiError, Field, toLocalInput } from "./form.tsx";
import { keys } from "../../lib/query-keys.ts";
import { adminKeys } from "../../lib/queries-admin.ts";

const SPORTS: { code: Exclude<SportCode, "racing">; name: string; hasDraw: boolean }[] = [
  { code: "soccer", name: "Soccer", hasDraw: true },
  { code: "basketball", name: "Basketball", hasDraw: false },
  { code: "tennis", name: "Tennis", hasDraw: false },
  { code: "nfl", name: "NFL", hasDraw: false },
  { code: "hockey", name: "Hockey", hasDraw: true },
  { code: "mlb", name: "Baseball", hasDraw: false },
  { code: "afl", name: "AFL", hasDraw: true },
  { code: "nrl", name: "NRL", hasDraw: false },
  { code: "golf", name: "Golf", hasDraw: false },
  { code: "cricket", name: "Cricket", hasDraw: true },
];

type Created = { event: { id: string; name?: string } };

function blank() {
  return {
    sport: "soccer" as Exclude<SportCode, "racing">,
    league: "",
    homeTeam: "",
    awayTeam: "",
    start: toLocalInput(new Date(Date.now() + 24 * 3_600_000)),
    featured: false,
    description: "",
    home: "",
    draw: "",
    away: "",
  };
}

export function CreateEventDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState(blank);
  const sport = SPORTS.find((s) => s.code === form.sport) ?? SPORTS[0];
  const set = <K extends keyof ReturnType<typeof blank>>(k: K, v: ReturnType<typeof blank>[K]) => setForm((f) => ({ ...f, [k]: v }));

  const create = useAdminMutation({
    request: (body: CreateEventBody) => apiSend<Created>("POST", "/api/admin/events", body),
    success: (res) => ({ title: "Event created", description: `${res.event.name ?? `${form.homeTeam} vs ${form.awayTeam}`} is on the board.` }),
    refreshFirst: true,
    onSuccess: () => {
      setForm(blank());
      onOpenChange(false);
    },
    failure: "Failed to create event",
    invalidate: [keys.events, adminKeys.dashboardStats],
  });


  function submit(e: FormEvent) {
    e.preventDefault();
    const startTime = new Date(form.start);
    if (Number.isNaN(startTime.getTime())) return;
    create.mutate({
      sport: form.sport,
      league: form.league.trim(),
      homeTeam: form.homeTeam.trim(),
      awayTeam: form.awayTeam.trim(),
      startTime: startTime.toISOString(),
      featured: form.featured,
      ...(form.description.trim() ? { description: form.description.trim() } : {}),
      prices: {
        home: form.home.trim(),
        ...(sport.hasDraw ? { draw: form.draw.trim() } : {}),
        away: form.away.trim(),
      },
    });
  }

  return (
    <Dialog.Root open={open} onOpenChange={(o) => !create.isPending && onOpenChange(o)}>
      <Dialog.Content maxWidth="560px" data-testid="create-event-dialog">
        <Dialog.Title>Create Event</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          A new fixture with its match-winner market. It opens for betting straight away.
        </Dialog.Description>
        <form onSubmit={submit}>
          <Flex direction="column" gap="3">
            <Grid columns={{ initial: "1", sm: "2" }} gap="3">
              <Field id="ev-sport" label="Sport">
                <Select.Root value={form.sport} onValueChange={(v) => set("sport", v as typeof form.sport)}>
                  <Select.Trigger id="ev-sport" aria-label="Sport" />
                  <Select.Content>
                    {SPORTS.map((s) => (
                      <Select.Item key={s.code} value={s.code}>
                        {s.name}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              </Field>
              <Field id="ev-league" label="League">
                <TextField.Root id="ev-league" required maxLength={120} value={form.league} onChange={(e) => set("league", e.target.value)} placeholder="e.g. Premier League" />
              </Field>
              <Field id="ev-home" label="Home team">
                <TextField.Root id="ev-home" required maxLength={80} value={form.homeTeam} onChange={(e) => set("homeTeam", e.target.value)} />
              </Field>
              <Field id="ev-away" label="Away team">
                <TextField.Root id="ev-away" required maxLength={80} value={form.awayTeam} onChange={(e) => set("awayTeam", e.target.value)} />
              </Field>
              <Field id="ev-start" label="Start time">
                <TextField.Root id="ev-start" type="datetime-local" required value={form.start} onChange={(e) => set("start", e.target.value)} />
              </Field>
              <Flex align="end" pb="2">
                <Text as="label" size="2">
                  <Flex gap="2" align="center">
                    <Checkbox checked={form.featured} onCheckedChange={(c) => set("featured", c === true)} />
                    Featured
                  </Flex>
                </Text>
              </Flex>
            </Grid>
            <Text size="2" weight="medium">
              Match-winner prices (decimal odds)
            </Text>
            <Grid columns={sport.hasDraw ? "3" : "2"} gap="3">
              <Field id="ev-price-home" label="Home">
                <TextField.Root id="ev-price-home" required inputMode="decimal" pattern="\d{1,4}(\.\d{1,3})?" placeholder="2.10" value={form.home} onChange={(e) => set("home", e.target.value)} />
              </Field>
              {sport.hasDraw && (
                <Field id="ev-price-draw" label="Draw">
                  <TextField.Root id="ev-price-draw" required inputMode="decimal" pattern="\d{1,4}(\.\d{1,3})?" placeholder="3.40" value={form.draw} onChange={(e) => set("draw", e.target.value)} />
                </Field>
              )}
              <Field id="ev-price-away" label="Away">
                <TextField.Root id="ev-price-away" required inputMode="decimal" pattern="\d{1,4}(\.\d{1,3})?" placeholder="3.25" value={form.away} onChange={(e) => set("away", e.target.value)} />
              </Field>
            </Grid>
            <Field id="ev-description" label="Description (optional)">
              <TextArea id="ev-description" maxLength={500} value={form.description} onChange={(e) => set("description", e.target.value)} />
            </Field>
            {create.isError && (
              <Callout.Root color="red" size="1">
                <Callout.Text>{describeApiError(create.error)}</Callout.Text>
              </Callout.Root>
            )}
            <Flex gap="3" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray" disabled={create.isPending}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" loading={create.isPending} data-testid="create-event-submit">
                {create.isPending ? "Creating..." : "Create Event"}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
