/**
 * Responsible Gambling (GET /api/responsible): deposit and loss limits per day, week and month (a
 * decrease applies at once, an increase or removal after 24 hours, shown as pending with its time),
 * time-outs and self-exclusion (spec periods including Permanent; it cannot be removed during the
 * period), the reality-check interval, and session statistics from real sessions.
 */
import { AlertDialog, Badge, Button, Callout, Flex, Skeleton, Text } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { CurrentUser } from "../../../../../api/schemas/auth.ts";
import type {
  ExclusionBody,
  ExclusionPeriod,
  ExclusionState,
  LimitPeriod,
  LimitState,
  LimitType,
  PeriodLimits,
  ResponsibleState,
  SetLimitBody,
} from "../../../../../api/schemas/responsible.ts";
import { apiSend } from "../../../lib/api.ts";
import { errorMessage } from "../../../lib/form-errors.ts";
import { centsToInput, formatDateTime, formatMinutes, formatMoney, formatSignedMoney, parseStakeToCents } from "../../../lib/format.ts";
import { keys } from "../../../lib/query-keys.ts";
import { customerQueries } from "../../../lib/queries-customer.ts";
import { usageColorOf } from "../../../lib/usage-color.ts";
import { Field, SelectField } from "../../form/field.tsx";
import { useToast } from "../../toast.tsx";
import { Panel, Section } from "../section.tsx";
import { REALITY_CHECK_OPTIONS, useSaveSettings } from "./settings.tsx";

const PERIODS: LimitPeriod[] = ["daily", "weekly", "monthly"];
const PERIOD_LABEL: Record<LimitPeriod, string> = { daily: "Daily", weekly: "Weekly", monthly: "Monthly" };

export const EXCLUSION_PERIODS: { value: ExclusionPeriod; label: string; kind: "timeout" | "self_exclusion" }[] = [
  { value: "24h", label: "Time-out: 24 hours", kind: "timeout" },
  { value: "1w", label: "Time-out: 1 week", kind: "timeout" },
  { value: "1m", label: "Time-out: 1 month", kind: "timeout" },
  { value: "6w", label: "Time-out: 6 weeks", kind: "timeout" },
  { value: "6m", label: "Self-exclusion: 6 months", kind: "self_exclusion" },
  { value: "1y", label: "Self-exclusion: 1 year", kind: "self_exclusion" },
  { value: "5y", label: "Self-exclusion: 5 years", kind: "self_exclusion" },
  { value: "permanent", label: "Self-exclusion: permanent", kind: "self_exclusion" },
];

export function useResponsibleUpdate() {
  const client = useQueryClient();
  return (state: ResponsibleState) => client.setQueryData(keys.responsible, state);
}

