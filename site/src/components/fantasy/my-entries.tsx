/**
 * My Contests (every entry: contest and entry status, points, rank, payout, lineup and standings)
 * and My Lineups (entries whose contest has not started: edit until the start time). Both read
 * GET /api/fantasy/my/entries, polled every few seconds while one of the contests is running.
 */
import { Badge, Button, Callout, Card, Dialog, Flex, Heading, Skeleton, Table, Text } from "@radix-ui/themes";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import type { FantasyContestStatus, FantasyEntry, FantasyEntryStatus } from "../../../../api/schemas/fantasy.ts";
import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { keys } from "../../lib/query-keys.ts";
import { fantasyQueries } from "../../lib/queries-fantasy.ts";
import { formatPoints, formatSalary } from "./fantasy-format.ts";
import { InjuryMark } from "./lineup-builder.tsx";

const CONTEST_COLOR: Record<FantasyContestStatus, "green" | "amber" | "red" | "gray" | "crimson"> = {
  open: "green",
  locked: "amber",
  live: "red",
  settled: "gray",
  cancelled: "crimson",
};
const CONTEST_LABEL: Record<FantasyContestStatus, string> = { open: "Open", locked: "Locked", live: "Live", settled: "Settled", cancelled: "Cancelled" };
const ENTRY_COLOR: Record<FantasyEntryStatus, "blue" | "green" | "gray" | "amber"> = { active: "blue", won: "green", lost: "gray", refunded: "amber" };
const ENTRY_LABEL: Record<FantasyEntryStatus, string> = { active: "Active", won: "Won", lost: "Lost", refunded: "Refunded" };

/** The entries; when one is paid or refunded the wallet balance is re-read at once. */
function useEntries(enabled: boolean) {
  const q = useQuery({ ...fantasyQueries.myFantasyEntries(), enabled });
  const queryClient = useQueryClient();
  const resolved = (q.data ?? []).filter((e) => e.status !== "active").length;
  const seen = useRef<number | null>(null);
  useEffect(() => {
    if (!q.data) return;
    if (seen.current !== null && resolved !== seen.current) void queryClient.invalidateQueries({ queryKey: keys.balance });
    seen.current = resolved;
  }, [resolved, q.data, queryClient]);
  return q;
}

function EntriesState({ signedIn, q, empty, onSignIn }: { signedIn: boolean; q: ReturnType<typeof useEntries>; empty: string; onSignIn: () => void }) {
  if (!signedIn)
    return (
      <div className="fx-empty">
        <Text as="p" mb="3">
          Sign in to see your contests and lineups.
        </Text>
        <Button onClick={onSignIn}>Sign in or try the demo</Button>
      </div>
    );
  if (q.isPending)
    return (
      <div className="fx-entries">
        {[0, 1].map((i) => (
          <Skeleton key={i} height="150px" />
        ))}
      </div>
    );
  if (q.isError)
    return (
      <Callout.Root color="red">
        <Callout.Text>Your entries could not be loaded: {q.error.message}</Callout.Text>
      </Callout.Root>
    );
  if (q.data.length === 0)
    return (
      <p className="fx-empty" data-testid="entries-empty">
        {empty}
      </p>
    );
  return null;
}

function ViewHead({ title, sub, onBack }: { title: string; sub: string; onBack: () => void }) {
  return (
    <Flex justify="between" align="end" gap="3" wrap="wrap">
      <div>
        <Heading as="h1" size="5">
          {title}
        </Heading>
        <Text size="2" color="gray">
          {sub}
        </Text>
      </div>
      <Button variant="soft" color="gray" onClick={onBack} data-testid="back-to-lobby">
        All contests
      </Button>
    </Flex>
  );
}

