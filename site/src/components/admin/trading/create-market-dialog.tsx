/**
 * Create New Market (spec sections 2, 5, 8): Event (real open events), Market Type, Market Name,
 * optional Description, and the outcomes with their prices (2 to 20). 'Creating...' while pending;
 * a failure shows the destructive toast 'Error' / 'Failed to create market' and the dialog stays
 * open; it closes on Cancel, the close icon, or success, and the events cache is refreshed.
 */
import { Button, Callout, Dialog, Flex, Grid, IconButton, Select, Text, TextArea, TextField } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { EachWayTermsField, eachWayBody, type EachWayChoice } from "./each-way-terms-field.tsx";
import type { AdminMarket, CreateMarketBody } from "../../../../../api/schemas/markets.ts";
import { apiSend } from "../../../lib/api.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { keys, queries } from "../../../lib/queries.ts";
import { useAdminMutation } from "../use-admin-mutation.ts";
import { describeApiError, Field } from "../form.tsx";
import { CloseIcon, PlusIcon } from "../icons.tsx";
import { BookCheck, bookOf, needsReason } from "./book-check.tsx";

export const MARKET_TYPES = [
  { value: "full_time_result", label: "Full Time Result" },
  { value: "over_under", label: "Over / Under" },
  { value: "handicap", label: "Handicap" },
  { value: "both_teams_score", label: "Both Teams to Score" },
  { value: "correct_score", label: "Correct Score" },
] as const;
type MarketType = (typeof MARKET_TYPES)[number]["value"];

/** Outcome names a market type usually has, prefilled so the form starts useful. */
function defaultOutcomes(type: MarketType): { name: string; odds: string }[] {
  switch (type) {
    case "over_under":
      return [{ name: "Over 2.5", odds: "" }, { name: "Under 2.5", odds: "" }];
    case "both_teams_score":
      return [{ name: "Yes", odds: "" }, { name: "No", odds: "" }];
    case "handicap":
      return [{ name: "Home -1.5", odds: "" }, { name: "Away +1.5", odds: "" }];
    case "correct_score":
      return [{ name: "1-0", odds: "" }, { name: "2-1", odds: "" }, { name: "1-1", odds: "" }];
    default:
      return [{ name: "Home", odds: "" }, { name: "Draw", odds: "" }, { name: "Away", odds: "" }];
  }
}

const ODDS_RE = /^\d{1,4}(\.\d{1,3})?$/;

