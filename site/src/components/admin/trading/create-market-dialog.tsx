/**
 * Create New Market: Event (real open events), Market Type (in words),
 * Market Name, optional Description, and the outcomes with their prices (2 to 20). The outcome
 * names are derived from the type, the event's sides and the line in the name until the operator
 * edits them; the server checks the same rule (domain/markets/market-shape.ts). 'Creating...' while pending;
 * a failure shows the destructive toast 'Error' / 'Failed to create market' and the dialog stays
 * open; it closes on Cancel, the close icon, or success, and the events cache is refreshed.
 */
import { Callout, Flex, Grid, Select, TextArea, TextField } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { EachWayTermsField, eachWayBody, type EachWayChoice } from "./each-way-terms-field.tsx";
import type { AdminMarket, CreateMarketBody } from "../../../../../api/schemas/markets.ts";
import { apiSend } from "../../../lib/api.ts";
import { formatLocal } from "../../../lib/local-time.ts";
import { keys } from "../../../lib/query-keys.ts";
import { customerQueries } from "../../../lib/queries-customer.ts";
import { adminKeys } from "../../../lib/queries-admin.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { describeApiError, Field } from "../form.tsx";
import { FormDialog } from "../form-dialog.tsx";
import { bookOf, needsReason } from "./book-check.tsx";
import { derivedOutcomes, lineHint, MARKET_ODDS_RE, MARKET_TYPES, OutcomesFieldset, type MarketType, type OutcomeDraft } from "./market-outcomes.tsx";

export function CreateMarketDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const events = useQuery({ ...customerQueries.events({ status: "open", limit: 100 }), enabled: open });
  const [eventId, setEventId] = useState("");
  const [marketType, setMarketType] = useState<MarketType | "">("");
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [outcomes, setOutcomes] = useState<OutcomeDraft[]>(derivedOutcomes("", undefined, "", []));
  // Outcomes edited by hand are the operator's: the type, event and name no longer rewrite them.
  const [touched, setTouched] = useState(false);
  const [reason, setReason] = useState("");
  const [eachWay, setEachWay] = useState<EachWayChoice>("standard");
  const event = (events.data ?? []).find((ev) => ev.id === eventId);
  const isRaceWinner = marketType === "full_time_result" && event?.sport === "racing";
  // The outcome names follow the type, the event's sides and the line in the name (market-shape.ts).
  useEffect(() => {
    if (!touched) setOutcomes((prev) => derivedOutcomes(marketType, event, name, prev));
  }, [touched, marketType, event, name]);
  const hint = touched ? null : lineHint(marketType, name);

  const create = useAdminMutation({
    request: (body: CreateMarketBody) => apiSend<{ market: AdminMarket }>("POST", "/api/admin/create-market", body),
    success: (res) => ({ title: "Market created", description: `${res.market.name} on ${res.market.eventName} is open for betting.` }),
    refreshFirst: true,
    onSuccess: () => {
      reset();
      onOpenChange(false);
    },
    // The product spec's error text: a non-ok response gives 'Failed to create market'; the server's reason follows.
    failure: (e) => ({ title: "Error", description: `Failed to create market. ${describeApiError(e)}`, variant: "destructive" }),
    invalidate: [keys.events, adminKeys.riskHeatmap, adminKeys.riskMetrics],
  });

  function reset() {
    setEventId("");
    setMarketType("");
    setName("");
    setDescription("");
    setOutcomes(derivedOutcomes("", undefined, "", []));
    setTouched(false);
    setReason("");
    setEachWay("standard");
  }

  const badOdds = outcomes.some((o) => o.odds !== "" && !MARKET_ODDS_RE.test(o.odds.trim()));
  const book = bookOf(outcomes.map((o) => o.odds));
  const ready =
    eventId && marketType && name.trim() && outcomes.length >= 2 && outcomes.every((o) => o.name.trim() && MARKET_ODDS_RE.test(o.odds.trim())) && !needsReason(book, reason);

  function submit() {
    if (!ready || !marketType) return;
    create.mutate({
      eventId,
      marketType,
      name: name.trim(),
      ...(description.trim() ? { description: description.trim() } : {}),
      outcomes: outcomes.map((o) => ({ name: o.name.trim(), odds: o.odds.trim() })),
      ...(book !== null && reason.trim() && needsReason(book, "") ? { confirm: { reason: reason.trim() } } : {}),
      ...(isRaceWinner ? eachWayBody(eachWay) : {}),
    });
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      lockWhilePending
      closeIcon
      maxWidth="600px"
      testId="create-market-dialog"
      title="Create New Market"
      description="Add a market with its outcomes and prices to a scheduled or live event."
      onSubmit={submit}
      confirmLabel="Create Market"
      confirmTestId="create-market-submit"
      canSubmit={!!ready}
      pending={create.isPending}
      pendingLabel="Creating..."
    >
      <Flex direction="column" gap="3">
        <Field id="mk-event" label="Event">
          <Select.Root value={eventId} onValueChange={setEventId} required>
            <Select.Trigger id="mk-event" placeholder={events.isPending ? "Loading events…" : "Select an event"} aria-label="Event" data-testid="market-event-select" />
            <Select.Content position="popper">
              {(events.data ?? []).map((ev) => (
                <Select.Item key={ev.id} value={ev.id} data-testid={`market-event-${ev.id}`}>
                  {ev.name} · {ev.sportName} · {formatLocal(ev.startTime, "when")}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Field>
        <Grid columns={{ initial: "1", sm: "2" }} gap="3">
          <Field id="mk-type" label="Market Type">
            <Select.Root
              value={marketType}
              required
              onValueChange={(v) => setMarketType(v as MarketType)}
            >
              <Select.Trigger id="mk-type" placeholder="Select a type" aria-label="Market Type" data-testid="market-type-select" />
              <Select.Content position="popper">
                {MARKET_TYPES.map((t) => (
                  <Select.Item key={t.value} value={t.value}>
                    {t.label}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </Field>
          <Field id="mk-name" label="Market Name">
            <TextField.Root
              id="mk-name"
              required
              maxLength={120}
              placeholder="e.g., Total Goals Over/Under 2.5"
              value={name}
              onChange={(e) => setName(e.target.value)}
              data-testid="market-name-input"
            />
          </Field>
        </Grid>
        {isRaceWinner && <EachWayTermsField value={eachWay} onChange={setEachWay} />}
        <Field id="mk-description" label="Description (optional)">
          <TextArea id="mk-description" maxLength={500} value={description} onChange={(e) => setDescription(e.target.value)} />
        </Field>
        <OutcomesFieldset
          outcomes={outcomes}
          setOutcomes={setOutcomes}
          onTouched={() => setTouched(true)}
          onRederive={marketType && touched ? () => setTouched(false) : undefined}
          hint={hint}
          book={book}
          reason={reason}
          setReason={setReason}
          badOdds={badOdds}
        />
        {create.isError && (
          <Callout.Root color="red" size="1" role="alert">
            <Callout.Text>Failed to create market. {describeApiError(create.error)}</Callout.Text>
          </Callout.Root>
        )}
      </Flex>
    </FormDialog>
  );
}