function LimitRow({ type, period, limit, suggested }: { type: LimitType; period: LimitPeriod; limit: LimitState; suggested: number | undefined }) {
  const toast = useToast();
  const update = useResponsibleUpdate();
  const [value, setValue] = useState("");
  const save = useMutation({
    mutationFn: (body: SetLimitBody) => apiSend<ResponsibleState>("PUT", "/api/responsible/limits", body),
    onSuccess: (state, body) => {
      update(state);
      setValue("");
      const after = (type === "deposit" ? state.depositLimits : state.lossLimits)[period];
      if (after.pending) {
        toast({
          title: body.amount === null ? "Limit Removal Pending" : "Limit Increase Pending",
          description: `It applies from ${formatDateTime(after.pending.effectiveAt)}, 24 hours from now.`,
        });
      } else {
        toast({ title: "Limit Updated", description: `Your ${period} ${type} limit is ${after.amount === null ? "removed" : formatMoney(after.amount)}.` });
      }
    },
  });
  const cents = parseStakeToCents(value);
  const valid = cents !== null && cents > 0;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (valid && !save.isPending) save.mutate({ type, period, amount: cents });
  };
  const id = `${type}-${period}`;
  const colour = limit.amount ? usageColorOf(limit.used, limit.amount) : "green";
  const pct = limit.amount ? Math.min(100, (limit.used / limit.amount) * 100) : 0;
  return (
    <div className="acct-limit" data-testid={`limit-${id}`}>
      <Text weight="bold">{PERIOD_LABEL[period]}</Text>
      <div>
        <Text as="div" size="2" data-testid={`limit-${id}-amount`}>
          {limit.amount === null ? "No limit" : `${formatMoney(limit.amount)} limit`}
          <Text color="gray"> · {formatMoney(limit.used)} {type === "deposit" ? "deposited" : "lost or staked on open bets"}</Text>
        </Text>
        {limit.amount !== null && (
          <div className="acct-limit__bar" role="img" aria-label={`${Math.round(pct)}% of the limit used`}>
            <div className={`acct-limit__fill acct-limit__fill--${colour}`} style={{ width: `${pct}%` }} />
          </div>
        )}
        {limit.pending && (
          <Text as="div" size="1" color="amber" mt="1" data-testid={`limit-${id}-pending`}>
            {limit.pending.amount === null ? "Removal" : `Increase to ${formatMoney(limit.pending.amount)}`} pending · applies from{" "}
            {formatDateTime(limit.pending.effectiveAt)}
          </Text>
        )}
        {save.isError && (
          <Text as="div" size="1" color="red" mt="1" role="alert">
            {errorMessage(save.error)}
          </Text>
        )}
      </div>
      <form onSubmit={submit} className="acct-limit__edit">
        <Field id={`limit-input-${id}`} label={`New ${period} ${type} limit`} prefix="$" inputMode="decimal" type="number" min="1" step="0.01"
          placeholder={suggested ? centsToInput(suggested) : "0.00"} value={value} onChange={(e) => setValue(e.target.value)} />
        {/* The recommended figure as one tap, beside the custom amount typed in the field. */}
        {suggested !== undefined && limit.amount !== suggested && (
          <Button type="button" size="3" variant="soft" disabled={save.isPending} onClick={() => setValue(centsToInput(suggested))}
            data-testid={`limit-preset-${id}`}>
            Use {formatMoney(suggested)}
          </Button>
        )}
        <Button type="submit" size="3" disabled={!valid} loading={save.isPending} data-testid={`limit-save-${id}`}>
          Set
        </Button>
        {limit.amount !== null && !(limit.pending && limit.pending.amount === null) && (
          <Button type="button" size="3" variant="soft" color="gray" disabled={save.isPending}
            onClick={() => save.mutate({ type, period, amount: null })} data-testid={`limit-remove-${id}`}>
            Remove
          </Button>
        )}
      </form>
    </div>
  );
}

function LimitsPanel({ type, limits, suggested }: { type: LimitType; limits: PeriodLimits; suggested?: Record<LimitPeriod, number> }) {
  return (
    <Panel title={type === "deposit" ? "Deposit limits" : "Loss limits"} testId={`${type}-limits`}>
      <Text as="p" size="2" color="gray" mb="3">
        {type === "deposit"
          ? "The most you can deposit in a rolling day, week or month."
          : "The most you can lose (stakes minus returns) in a rolling day, week or month."}{" "}
        Lowering a limit applies at once; raising or removing one applies after 24 hours.
      </Text>
      <div className="acct-limits">
        {PERIODS.map((p) => (
          <LimitRow key={p} type={type} period={p} limit={limits[p]} suggested={suggested?.[p]} />
        ))}
      </div>
    </Panel>
  );
}

export function exclusionText(x: ExclusionState): string {
  const what = x.kind === "timeout" ? "Time-out" : "Self-exclusion";
  if (x.stage === "awaiting_return") return "Your self-exclusion period is over. Gambling stays closed until you ask to return.";
  if (x.stage === "cooling_off" && x.returnAccessAt) return `You asked to return: gambling opens again ${formatDateTime(x.returnAccessAt)}.`;
  return x.until === null ? `${what} is permanent.` : `${what} active until ${formatDateTime(x.until)}.`;
}

