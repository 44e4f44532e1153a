/**
 * JOIN WITH CODE: paste an invite link, or pick the private contest and type its invite code; the
 * lineup builder then opens with the code filled in. The server checks the code when the entry is
 * sent (FANTASY.INVITE_CODE_REQUIRED when it is wrong).
 */
import { Button, Callout, Dialog, Flex, Select, Text, TextField } from "@radix-ui/themes";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { FantasyContest } from "../../../../api/schemas/fantasy.ts";
import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { fantasyQueries } from "../../lib/queries-fantasy.ts";
import { parseInvite } from "./private-contest.ts";

export function JoinByCodeDialog({
  open,
  onOpenChange,
  onJoin,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onJoin: (contest: FantasyContest, code: string) => void;
}) {
  const queryClient = useQueryClient();
  const contests = useQuery({ ...fantasyQueries.fantasyContests({ status: "open" }), enabled: open });
  const joinable = (contests.data ?? []).filter((c) => c.isPrivate && !c.entered && c.currentEntries < c.maxEntries);
  const [text, setText] = useState("");
  const [contestId, setContestId] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const link = parseInvite(text);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const code = link ? link.code : text.trim().toUpperCase();
    const id = link ? link.contestId : contestId;
    if (!/^[A-Z0-9]{4,16}$/.test(code)) return setError("Enter the invite code (letters and digits) or paste the invite link.");
    if (!id) return setError("Choose the contest the code is for.");
    setBusy(true);
    try {
      const contest = await queryClient.fetchQuery(fantasyQueries.fantasyContest(id));
      if (contest.status !== "open" || Date.parse(contest.startTime) <= Date.now()) return setError(`${contest.name} has started and takes no more entries.`);
      if (contest.entered) return setError(`You're already in ${contest.name}. Edit your lineup from My Lineups.`);
      setText("");
      setContestId("");
      onOpenChange(false);
      onJoin(contest, code);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Content maxWidth="480px" className="fx-dialog" data-testid="join-dialog">
        <Dialog.Title>Join a private contest</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          Paste the invite link you were sent, or choose the contest and type its invite code.
        </Dialog.Description>
        <form onSubmit={submit} noValidate>
          <Flex direction="column" gap="3">
            <label>
              <Text as="div" size="2" weight="medium" mb="1">
                Invite link or code
              </Text>
              <TextField.Root value={text} onChange={(e) => setText(e.target.value)} placeholder="K7QX2MPA" maxLength={300} data-testid="join-code" />
            </label>
            {!link && (
              <label>
                <Text as="div" size="2" weight="medium" mb="1">
                  Contest
                </Text>
                <Select.Root value={contestId || undefined} onValueChange={setContestId}>
                  <Select.Trigger style={{ width: "100%" }} placeholder={joinable.length ? "Choose the contest" : "No private contests open"} aria-label="Contest" data-testid="join-contest" />
                  <Select.Content position="popper">
                    {joinable.map((c) => (
                      <Select.Item key={c.id} value={c.id}>
                        {c.name} · {c.sportName} · {formatMoney(c.entryFee)} · {formatDateTime(c.startTime)}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              </label>
            )}
            {error && (
              <Callout.Root color="red" size="1" role="alert">
                <Callout.Text>{error}</Callout.Text>
              </Callout.Root>
            )}
            <Flex gap="2" justify="end">
              <Dialog.Close>
                <Button type="button" variant="soft" color="gray">
                  Cancel
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={busy} data-testid="join-continue">
                Continue
              </Button>
            </Flex>
          </Flex>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  );
}
