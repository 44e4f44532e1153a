/**
 * The slip's answer to an overloaded server (503 BET.BUSY): nothing was placed, so say so plainly
 * and offer to send the same bet again. The retry reuses the attempt's idempotency key (the slip
 * keeps it after a 5xx), so a retry can never place the bet twice.
 */
import { Button } from "@radix-ui/themes";

export const BUSY_CODES = new Set(["BET.BUSY", "SYSTEM.BUSY"]);

export function BusyRetry({ onRetry, disabled }: { onRetry: () => void; disabled: boolean }) {
  return (
    <>
      {" "}
      <Button size="1" data-testid="slip-busy-retry" disabled={disabled} onClick={onRetry}>
        Retry
      </Button>
    </>
  );
}