export function MyContests({ signedIn, onBack, onSignIn }: { signedIn: boolean; onBack: () => void; onSignIn: () => void }) {
  const q = useEntries(signedIn);
  const [standingsFor, setStandingsFor] = useState<FantasyEntry | null>(null);
  return (
    <section aria-label="My Contests" data-testid="my-contests">
      <ViewHead title="My Contests" sub="Your entries: points, rank and payouts update while contests run." onBack={onBack} />
      <div style={{ marginTop: 14 }}>
        <EntriesState signedIn={signedIn} q={q} empty="You haven't entered any contests yet." onSignIn={onSignIn} />
        {q.data && q.data.length > 0 && (
          <div className="fx-entries">
            {q.data.map((e) => (
              <EntryCard key={e.id} entry={e} onStandings={() => setStandingsFor(e)} />
            ))}
          </div>
        )}
      </div>
      <StandingsDialog entry={standingsFor} onClose={() => setStandingsFor(null)} />
    </section>
  );
}

function EntryCard({ entry: e, onStandings }: { entry: FantasyEntry; onStandings: () => void }) {
  const [showLineup, setShowLineup] = useState(false);
  const rank = e.rank === null ? "—" : `${e.rank} of ${e.currentEntries}`;
  const payout = e.payout === null ? "—" : formatMoney(e.payout);
  return (
    <Card size="2" data-testid={`my-entry-${e.id}`} data-contest={e.contestId}>
      <Flex justify="between" align="start" gap="2">
        <div style={{ minWidth: 0 }}>
          <Text as="div" weight="bold" className="fx-ellipsis">
            {e.contestName}
          </Text>
          <Text as="div" size="1" color="gray">
            {e.sportName} · {formatDateTime(e.startTime)} · entry {formatMoney(e.entryFee)}
          </Text>
        </div>
        <Flex direction="column" align="end" gap="1">
          <Badge color={CONTEST_COLOR[e.contestStatus]} variant={e.contestStatus === "live" ? "solid" : "soft"} data-testid="contest-status">
            {CONTEST_LABEL[e.contestStatus]}
          </Badge>
          <Badge color={ENTRY_COLOR[e.status]} variant="soft" data-testid="entry-status">
            {ENTRY_LABEL[e.status]}
          </Badge>
        </Flex>
      </Flex>
      <dl className="fx-entry__stats">
        <div>
          <dt>Points</dt>
          <dd data-testid="entry-points">{formatPoints(e.points)}</dd>
        </div>
        <div>
          <dt>Rank</dt>
          <dd data-testid="entry-rank">{rank}</dd>
        </div>
        <div>
          <dt>Payout</dt>
          <dd data-testid="entry-payout">{payout}</dd>
        </div>
        <div>
          <dt>Prize pool</dt>
          <dd>{formatMoney(e.prizePool)}</dd>
        </div>
      </dl>
      <Flex gap="2" mt="3" wrap="wrap">
        <Button size="2" variant="soft" onClick={() => setShowLineup((s) => !s)} aria-expanded={showLineup}>
          {showLineup ? "Hide lineup" : "Lineup"}
        </Button>
        <Button size="2" variant="soft" onClick={onStandings} data-testid="view-standings">
          Standings
        </Button>
      </Flex>
      {showLineup && <LineupList entry={e} />}
    </Card>
  );
}

function LineupList({ entry: e }: { entry: FantasyEntry }) {
  return (
    <ul className="fx-lineup-list" aria-label={`Lineup for ${e.contestName}`}>
      {e.lineup.map((p) => (
        <li key={p.playerId}>
          <span className="fx-ellipsis">
            <Text weight="bold" color="green">
              {p.slot}
            </Text>{" "}
            {p.name} <InjuryMark status={p.injuryStatus} />{" "}
            <Text color="gray">
              {p.team} · {formatSalary(p.salary)}
            </Text>
          </span>
          <span className="fx-num">{e.contestStatus === "open" ? `${formatPoints(p.projectedPoints)} proj` : `${formatPoints(p.points)} pts`}</span>
        </li>
      ))}
      <li>
        <Text color="gray">
          Salary {formatSalary(e.salaryUsed)} of {formatSalary(e.salaryCap)}
        </Text>
        <Text weight="bold" className="fx-num">
          {e.contestStatus === "open"
            ? `${formatPoints(Math.round(e.lineup.reduce((s, p) => s + (p.projectedPoints ?? 0), 0) * 100) / 100)} proj`
            : `${formatPoints(e.points)} pts`}
        </Text>
      </li>
    </ul>
  );
}

