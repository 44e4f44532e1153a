/**
 * CREATE CONTEST: a private contest with an invite code. Step 1 the terms (sport, name, entry fee,
 * size, start), step 2 the creator's lineup (the creator enters and pays like anyone else), step 3
 * the invite code and link to share. POST /api/fantasy/contests.
 */
import { Badge, Button, Callout, Dialog, Flex, Grid, Select, Text, TextField } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { FantasyContest, PrivateContestResponse } from "../../../../api/schemas/fantasy.ts";
import { apiSend } from "../../lib/api.ts";
import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { keys } from "../../lib/query-keys.ts";
import { fantasyQueries } from "../../lib/queries-fantasy.ts";
import { useToast } from "../toast.tsx";
import { refreshAfterEntry } from "./enter-contest-dialog.tsx";
import { LineupBuilder } from "./lineup-builder.tsx";
import { checkPrivateForm, emptyPrivateForm, inviteLink, PRIVATE_RULES, type PrivateForm, type PrivateTerms } from "./private-contest.ts";

type Step = { kind: "terms" } | { kind: "lineup"; terms: PrivateTerms } | { kind: "done"; contest: FantasyContest };

export function CreatePrivateContestDialog({ open, onOpenChange, defaultSportId }: { open: boolean; onOpenChange: (o: boolean) => void; defaultSportId: string }) {
  const sports = useQuery(fantasyQueries.fantasySports());
  const active = (sports.data ?? []).filter((s) => s.status === "active");
  const queryClient = useQueryClient();
  const toast = useToast();
  const [form, setForm] = useState<PrivateForm>(() => emptyPrivateForm(defaultSportId, new Date()));
  const [errors, setErrors] = useState<Partial<Record<keyof PrivateForm, string>>>({});
  const [step, setStep] = useState<Step>({ kind: "terms" });
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState<string | null>(null);
  const set = (patch: Partial<PrivateForm>) => setForm((f) => ({ ...f, ...patch }));
  const sport = active.find((s) => s.id === form.sportId);

  const create = useMutation({
    mutationFn: (body: PrivateTerms & { lineup: string[] }) => apiSend<PrivateContestResponse>("POST", "/api/fantasy/contests", body),
    onMutate: () => setError(null),
    onSuccess: async (res) => {
      toast({ title: "Contest Created", description: `${res.contest.name} is ready. Share the invite code ${res.contest.inviteCode ?? ""}.` });
      queryClient.setQueryData(keys.balance, { balance: res.balance });
      setStep({ kind: "done", contest: res.contest });
      await refreshAfterEntry(queryClient);
    },
    onError: (e) => {
      setError(e.message);
      toast({ title: "Contest Not Created", description: e.message, variant: "destructive" });
    },
  });

  function reset() {
    setForm(emptyPrivateForm(defaultSportId, new Date()));
    setErrors({});
    setStep({ kind: "terms" });
    setError(null);
    setCopied(null);
    create.reset();
  }

  function next(e: FormEvent) {
    e.preventDefault();
    const checked = checkPrivateForm(form, new Date());
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    setStep({ kind: "lineup", terms: checked.value });
  }

  async function copy(text: string, what: string) {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
    } catch {
      setCopied(null);
      toast({ title: "Copy failed", description: "Select the text and copy it yourself.", variant: "destructive" });
    }
  }

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        onOpenChange(o);
        if (!o) reset();
        else if (!form.sportId && defaultSportId) set({ sportId: defaultSportId });
      }}
    >
      <Dialog.Content maxWidth={step.kind === "lineup" ? "980px" : "520px"} className="fx-dialog" data-testid="create-private-contest-dialog">
        <Dialog.Title>Create a private contest</Dialog.Title>
        {step.kind === "terms" && (
          <form onSubmit={next} noValidate>
            <Dialog.Description size="2" color="gray" mb="3">
              Only people with the invite code can enter. You enter it too, with your own lineup, and pay the entry fee from
              your wallet. Prizes are paid from the entry fees, less the operator's rake.
            </Dialog.Description>
            <Flex direction="column" gap="3">
              <label>
                <Text as="div" size="2" weight="medium" mb="1">
                  Sport
                </Text>
                <Select.Root value={form.sportId || undefined} onValueChange={(sportId) => set({ sportId })}>
                  <Select.Trigger style={{ width: "100%" }} placeholder="Choose a sport" aria-label="Sport" data-testid="private-sport" />
                  <Select.Content position="popper">
                    {active.map((s) => (
                      <Select.Item key={s.id} value={s.id}>
                        {s.name}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
                {errors.sportId && <FieldError text={errors.sportId} />}
              </label>
              <label>
                <Text as="div" size="2" weight="medium" mb="1">
                  Contest name
                </Text>
                <TextField.Root value={form.name} onChange={(e) => set({ name: e.target.value })} maxLength={80} placeholder="e.g. Office Sunday Showdown" data-testid="private-name" />
                {errors.name && <FieldError text={errors.name} />}
              </label>
              <Grid columns={{ initial: "1", xs: "2" }} gap="3">
                <label>
                  <Text as="div" size="2" weight="medium" mb="1">
                    Entry fee
                  </Text>
                  <TextField.Root value={form.entryFee} onChange={(e) => set({ entryFee: e.target.value })} inputMode="decimal" data-testid="private-fee">
                    <TextField.Slot>$</TextField.Slot>
                  </TextField.Root>
                  {errors.entryFee && <FieldError text={errors.entryFee} />}
                </label>
                <label>
                  <Text as="div" size="2" weight="medium" mb="1">
                    Max entries
                  </Text>
                  <TextField.Root
                    value={form.maxEntries}
                    onChange={(e) => set({ maxEntries: e.target.value })}
                    type="number"
                    min={PRIVATE_RULES.minEntries}
                    max={PRIVATE_RULES.maxEntries}
                    step={1}
                    inputMode="numeric"
                    data-testid="private-max-entries"
                  />
                  {errors.maxEntries && <FieldError text={errors.maxEntries} />}
                </label>
              </Grid>
              <label>
                <Text as="div" size="2" weight="medium" mb="1">
                  Start time
                </Text>
                <TextField.Root value={form.startTime} onChange={(e) => set({ startTime: e.target.value })} type="datetime-local" data-testid="private-start" />
                {errors.startTime && <FieldError text={errors.startTime} />}
              </label>
              <Flex gap="2" justify="end" mt="2">
                <Dialog.Close>
                  <Button type="button" variant="soft" color="gray">
                    Cancel
                  </Button>
                </Dialog.Close>
                <Button type="submit" data-testid="private-next">
                  Next: pick your lineup
                </Button>
              </Flex>
            </Flex>
          </form>
        )}
        {step.kind === "lineup" && sport && (
          <>
            <Dialog.Description size="2" color="gray" mb="3">
              {step.terms.name} · {sport.name} · starts {formatDateTime(step.terms.startTime)} · entry {formatMoney(step.terms.entryFee)} · up to{" "}
              {step.terms.maxEntries} entries
            </Dialog.Description>
            <LineupBuilder
              setup={{ sportId: sport.id, rosterPositions: sport.rosterPositions, salaryCap: sport.salaryCap }}
              submitLabel={step.terms.entryFee > 0 ? `Create and enter for ${formatMoney(step.terms.entryFee)}` : "Create and enter"}
              pending={create.isPending}
              error={error}
              onSubmit={(lineup) => create.mutate({ ...step.terms, lineup })}
              footer={
                <Button variant="ghost" mt="2" onClick={() => setStep({ kind: "terms" })} disabled={create.isPending}>
                  Back to contest details
                </Button>
              }
            />
          </>
        )}
        {step.kind === "done" && (
          <Flex direction="column" gap="3" data-testid="private-created">
            <Dialog.Description size="2" color="gray">
              {step.contest.name} is open until {formatDateTime(step.contest.startTime)}. You're entered. Share this code (or the
              link) with the people you want to play against:
            </Dialog.Description>
            <div className="fx-code" data-testid="invite-code">
              {step.contest.inviteCode}
            </div>
            {step.contest.inviteCode && (
              <>
                <Flex gap="2" wrap="wrap">
                  <Button variant="soft" onClick={() => void copy(step.contest.inviteCode!, "code")}>
                    {copied === "code" ? "Code copied" : "Copy code"}
                  </Button>
                  <Button variant="soft" onClick={() => void copy(inviteLink(window.location.origin, step.contest.id, step.contest.inviteCode!), "link")}>
                    {copied === "link" ? "Link copied" : "Copy invite link"}
                  </Button>
                </Flex>
                <Text size="1" color="gray" style={{ wordBreak: "break-all" }} data-testid="invite-link">
                  {inviteLink(window.location.origin, step.contest.id, step.contest.inviteCode)}
                </Text>
              </>
            )}
            <Flex gap="2" align="center">
              <Badge color="gray" variant="outline">
                Private
              </Badge>
              <Text size="2" color="gray">
                {step.contest.currentEntries}/{step.contest.maxEntries} entries · TOP {step.contest.payoutPlaces} paid
              </Text>
            </Flex>
            <Flex justify="end">
              <Dialog.Close>
                <Button>Done</Button>
              </Dialog.Close>
            </Flex>
          </Flex>
        )}
        {step.kind === "lineup" && !sport && (
          <Callout.Root color="red">
            <Callout.Text>That sport is no longer taking contests.</Callout.Text>
          </Callout.Root>
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}

function FieldError({ text }: { text: string }) {
  return (
    <Text as="div" size="1" color="red" mt="1" role="alert">
      {text}
    </Text>
  );
}