function ExclusionPanel({ exclusion }: { exclusion: ExclusionState }) {
  const update = useResponsibleUpdate();
  const toast = useToast();
  const client = useQueryClient();
  const [period, setPeriod] = useState<ExclusionPeriod | "">("");
  const [reason, setReason] = useState("");
  const activate = useMutation({
    mutationFn: (body: { period: ExclusionPeriod; reason?: string }) =>
      apiSend<ResponsibleState>("POST", EXCLUSION_PERIODS.find((p) => p.value === body.period)?.kind === "timeout" ? "/api/responsible/timeout" : "/api/responsible/exclusion", body as ExclusionBody),
    onSuccess: (state) => {
      update(state);
      void client.invalidateQueries({ queryKey: keys.currentUser });
      toast({ title: state.exclusion.kind === "timeout" ? "Time-Out Active" : "Self-Exclusion Active", description: exclusionText(state.exclusion) });
    },
  });
  const askReturn = useMutation({
    mutationFn: () => apiSend<ResponsibleState>("POST", "/api/responsible/exclusion/return", {}),
    onSuccess: (state) => {
      update(state);
      toast({ title: "Return Requested", description: exclusionText(state.exclusion) });
    },
  });
  const label = EXCLUSION_PERIODS.find((p) => p.value === period)?.label ?? "";

  if (exclusion.active) {
    return (
      <Panel title="Time-out and self-exclusion" testId="exclusion">
        <Callout.Root color="red" data-testid="exclusion-active">
          <Callout.Text>
            <Text as="span" weight="bold" className="acct-note-title">
              {exclusionText(exclusion)}
            </Text>
            This restriction cannot be removed during the period. Until it ends you cannot place bets, deposit or
            enter contests, and we send you no bonuses or offers. You can still sign in and withdraw your balance.
            {exclusion.inherited ? " It comes from another account of yours that is excluded." : ""}
            {exclusion.reason ? ` Reason: ${exclusion.reason}` : ""}
          </Callout.Text>
        </Callout.Root>
        {exclusion.stage === "awaiting_return" && (
          <Flex direction="column" gap="2" mt="3">
            <Text size="2">Asking to return starts a 24-hour cooling-off; after it, betting and deposits open again.</Text>
            <div className="acct-actions">
              <Button size="3" variant="soft" loading={askReturn.isPending} onClick={() => askReturn.mutate()} data-testid="exclusion-return">
                Ask to return
              </Button>
            </div>
          </Flex>
        )}
        {askReturn.isError && (
          <Callout.Root color="red" role="alert" mt="2">
            <Callout.Text>{errorMessage(askReturn.error)}</Callout.Text>
          </Callout.Root>
        )}
      </Panel>
    );
  }
  return (
    <Panel title="Time-out and self-exclusion" testId="exclusion">
      <Text as="p" size="2" color="gray" mb="3">
        Take a break from betting. A time-out (24 hours to 6 weeks) ends by itself. A self-exclusion (6 months or
        more) also closes your other accounts with us, and at its end gambling stays closed until you ask to return,
        followed by a 24-hour cooling-off. Neither can be removed or shortened once activated.
      </Text>
      <Text as="p" size="2" color="gray" mb="3" data-testid="exclusion-minimum">
        Why no 3-month self-exclusion: we follow the UK Gambling Commission's rules, which set the shortest self-exclusion at 6 months. For a
        shorter break, take a time-out.
      </Text>
      <Flex direction="column" gap="3">
        <div className="f-grid">
          <SelectField id="exclusion-period" label="Period" value={period} onChange={(e) => setPeriod(e.target.value as ExclusionPeriod | "")}
            options={[{ value: "", label: "Choose a period" }, ...EXCLUSION_PERIODS]} />
          <Field id="exclusion-reason" label="Reason (optional)" value={reason} maxLength={500} onChange={(e) => setReason(e.target.value)} />
        </div>
        {activate.isError && (
          <Callout.Root color="red" role="alert">
            <Callout.Text>{errorMessage(activate.error)}</Callout.Text>
          </Callout.Root>
        )}
        <AlertDialog.Root>
          <div className="acct-actions">
            <AlertDialog.Trigger>
              <Button size="3" color="red" disabled={!period} loading={activate.isPending} data-testid="exclusion-activate">
                Activate
              </Button>
            </AlertDialog.Trigger>
          </div>
          <AlertDialog.Content maxWidth="440px">
            <AlertDialog.Title>{label}?</AlertDialog.Title>
            <AlertDialog.Description size="2">
              {period === "permanent"
                ? "Your account will be closed to betting, deposits and contests permanently."
                : `${label}: you will not be able to bet, deposit or enter contests.`}{" "}
              This cannot be removed during the period.
            </AlertDialog.Description>
            <Flex gap="3" mt="4" justify="end" wrap="wrap">
              <AlertDialog.Cancel>
                <Button variant="soft" color="gray">
                  Cancel
                </Button>
              </AlertDialog.Cancel>
              <AlertDialog.Action>
                <Button color="red" data-testid="exclusion-confirm"
                  onClick={() => period && activate.mutate({ period, ...(reason.trim() ? { reason: reason.trim() } : {}) })}>
                  Confirm
                </Button>
              </AlertDialog.Action>
            </Flex>
          </AlertDialog.Content>
        </AlertDialog.Root>
      </Flex>
    </Panel>
  );
}

