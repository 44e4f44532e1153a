/**
 * FILTERS: sport, entry fee and contest size, sent to GET /api/fantasy/contests as sportId,
 * minFee/maxFee (cents) and size (small <= 20, medium 21-100, large > 100 max entries).
 */
import { Badge, Button, Flex, Popover, Select, Text } from "@radix-ui/themes";
import type { FantasySport } from "../../../../api/schemas/fantasy.ts";
import type { FantasyContestsFilter } from "../../lib/queries-fantasy.ts";

export type LobbyFilters = { sportId: string; fee: FeeBand; size: SizeBand };
export type FeeBand = "any" | "free" | "upto5" | "5to25" | "over25";
export type SizeBand = "any" | "small" | "medium" | "large";
export const NO_FILTERS: LobbyFilters = { sportId: "any", fee: "any", size: "any" };

const FEES: { value: FeeBand; label: string; range: Pick<FantasyContestsFilter, "minFee" | "maxFee"> }[] = [
  { value: "any", label: "Any fee", range: {} },
  { value: "free", label: "Free", range: { maxFee: 0 } },
  { value: "upto5", label: "Up to $5.00", range: { minFee: 1, maxFee: 500 } },
  { value: "5to25", label: "$5.01 to $25.00", range: { minFee: 501, maxFee: 2500 } },
  { value: "over25", label: "Over $25.00", range: { minFee: 2501 } },
];
const SIZES: { value: SizeBand; label: string }[] = [
  { value: "any", label: "Any size" },
  { value: "small", label: "Small (up to 20)" },
  { value: "medium", label: "Medium (21 to 100)" },
  { value: "large", label: "Large (over 100)" },
];

/** The server query for the filters (the lobby only lists contests taking entries). */
export function toQuery(f: LobbyFilters): FantasyContestsFilter {
  return {
    status: "open",
    ...(f.sportId !== "any" ? { sportId: f.sportId } : {}),
    ...FEES.find((x) => x.value === f.fee)!.range,
    ...(f.size !== "any" ? { size: f.size } : {}),
  };
}

export const activeFilterCount = (f: LobbyFilters) => (f.sportId !== "any" ? 1 : 0) + (f.fee !== "any" ? 1 : 0) + (f.size !== "any" ? 1 : 0);

export function FiltersButton({ sports, value, onChange }: { sports: readonly FantasySport[]; value: LobbyFilters; onChange: (f: LobbyFilters) => void }) {
  const n = activeFilterCount(value);
  return (
    <Popover.Root>
      <Popover.Trigger>
        <Button variant="outline" data-testid="filters">
          FILTERS{" "}
          {n > 0 && (
            <Badge variant="solid" radius="full" size="1">
              {n}
            </Badge>
          )}
        </Button>
      </Popover.Trigger>
      <Popover.Content width="300px" className="fx-dialog" data-testid="filters-panel">
        <Flex direction="column" gap="3">
          <label>
            <Text as="div" size="2" weight="medium" mb="1">
              Sport
            </Text>
            <Select.Root value={value.sportId} onValueChange={(sportId) => onChange({ ...value, sportId })}>
              <Select.Trigger style={{ width: "100%" }} aria-label="Sport" data-testid="filter-sport" />
              <Select.Content position="popper">
                <Select.Item value="any">All sports</Select.Item>
                {sports.map((s) => (
                  <Select.Item key={s.id} value={s.id}>
                    {s.name}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </label>
          <label>
            <Text as="div" size="2" weight="medium" mb="1">
              Entry fee
            </Text>
            <Select.Root value={value.fee} onValueChange={(fee) => onChange({ ...value, fee: fee as FeeBand })}>
              <Select.Trigger style={{ width: "100%" }} aria-label="Entry fee" data-testid="filter-fee" />
              <Select.Content position="popper">
                {FEES.map((f) => (
                  <Select.Item key={f.value} value={f.value}>
                    {f.label}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </label>
          <label>
            <Text as="div" size="2" weight="medium" mb="1">
              Contest size
            </Text>
            <Select.Root value={value.size} onValueChange={(size) => onChange({ ...value, size: size as SizeBand })}>
              <Select.Trigger style={{ width: "100%" }} aria-label="Contest size" data-testid="filter-size" />
              <Select.Content position="popper">
                {SIZES.map((s) => (
                  <Select.Item key={s.value} value={s.value}>
                    {s.label}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </label>
          <Flex justify="between" gap="2">
            <Button variant="soft" color="gray" onClick={() => onChange(NO_FILTERS)} disabled={n === 0} data-testid="clear-filters">
              Clear
            </Button>
            <Popover.Close>
              <Button>Done</Button>
            </Popover.Close>
          </Flex>
        </Flex>
      </Popover.Content>
    </Popover.Root>
  );
}
