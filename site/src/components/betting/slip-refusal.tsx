/**
 * The slip's last refusal, kept beside the legs it was given for: the server's words, the largest
 * stake a limit allows with a button to take it, a Retry when the book was too busy to take it,
 * and a link to where the customer can fix it.
 */
import { Button, Callout } from "@radix-ui/themes";
import { formatMoney } from "../../lib/format.ts";
import { fixLink } from "./slip-refusals.ts";
import { BUSY_CODES, BusyRetry } from "./busy-retry.tsx";

export function SlipRefusal({
  refusal,
  busy,
  onAcceptMax,
  onRetry,
}: {
  refusal: { code: string; message: string; maxStake?: number };
  busy: boolean;
  onAcceptMax: (maxStake: number) => void;
  onRetry: () => void;
}) {
  const fix = fixLink(refusal.code);
  const max = refusal.maxStake;
  return (
    <Callout.Root color="red" size="1" mb="2" role="alert" data-testid="slip-refusal">
      <Callout.Text>
        {max ? `Max stake for this selection is ${formatMoney(max)}` : refusal.message}
        {max ? (
          <>
            {" "}
            <Button size="1" data-testid="slip-accept-max-stake" disabled={busy} onClick={() => onAcceptMax(max)}>
              Accept {formatMoney(max)}
            </Button>
          </>
        ) : null}
        {BUSY_CODES.has(refusal.code) && <BusyRetry disabled={busy} onRetry={onRetry} />}
        {fix && (
          <>
            {" "}
            <a href={fix.href}>{fix.label}</a>
          </>
        )}
      </Callout.Text>
    </Callout.Root>
  );
}