function RealityCheckPanel({ minutes }: { minutes: number }) {
  const [value, setValue] = useState(String(minutes));
  const save = useSaveSettings();
  const toast = useToast();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { realityCheckMinutes: Number(value) as 0 | 30 | 60 | 90 | 120 },
      { onSuccess: () => toast({ title: "Reality Check Updated", description: value === "0" ? "Reality checks are off." : `You will be reminded every ${value} minutes.` }) },
    );
  };
  return (
    <Panel title="Reality check" testId="reality-check-settings">
      <form onSubmit={submit} className="acct-limit__edit">
        <SelectField id="rg-reality" label="Remind me every" options={REALITY_CHECK_OPTIONS} value={value} onChange={(e) => setValue(e.target.value)} />
        <Button type="submit" size="3" loading={save.isPending} data-testid="reality-save">
          Save
        </Button>
      </form>
      {save.isError && (
        <Text as="p" size="2" color="red" mt="2" role="alert">
          {errorMessage(save.error)}
        </Text>
      )}
    </Panel>
  );
}

function SessionPanel({ state }: { state: ResponsibleState }) {
  const s = state.session;
  return (
    <Panel title="Session statistics" testId="session-stats">
      <dl className="acct-stats">
        <div>
          <dt>Current session</dt>
          <dd>{formatMinutes(s.minutes)}</dd>
        </div>
        <div>
          <dt>Today</dt>
          <dd>{formatMinutes(s.todayMinutes)}</dd>
        </div>
        <div>
          <dt>Weekly average</dt>
          <dd>{formatMinutes(s.weeklyAverageMinutes)}</dd>
        </div>
        <div>
          <dt>Longest session</dt>
          <dd>{formatMinutes(s.longestMinutes)}</dd>
        </div>
      </dl>
      <Text as="p" size="2" mt="3">
        Signed in since {formatDateTime(s.startedAt)} · net result this session{" "}
        <Text weight="bold" color={s.netWinLoss > 0 ? "green" : s.netWinLoss < 0 ? "red" : undefined} data-testid="session-net">
          {formatSignedMoney(s.netWinLoss)}
        </Text>
        {s.openStakes > 0 && (
          <Text color="gray" data-testid="session-open-stakes"> · {formatMoney(s.openStakes)} on open bets, not counted until they settle</Text>
        )}
      </Text>
    </Panel>
  );
}

export function ResponsibleSection({ user }: { user: CurrentUser }) {
  const rg = useQuery(customerQueries.responsible());
  return (
    <Section id="responsible" title="Responsible Gambling" lead="Tools to stay in control. Need to talk? Call Gambler's Help on 1800 858 858.">
      {rg.isPending ? (
        <Skeleton height="240px" />
      ) : rg.isError ? (
        <Callout.Root color="red">
          <Callout.Text>{errorMessage(rg.error)}</Callout.Text>
        </Callout.Root>
      ) : (
        <>
          {rg.data.exclusion.active && (
            <Badge color="red" size="2" mb="3">
              Betting paused
            </Badge>
          )}
          <ExclusionPanel exclusion={rg.data.exclusion} />
          <LimitsPanel type="deposit" limits={rg.data.depositLimits} suggested={rg.data.suggestedLimits?.deposit} />
          <LimitsPanel type="loss" limits={rg.data.lossLimits} suggested={rg.data.suggestedLimits?.loss} />
          <RealityCheckPanel minutes={user.settings?.realityCheckMinutes ?? rg.data.realityCheckMinutes} />
          <SessionPanel state={rg.data} />
        </>
      )}
    </Section>
  );
}
