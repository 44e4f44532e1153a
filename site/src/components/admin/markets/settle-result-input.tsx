/**
 * The Settle dialog's result input (settle-result.ts): a runner wins, a dead heat between runners
 * (each at 1/n), no winner, or void; with each-way terms, the placed runners (up to the places) and
 * the runners tied for the last place paid. The dialog shows every dead-heat factor it will send:
 * (places left) / (runners tied). Withdrawn runners are listed as such and cannot be chosen.
 */
import { Badge, Checkbox, Flex, RadioGroup, Text } from "@radix-ui/themes";
import { DEAD_HEAT, NO_WINNER, VOID, formatFactor, placedPosition, resultFactors, type ResultChoice } from "./settle-result.ts";

type Runner = { id: string; name: string; odds: string };

function toggle(list: readonly string[], id: string, on: boolean): string[] {
  return on ? [...list.filter((x) => x !== id), id] : list.filter((x) => x !== id);
}

export function SettleResultInput({
  outcomes,
  withdrawn,
  places,
  value,
  onChange,
  currentWinner = null,
}: {
  outcomes: readonly Runner[];
  /** Resettling: the market's winner now, shown and not offered again. */
  currentWinner?: string | null;
  withdrawn: ReadonlySet<string>;
  /** Each-way places of the market; null = no each way (no placed runners). */
  places: number | null;
  value: ResultChoice;
  onChange: (v: ResultChoice) => void;
}) {
  const running = outcomes.filter((o) => !withdrawn.has(o.id));
  const showPlaced = places !== null && value.choice !== VOID && value.choice !== "";
  const factors = resultFactors(value, outcomes, places, withdrawn);
  const tiedLast = value.tiedLast ?? [];
  return (
    <Flex direction="column" gap="3">
      <RadioGroup.Root value={value.choice} onValueChange={(choice) => onChange({ ...value, choice })} aria-label="Result">
        {outcomes.map((o) =>
          withdrawn.has(o.id) ? (
            <Text key={o.id} size="2" color="gray" data-testid={`withdrawn-${o.id}`}>
              {o.name} <Badge color="gray">Withdrawn</Badge>
            </Text>
          ) : (
            <RadioGroup.Item key={o.id} value={o.id} disabled={o.id === currentWinner} data-testid={`winner-${o.id}`}>
              {o.name} wins ({o.odds}){o.id === currentWinner ? " — current result" : ""}
            </RadioGroup.Item>
          ),
        )}
        {running.length >= 2 && (
          <RadioGroup.Item value={DEAD_HEAT} data-testid="result-dead-heat">
            Dead heat (pick the runners sharing it)
          </RadioGroup.Item>
        )}
        <RadioGroup.Item value={NO_WINNER} data-testid="result-no-winner">
          No winner (every bet on it loses)
        </RadioGroup.Item>
        <RadioGroup.Item value={VOID} data-testid="winner-void">
          Void the market (stakes refunded)
        </RadioGroup.Item>
      </RadioGroup.Root>
      {value.choice === DEAD_HEAT && (
        <Flex direction="column" gap="1" role="group" aria-label="Runners sharing the dead heat">
          <Text size="2" weight="medium">
            Sharing the dead heat
            {factors.win ? ` (each paid at ${formatFactor(factors.win)} of the stake${factors.winPlace ? `; place part ${formatFactor(factors.winPlace)}` : ""})` : ""}
          </Text>
          {running.map((o) => (
            <Text as="label" size="2" key={o.id}>
              <Flex gap="2" align="center">
                <Checkbox
                  checked={value.sharing.includes(o.id)}
                  onCheckedChange={(c) => onChange({ ...value, sharing: toggle(value.sharing, o.id, c === true) })}
                  data-testid={`dead-heat-${o.id}`}
                />
                {o.name}
              </Flex>
            </Text>
          ))}
        </Flex>
      )}
      {showPlaced && (
        <Flex direction="column" gap="1" role="group" aria-label="Placed runners">
          <Text size="2" weight="medium">
            Placed, ticked in finishing order (each way, up to {places}; the winner need not be ticked)
          </Text>
          {running.map((o) => {
            const on = value.placed.includes(o.id);
            // The order ticked is the finishing order: it decides who is within fewer places when
            // withdrawals cut the terms (docs/money.md "Each-way terms after withdrawals").
            const position = on ? placedPosition(value, o.id, withdrawn) : null;
            const tied = tiedLast.includes(o.id);
            return (
              <Flex gap="4" align="center" key={o.id}>
                <Text as="label" size="2">
                  <Flex gap="2" align="center">
                    <Checkbox
                      checked={on}
                      disabled={tied || (!on && value.placed.filter((id) => !withdrawn.has(id)).length >= places!)}
                      onCheckedChange={(c) => onChange({ ...value, placed: toggle(value.placed, o.id, c === true) })}
                      data-testid={`placed-${o.id}`}
                    />
                    {o.name}
                    {position && (
                      <Badge size="1" color="gray" data-testid={`placed-position-${o.id}`}>
                        {position}
                      </Badge>
                    )}
                  </Flex>
                </Text>
                <Text as="label" size="1" color="gray">
                  <Flex gap="1" align="center">
                    <Checkbox
                      size="1"
                      checked={tied}
                      disabled={on}
                      onCheckedChange={(c) => onChange({ ...value, tiedLast: toggle(tiedLast, o.id, c === true) })}
                      data-testid={`tied-last-${o.id}`}
                    />
                    tied for last place
                  </Flex>
                </Text>
              </Flex>
            );
          })}
          {factors.tied.length >= 2 && (
            <Text size="2" color={factors.tiedFactor ? undefined : "red"} data-testid="tied-last-factor">
              {factors.tiedFactor
                ? `${factors.tied.length} tied for place ${factors.tiedPosition}: ${places! - factors.tiedPosition + 1} place(s) left, each paid at ${formatFactor(factors.tiedFactor)} of the place part`
                : `No place is left for runners tied in position ${factors.tiedPosition}`}
            </Text>
          )}
        </Flex>
      )}
    </Flex>
  );
}
