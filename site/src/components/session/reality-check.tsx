/**
 * The reality check (intervals from the product spec's business constants): at the customer's chosen interval since sign-in a
 * dialog shows how long they have been signed in and their net win/loss for the session (GET
 * /api/responsible), with 'Take a 15 Minute Break' (POST /api/responsible/break: a 15-minute
 * time-out enforced by the server). A check seen on one page is not shown again on another.
 * A native modal <dialog> (focus kept inside, Escape = Continue) keeps the betting island small.
 */
import { Button, Flex, Text } from "@radix-ui/themes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { CurrentUser } from "../../../../api/schemas/auth.ts";
import type { ResponsibleState } from "../../../../api/schemas/responsible.ts";
import { apiSend } from "../../lib/api.ts";
import { errorMessage } from "../../lib/form-errors.ts";
import { formatMinutes, formatMoney, formatSignedMoney, formatTime } from "../../lib/format.ts";
import { keys } from "../../lib/query-keys.ts";
import { customerQueries } from "../../lib/queries-customer.ts";
import { realityCheckDue } from "../../lib/reality-check.ts";
import { useToast } from "../toast.tsx";

const seenKey = (startedAt: string) => `sb-reality-check:${startedAt}`;
function readSeen(startedAt: string): number {
  try {
    return Number(window.localStorage.getItem(seenKey(startedAt)) ?? 0) || 0;
  } catch {
    return 0;
  }
}
function writeSeen(startedAt: string, k: number) {
  try {
    window.localStorage.setItem(seenKey(startedAt), String(k));
  } catch {
    /* storage unavailable: the check may show again after a reload */
  }
}

export function RealityCheck({ user }: { user: CurrentUser | null | undefined }) {
  const minutes = user?.settings?.realityCheckMinutes ?? 0;
  const enabled = !!user && user.role === "customer" && minutes > 0;
  const rg = useQuery({ ...customerQueries.responsible(), enabled });
  const client = useQueryClient();
  const toast = useToast();
  const startedAt = rg.data?.session.startedAt ?? null;
  const [showing, setShowing] = useState<number | null>(null);
  const [ack, setAck] = useState(0);

  useEffect(() => {
    if (!enabled || !startedAt) return;
    let timer = 0;
    const tick = () => {
      const due = realityCheckDue(Date.parse(startedAt), minutes, Date.now(), readSeen(startedAt));
      if (due.show !== null) {
        setShowing(due.show);
        void client.invalidateQueries({ queryKey: keys.responsible });
      } else if (due.nextInMs !== null) {
        timer = window.setTimeout(tick, due.nextInMs);
      }
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [enabled, startedAt, minutes, ack, client]);

  const close = () => {
    if (startedAt && showing !== null) writeSeen(startedAt, showing);
    setShowing(null);
    setAck((n) => n + 1);
  };

  const pause = useMutation({
    mutationFn: () => apiSend<ResponsibleState>("POST", "/api/responsible/break"),
    onSuccess: (state) => {
      client.setQueryData(keys.responsible, state);
      void client.invalidateQueries({ queryKey: keys.currentUser });
      const until = state.exclusion?.until;
      toast({
        title: "Break Started",
        description: `Betting and deposits are paused${until ? ` until ${formatTime(until)}` : " for 15 minutes"}.`,
      });
      close();
    },
  });

  if (showing === null || !rg.data) return null;
  return <RealityCheckDialog minutes={minutes} state={rg.data} onContinue={close} onBreak={() => pause.mutate()} pause={pause} />;
}

function RealityCheckDialog({
  minutes,
  state,
  onContinue,
  onBreak,
  pause,
}: {
  minutes: number;
  state: ResponsibleState;
  onContinue: () => void;
  onBreak: () => void;
  pause: { isPending: boolean; isError: boolean; error: unknown };
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
    return () => d?.close();
  }, []);
  const elapsed = (Date.now() - Date.parse(state.session.startedAt)) / 60_000;
  const net = state.session.netWinLoss;
  return (
    <dialog
      ref={ref}
      className="rc-dialog"
      aria-labelledby="rc-title"
      aria-describedby="rc-desc"
      data-testid="reality-check"
      onCancel={(e) => {
        e.preventDefault();
        if (!pause.isPending) onContinue();
      }}
    >
      <h2 id="rc-title" className="rc-title">
        Reality Check
      </h2>
      <p id="rc-desc" className="rc-desc">
        A reminder at the interval you chose (every {minutes} minutes).
      </p>
      <dl className="rc-facts">
        <div>
          <dt>Time since sign-in</dt>
          <dd data-testid="reality-check-time">{formatMinutes(elapsed)}</dd>
        </div>
        <div>
          <dt>Net win/loss this session</dt>
          <dd data-testid="reality-check-net" className={net > 0 ? "rc-pos" : net < 0 ? "rc-neg" : undefined}>
            {formatSignedMoney(net)}
          </dd>
        </div>
        {state.session.openStakes > 0 && (
          <div>
            <dt>On open bets (not settled yet)</dt>
            <dd data-testid="reality-check-open">{formatMoney(state.session.openStakes)}</dd>
          </div>
        )}
      </dl>
      {pause.isError && (
        <Text as="p" size="2" color="red" role="alert" mt="3">
          {errorMessage(pause.error)}
        </Text>
      )}
      <Flex gap="3" mt="4" justify="end" wrap="wrap">
        <Button variant="soft" color="gray" onClick={onContinue} disabled={pause.isPending} data-testid="reality-check-continue">
          Continue
        </Button>
        <Button onClick={onBreak} loading={pause.isPending} data-testid="reality-check-break">
          Take a 15 Minute Break
        </Button>
      </Flex>
    </dialog>
  );
}
