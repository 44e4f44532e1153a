/**
 * The slip's "Each way (E/W 1/5 1-2-3)" checkbox on a single whose market has terms (each-way.ts).
 * Loaded on demand by each-way-toggle.tsx: Radix's checkbox is only needed once a racing
 * selection is in the slip.
 */
import { Checkbox, Flex, Text } from "@radix-ui/themes";
import type { EachWayTerms } from "../../../../domain/settlement/each-way.ts";
import { formatMoney } from "../../lib/format.ts";
import { eachWayLabel } from "./each-way.ts";

export default function EachWayCheckbox({
  terms,
  checked,
  onChange,
  unitStake,
  disabled = false,
}: {
  terms: EachWayTerms;
  checked: boolean;
  onChange: (on: boolean) => void;
  /** The stake typed, in cents (the unit), when valid. */
  unitStake: number | null;
  disabled?: boolean;
}) {
  return (
    <Flex direction="column" gap="1" mt="1" data-testid="each-way">
      <Text as="label" size="1">
        <Flex gap="2" align="center">
          <Checkbox size="1" checked={checked} disabled={disabled} onCheckedChange={(c) => onChange(c === true)} data-testid="each-way-toggle" />
          {eachWayLabel(terms)}
        </Flex>
      </Text>
      {checked && unitStake !== null && unitStake > 0 && (
        <Text as="div" size="1" color="gray" data-testid="each-way-total">
          Total stake {formatMoney(2 * unitStake)} (2 x {formatMoney(unitStake)})
        </Text>
      )}
    </Flex>
  );
}