export function CreateMarketDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const events = useQuery({ ...queries.events({ status: "open", limit: 100 }), enabled: open });
  const [eventId, setEventId] = useState("");
  const [marketType, setMarketType] = useState<MarketType | "">("");
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [outcomes, setOutcomes] = useState<{ name: string; odds: string }[]>(defaultOutcomes("over_under"));
  const [touchedType, setTouchedType] = useState(false);
  const [reason, setReason] = useState("");
  const [eachWay, setEachWay] = useState<EachWayChoice>("standard");
  const isRaceWinner = marketType === "full_time_result" && (events.data ?? []).find((ev) => ev.id === eventId)?.sport === "racing";

  const create = useAdminMutation({
    request: (body: CreateMarketBody) => apiSend<{ market: AdminMarket }>("POST", "/api/admin/create-market", body),
    success: (res) => ({ title: "Market created", description: `${res.market.name} on ${res.market.eventName} is open for betting.` }),
    refreshFirst: true,
    onSuccess: () => {
      reset();
      onOpenChange(false);
    },
    // Spec section 8: a non-ok response gives 'Failed to create market'; the server's reason follows.
    failure: (e) => ({ title: "Error", description: `Failed to create market. ${describeApiError(e)}`, variant: "destructive" }),
    invalidate: [keys.events, keys.riskHeatmap, keys.riskMetrics],
  });


  function reset() {
    setEventId("");
    setMarketType("");
    setName("");
    setDescription("");
    setOutcomes(defaultOutcomes("over_under"));
    setTouchedType(false);
    setReason("");
    setEachWay("standard");
  }

  const badOdds = outcomes.some((o) => o.odds !== "" && !ODDS_RE.test(o.odds.trim()));
  const book = bookOf(outcomes.map((o) => o.odds));
  const ready =
    eventId && marketType && name.trim() && outcomes.length >= 2 && outcomes.every((o) => o.name.trim() && ODDS_RE.test(o.odds.trim())) && !needsReason(book, reason);

  function submit(e: FormEvent) {
    e.preventDefault();
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
    <Dialog.Root
      open={open}
      onOpenChange={(o) => {
        if (!o && create.isPending) return;
        onOpenChange(o);
      }}
    >
      <Dialog.Content maxWidth="600px" data-testid="create-market-dialog">
        <Flex justify="between" align="start">
          <Dialog.Title>Create New Market</Dialog.Title>
          <Dialog.Close>
            <IconButton variant="ghost" color="gray" aria-label="Close">
              <CloseIcon />
            </IconButton>
          </Dialog.Close>
        </Flex>
        <Dialog.Description size="2" color="gray" mb="4">
          Add a market with its outcomes and prices to a scheduled or live event.
        </Dialog.Description>
        <form onSubmit={submit}>
          <Flex direction="column" gap="3">
            <Field id="mk-event" label="Event">
              <Select.Root value={eventId} onValueChange={setEventId} required>
                <Select.Trigger id="mk-event" placeholder={events.isPending ? "Loading events…" : "Select an event"} aria-label="Event" data-testid="market-event-select" />
                <Select.Content position="popper">
                  {(events.data ?? []).map((ev) => (
                    <Select.Item key={ev.id} value={ev.id} data-testid={`market-event-${ev.id}`}>
                      {ev.name} · {ev.sportName} · {formatDateTime(ev.startTime)}
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
                  onValueChange={(v) => {
                    setMarketType(v as MarketType);
                    if (!touchedType) setOutcomes(defaultOutcomes(v as MarketType));
                  }}
                >
                  <Select.Trigger id="mk-type" placeholder="Select a type" aria-label="Market Type" data-testid="market-type-select" />
                  <Select.Content position="popper">
                    {MARKET_TYPES.map((t) => (
                      <Select.Item key={t.value} value={t.value}>
                        {t.value}
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
            <fieldset className="adm-fieldset">
              <legend>
                <Text size="2" weight="medium">
                  Outcomes and prices
                </Text>
              </legend>
              <Flex direction="column" gap="2">
                {outcomes.map((o, i) => (
                  <Flex key={i} gap="2" align="center">
                    <TextField.Root
                      aria-label={`Outcome ${i + 1} name`}
                      placeholder="Outcome"
                      required
                      maxLength={80}
                      value={o.name}
                      style={{ flex: 2 }}
                      onChange={(e) => {
                        setTouchedType(true);
                        setOutcomes((xs) => xs.map((x, j) => (j === i ? { ...x, name: e.target.value } : x)));
                      }}
                      data-testid={`outcome-name-${i}`}
                    />
                    <TextField.Root
                      aria-label={`Outcome ${i + 1} odds`}
                      placeholder="2.10"
                      required
                      inputMode="decimal"
                      value={o.odds}
                      style={{ flex: 1 }}
                      color={o.odds && !ODDS_RE.test(o.odds.trim()) ? "red" : undefined}
                      onChange={(e) => setOutcomes((xs) => xs.map((x, j) => (j === i ? { ...x, odds: e.target.value } : x)))}
                      data-testid={`outcome-odds-${i}`}
                    />
                    <IconButton
                      type="button"
                      variant="ghost"
                      color="gray"
                      aria-label={`Remove outcome ${i + 1}`}
                      disabled={outcomes.length <= 2}
                      onClick={() => {
                        setTouchedType(true);
                        setOutcomes((xs) => xs.filter((_, j) => j !== i));
                      }}
                    >
                      <CloseIcon />
                    </IconButton>
                  </Flex>
                ))}
              </Flex>
              <Button
                type="button"
                variant="ghost"
                size="1"
                mt="2"
                disabled={outcomes.length >= 20}
                onClick={() => {
                  setTouchedType(true);
                  setOutcomes((xs) => [...xs, { name: "", odds: "" }]);
                }}
              >
                <PlusIcon /> Add outcome
              </Button>
              <BookCheck book={book} reason={reason} onReason={setReason} idPrefix="create-market" />
              {badOdds && (
                <Text as="p" size="1" color="red" role="alert">
                  Odds are decimals such as 2.10 (1.01 to 1000).
                </Text>
              )}
            </fieldset>
            {create.isError && (
              <Callout.Root color="red" size="1" role="alert">
                <Callout.Text>Failed to create market. {describeApiError(create.error)}</Callout.Text>
              </Callout.Root>
            )}
            <Flex gap="3" justify="end" mt="2">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray" disabled={create.isPending}>
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={create.isPending || !ready} data-testid="create-market-submit">
                {create.isPending ? "Creating..." : "Create Market"}
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
