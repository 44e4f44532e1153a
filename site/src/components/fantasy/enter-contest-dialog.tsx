/**
 * ENTER: the contest's terms and the lineup builder. A valid lineup is sent to
 * POST /api/fantasy/contests/{id}/entries; the fee is paid from the wallet. Any refusal (limits,
 * self-exclusion, verification, suspension, funds, contest full or started) is shown as the
 * server words it. Editing (My Lineups) uses the same dialog with PUT /api/fantasy/entries/{id}.
 */
import { Badge, Dialog, Flex, Text, TextField } from "@radix-ui/themes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { EntryResponse, FantasyContest, FantasyEntry } from "../../../../api/schemas/fantasy.ts";
import { apiSend } from "../../lib/api.ts";
import { errorMessage } from "../../lib/form-errors.ts";
import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { useToast } from "../toast.tsx";
import { formatSalary } from "./fantasy-format.ts";
import { LineupBuilder } from "./lineup-builder.tsx";
import { keys } from "../../lib/query-keys.ts";

/** What the dialog needs to know about the contest (a lobby row, or an entry's contest). */
export type EnterTarget =
  | { mode: "enter"; contest: FantasyContest; inviteCode?: string }
  | { mode: "edit"; entry: FantasyEntry; contest: Pick<FantasyContest, "rosterPositions" | "salaryCap"> };

/** Everything that shows money or entries after an entry changes. */
export async function refreshAfterEntry(queryClient: ReturnType<typeof useQueryClient>) {
  await Promise.all(
    [keys.fantasyContests, keys.myFantasyEntries, keys.balance].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}

export function EnterContestDialog({ target, onClose }: { target: EnterTarget | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const toast = useToast();
  const [error, setError] = useState<string | null>(null);
  const [inviteCode, setInviteCode] = useState("");

  const mutation = useMutation({
    mutationFn: async (lineup: string[]): Promise<{ entry: FantasyEntry; balance: number | null }> => {
      if (!target) throw new Error("No contest");
      if (target.mode === "edit") {
        const entry = await apiSend<FantasyEntry>("PUT", `/api/fantasy/entries/${encodeURIComponent(target.entry.id)}`, { lineup });
        return { entry, balance: null };
      }
      const code = (target.inviteCode ?? inviteCode).trim();
      return apiSend<EntryResponse>("POST", `/api/fantasy/contests/${encodeURIComponent(target.contest.id)}/entries`, {
        lineup,
        ...(target.contest.isPrivate && code ? { inviteCode: code } : {}),
      });
    },
    onMutate: () => setError(null),
    onSuccess: async (res) => {
      if (res.balance === null) {
        toast({ title: "Lineup Saved", description: `Your lineup for ${res.entry.contestName} has been updated.` });
      } else {
        toast({
          title: "Contest Entered",
          description: `You're in ${res.entry.contestName}. ${formatMoney(res.entry.entryFee)} paid; balance ${formatMoney(res.balance)}.`,
        });
      }
      if (res.balance !== null) queryClient.setQueryData(keys.balance, { balance: res.balance });
      await refreshAfterEntry(queryClient);
      setInviteCode("");
      onClose();
    },
    onError: (e) => {
      const message = errorMessage(e);
      setError(message);
      toast({ title: target?.mode === "edit" ? "Lineup Not Saved" : "Entry Failed", description: message, variant: "destructive" });
    },
  });

  const open = target !== null;
  const close = (o: boolean) => {
    if (o) return;
    setError(null);
    setInviteCode("");
    mutation.reset();
    onClose();
  };

  let title = "";
  let sub: React.ReactNode = null;
  let setup = null;
  let submitLabel = "";
  if (target?.mode === "enter") {
    const c = target.contest;
    title = c.name;
    sub = (
      <Flex gap="2" wrap="wrap" align="center">
        <Badge variant="soft">{c.sportName}</Badge>
        <Text size="2" color="gray">
          Starts {formatDateTime(c.startTime)} · Entry {formatMoney(c.entryFee)} · Prize pool {formatMoney(c.prizePool)} · {c.currentEntries}/{c.maxEntries} entries · TOP{" "}
          {c.payoutPlaces} paid · Cap {formatSalary(c.salaryCap)}
        </Text>
      </Flex>
    );
    setup = { sportId: c.sportId, rosterPositions: c.rosterPositions, salaryCap: c.salaryCap };
    submitLabel = c.entryFee > 0 ? `Enter for ${formatMoney(c.entryFee)}` : "Enter for free";
  } else if (target?.mode === "edit") {
    const e = target.entry;
    title = `Edit lineup: ${e.contestName}`;
    sub = (
      <Text size="2" color="gray">
        Changes are allowed until the contest starts ({formatDateTime(e.startTime)}). No extra fee.
      </Text>
    );
    setup = {
      sportId: e.sportId,
      rosterPositions: target.contest.rosterPositions,
      salaryCap: target.contest.salaryCap,
      initial: e.lineup.map((p) => p.playerId),
    };
    submitLabel = "Save Lineup";
  }
  const needsCode = target?.mode === "enter" && target.contest.isPrivate && !target.inviteCode && !target.contest.inviteCode;

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Content maxWidth="980px" className="fx-dialog" data-testid="enter-contest-dialog" aria-describedby={undefined}>
        <Dialog.Title mb="1">{title}</Dialog.Title>
        <div style={{ marginBottom: 14 }}>{sub}</div>
        {setup && (
          <LineupBuilder
            setup={setup}
            submitLabel={submitLabel}
            pending={mutation.isPending}
            error={error}
            onSubmit={(lineup) => mutation.mutate(lineup)}
            footer={
              needsCode ? (
                <label style={{ display: "block", marginTop: 12 }}>
                  <Text size="2" weight="medium">
                    Invite code
                  </Text>
                  <TextField.Root value={inviteCode} onChange={(ev) => setInviteCode(ev.target.value.toUpperCase())} maxLength={16} placeholder="e.g. K7QX2MPA" mt="1" data-testid="invite-code-input" />
                </label>
              ) : null
            }
          />
        )}
      </Dialog.Content>
    </Dialog.Root>
  );
}
