/**
 * Before a customer's first deposit they are asked to set a deposit limit. They either
 * set one or more limits (PUT /api/responsible/limits) or decline (PUT /api/responsible/limit-prompt);
 * the server refuses a first deposit until one of the two has happened.
 */
import { Button, Callout, Dialog, Flex, Text } from "@radix-ui/themes";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState, type FormEvent } from "react";
import type { LimitPeriod, ResponsibleState } from "../../../../../api/schemas/responsible.ts";
import { apiSend } from "../../../lib/api.ts";
import { errorMessage } from "../../../lib/form-errors.ts";
import { centsToInput, parseStakeToCents } from "../../../lib/format.ts";
import { Field } from "../../form/field.tsx";
import { useResponsibleUpdate } from "./responsible.tsx";

const PERIODS: LimitPeriod[] = ["daily", "weekly", "monthly"];
/** The product spec's default limits when the server sends no suggestion: daily 500, weekly 1500, monthly off. */
const FALLBACK = { daily: 50_000, weekly: 150_000, monthly: null as number | null };

export function DepositLimitPrompt({
  open,
  onOpenChange,
  suggested,
  onDone,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  suggested?: { daily: number; weekly: number; monthly: number };
  onDone: () => void;
}) {
  const update = useResponsibleUpdate();
  const initial = () => ({
    daily: centsToInput(suggested?.daily ?? FALLBACK.daily),
    weekly: centsToInput(suggested?.weekly ?? FALLBACK.weekly),
    monthly: "", // the spec's default monthly limit is off
  });
  const [values, setValues] = useState<Record<LimitPeriod, string>>(initial);
  useEffect(() => {
    if (open) setValues(initial());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const setLimits = useMutation({
    mutationFn: async () => {
      let state: ResponsibleState | null = null;
      for (const period of PERIODS) {
        const cents = parseStakeToCents(values[period]);
        if (cents !== null && cents > 0)
          state = await apiSend<ResponsibleState>("PUT", "/api/responsible/limits", { type: "deposit", period, amount: cents });
      }
      if (!state) throw new Error("Enter at least one limit, or choose No thanks");
      return state;
    },
    onSuccess: (state) => {
      update(state);
      onOpenChange(false);
      onDone();
    },
  });
  const decline = useMutation({
    mutationFn: () => apiSend<ResponsibleState>("PUT", "/api/responsible/limit-prompt", { declined: true }),
    onSuccess: (state) => {
      update(state);
      onOpenChange(false);
      onDone();
    },
  });
  const busy = setLimits.isPending || decline.isPending;
  const failure = setLimits.error ?? decline.error;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy) setLimits.mutate();
  };

  return (
    <Dialog.Root open={open} onOpenChange={(o) => !busy && onOpenChange(o)}>
      <Dialog.Content maxWidth="480px" data-testid="deposit-limit-prompt">
        <Dialog.Title>Set a deposit limit</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          Before your first deposit, choose the most you want to deposit. Lowering a limit later applies at once;
          raising it takes 24 hours. Leave a period empty for no limit.
        </Dialog.Description>
        <form onSubmit={submit}>
          <Flex direction="column" gap="3">
            {PERIODS.map((p) => (
              <Field key={p} id={`prompt-${p}`} label={`${p[0].toUpperCase()}${p.slice(1)} limit`} prefix="$" type="number" min="1" step="0.01"
                inputMode="decimal" placeholder="No limit" value={values[p]} onChange={(e) => setValues((v) => ({ ...v, [p]: e.target.value }))} />
            ))}
            {failure && (
              <Callout.Root color="red" role="alert">
                <Callout.Text>{errorMessage(failure)}</Callout.Text>
              </Callout.Root>
            )}
            <Text as="p" size="1" color="gray">
              You can change these any time under Responsible Gambling.
            </Text>
            <Flex gap="3" justify="end" wrap="wrap" mt="2">
              <Button type="button" variant="soft" color="gray" onClick={() => decline.mutate()} loading={decline.isPending}
                disabled={busy} data-testid="limit-prompt-decline">
                No thanks
              </Button>
              <Button type="submit" loading={setLimits.isPending} disabled={busy} data-testid="limit-prompt-save">
                Set limits
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
