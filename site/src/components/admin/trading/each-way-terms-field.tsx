/**
 * The Create New Market dialog's each-way terms for a race's winner market (docs/money.md "Each way
 * and Rule 4"): the standard terms by field size (5-7 runners 1/4 two places, 8+ 1/5 three), common
 * other terms, or none.
 */
import { Select, Text } from "@radix-ui/themes";

export type EachWayChoice = "standard" | "none" | "1/4:2" | "1/4:3" | "1/5:3" | "1/4:4" | "1/5:4";

const CHOICES: { value: EachWayChoice; label: string }[] = [
  { value: "standard", label: "Standard by field size" },
  { value: "1/4:2", label: "1/4 odds, 2 places" },
  { value: "1/4:3", label: "1/4 odds, 3 places" },
  { value: "1/5:3", label: "1/5 odds, 3 places" },
  { value: "1/4:4", label: "1/4 odds, 4 places" },
  { value: "1/5:4", label: "1/5 odds, 4 places" },
  { value: "none", label: "No each way" },
];

/** The body field for a choice: omitted (standard), null (none) or the terms. */
export function eachWayBody(choice: EachWayChoice): { eachWay?: { fractionNum: number; fractionDen: number; places: number } | null } {
  if (choice === "standard") return {};
  if (choice === "none") return { eachWay: null };
  const [frac, places] = choice.split(":");
  const [num, den] = frac.split("/").map(Number);
  return { eachWay: { fractionNum: num, fractionDen: den, places: Number(places) } };
}

export function EachWayTermsField({ value, onChange }: { value: EachWayChoice; onChange: (v: EachWayChoice) => void }) {
  return (
    <label className="adm-field" htmlFor="mk-each-way">
      <Text as="div" size="2" weight="medium" mb="1">
        Each-way terms
      </Text>
      <Select.Root value={value} onValueChange={(v) => onChange(v as EachWayChoice)}>
        <Select.Trigger id="mk-each-way" aria-label="Each-way terms" data-testid="market-each-way-select" />
        <Select.Content position="popper">
          {CHOICES.map((c) => (
            <Select.Item key={c.value} value={c.value}>
              {c.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select.Root>
    </label>
  );
}
