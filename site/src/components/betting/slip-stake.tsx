/** The slip's stake: a decimal amount as typed (Enter places the bet) and the quick stakes. */
import { Button, Text } from "@radix-ui/themes";
import type { KeyboardEvent } from "react";
import { formatDollars } from "../../lib/format.ts";

const QUICK_STAKES = [10, 25, 50, 100];

export function StakeField({ stake, onStake, onEnter }: { stake: string; onStake: (stake: string) => void; onEnter: () => void }) {
  function onKey(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === "Enter") {
      e.preventDefault();
      onEnter();
    }
  }
  return (
    <div className="sb-slip__stake">
      <label htmlFor="stake-input">
        <Text size="2" weight="medium">
          Stake
        </Text>
      </label>
      <div className="sb-stake-field">
        <span aria-hidden="true">$</span>
        <input
          id="stake-input"
          type="number"
          min="1"
          step="0.01"
          inputMode="decimal"
          placeholder="0.00"
          value={stake}
          onChange={(e) => onStake(e.target.value)}
          onKeyDown={onKey}
          data-testid="stake-input"
        />
      </div>
      <div className="sb-quick" role="group" aria-label="Quick stakes">
        {QUICK_STAKES.map((q) => (
          <Button key={q} size="1" variant={stake === String(q) ? "solid" : "soft"} color="gray" onClick={() => onStake(String(q))}>
            {formatDollars(q)}
          </Button>
        ))}
      </div>
    </div>
  );
}