function StandingsDialog({ entry, onClose }: { entry: FantasyEntry | null; onClose: () => void }) {
  const q = useQuery({ ...fantasyQueries.fantasyStandings(entry?.contestId ?? ""), enabled: entry !== null });
  return (
    <Dialog.Root open={entry !== null} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Content maxWidth="520px" className="fx-dialog" data-testid="standings-dialog">
        <Dialog.Title>{entry?.contestName} standings</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          {q.data ? `${CONTEST_LABEL[q.data.contest.status]} · ${q.data.contest.currentEntries} entries · prize pool ${formatMoney(q.data.contest.prizePool)}` : " "}
        </Dialog.Description>
        {q.isPending && <Skeleton height="120px" />}
        {q.isError && (
          <Callout.Root color="red">
            <Callout.Text>{q.error.message}</Callout.Text>
          </Callout.Root>
        )}
        {q.data && (
          <Table.Root size="1" variant="surface">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Rank</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Entrant</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Points</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Payout</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {q.data.standings.map((r) => (
                <Table.Row key={r.entryId} style={r.mine ? { background: "var(--accent-a3)" } : undefined}>
                  <Table.Cell>{r.rank}</Table.Cell>
                  <Table.Cell>
                    {r.name}
                    {r.mine ? " (you)" : ""}
                  </Table.Cell>
                  <Table.Cell justify="end" className="fx-num">
                    {formatPoints(r.points)}
                  </Table.Cell>
                  <Table.Cell justify="end" className="fx-num">
                    {r.payout === null ? "—" : formatMoney(r.payout)}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        <Flex justify="end" mt="4">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Close
            </Button>
          </Dialog.Close>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

export function MyLineups({
  signedIn,
  onBack,
  onEdit,
  onSignIn,
}: {
  signedIn: boolean;
  onBack: () => void;
  onEdit: (e: FantasyEntry) => void;
  onSignIn: () => void;
}) {
  const q = useEntries(signedIn);
  const editable = (q.data ?? []).filter((e) => e.editable);
  return (
    <section aria-label="My Lineups" data-testid="my-lineups">
      <ViewHead title="My Lineups" sub="Lineups can be changed until each contest starts." onBack={onBack} />
      <div style={{ marginTop: 14 }}>
        <EntriesState signedIn={signedIn} q={q} empty="No lineups yet: enter a contest to build one." onSignIn={onSignIn} />
        {q.data && q.data.length > 0 && editable.length === 0 && (
          <p className="fx-empty" data-testid="lineups-empty">
            None of your contests can be edited any more: they have all started. See My Contests for results.
          </p>
        )}
        {editable.length > 0 && (
          <div className="fx-entries">
            {editable.map((e) => (
              <Card key={e.id} size="2" data-testid={`my-lineup-${e.id}`}>
                <Flex justify="between" align="start" gap="2">
                  <div style={{ minWidth: 0 }}>
                    <Text as="div" weight="bold" className="fx-ellipsis">
                      {e.contestName}
                    </Text>
                    <Text as="div" size="1" color="gray">
                      {e.sportName} · locks {formatDateTime(e.startTime)}
                    </Text>
                  </div>
                  <Button size="2" onClick={() => onEdit(e)} data-testid="edit-lineup">
                    Edit
                  </Button>
                </Flex>
                <LineupList entry={e} />
              </Card>
            ))}
          </div>
        )}
      </div>
    </section>
  );
}
