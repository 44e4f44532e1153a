/**
 * The contest table (Fantasy page): Contest (name and start time), Entry Cost,
 * Entries (current/max), Payout 'TOP N', Prize Pool and an ENTER button per row, plus a pin toggle.
 */
import { Badge, Button, Table, Text } from "@radix-ui/themes";
import type { FantasyContest } from "../../../../api/schemas/fantasy.ts";
import { formatDateTime, formatMoney } from "../../lib/format.ts";
import { formatCount } from "./fantasy-format.ts";

/** TOP N: N = max entries / 10 rounded down; the server pays at least one place, so tiny contests show TOP 1. */
export const payoutLabel = (c: Pick<FantasyContest, "payoutPlaces">) => `TOP ${c.payoutPlaces}`;

/** Already entered, below the contest's multi-entry cap, and not full: another entry is allowed. */
export const mayEnterAgain = (c: Pick<FantasyContest, "entered" | "myEntries" | "maxEntriesPerUser" | "currentEntries" | "maxEntries">): boolean =>
  c.entered && c.myEntries < c.maxEntriesPerUser && c.currentEntries < c.maxEntries;

export function ContestTable({
  contests,
  pinned,
  onTogglePin,
  onEnter,
  testId,
  caption,
}: {
  contests: FantasyContest[];
  pinned: ReadonlySet<string>;
  onTogglePin: (id: string) => void;
  onEnter: (c: FantasyContest) => void;
  testId: string;
  caption: string;
}) {
  return (
    <Table.Root size="2" variant="surface" className="fx-table" data-testid={testId}>
      <caption className="fx-hidden">{caption}</caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Contest</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Entry Cost</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Entries</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Payout</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Prize Pool</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>
            <span className="fx-hidden">Enter</span>
          </Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {contests.map((c) => {
          const full = c.currentEntries >= c.maxEntries;
          /** A multi-entry contest the customer may enter once more (below its per-customer cap, not full). */
          const again = mayEnterAgain(c);
          const isPinned = pinned.has(c.id);
          return (
            <Table.Row key={c.id} align="center" data-testid={`contest-${c.id}`}>
              <Table.RowHeaderCell className="fx-cell-main">
                <div style={{ display: "flex", alignItems: "center", gap: 8, minWidth: 0 }}>
                  <button
                    type="button"
                    className="fx-pin"
                    aria-pressed={isPinned}
                    aria-label={isPinned ? `Unpin ${c.name}` : `Pin ${c.name}`}
                    onClick={() => onTogglePin(c.id)}
                    data-testid="pin"
                  >
                    {isPinned ? "★" : "☆"}
                  </button>
                  <div style={{ minWidth: 0 }}>
                    <Text as="div" size="2" className="fx-contest__name">
                      {c.name}{" "}
                      {c.isPrivate && (
                        <Badge color="gray" variant="outline" size="1">
                          Private
                        </Badge>
                      )}{" "}
                      {c.entered && (
                        <Badge color="green" variant="soft" size="1" data-testid="entered-badge">
                          {c.myEntries > 1 ? `Entered ×${c.myEntries}` : "Entered"}
                        </Badge>
                      )}{" "}
                      {c.maxEntriesPerUser > 1 && (
                        <Badge color="blue" variant="outline" size="1" data-testid="multi-entry-badge" title="Entries one customer may have">
                          Max {c.maxEntriesPerUser} entries
                        </Badge>
                      )}
                    </Text>
                    <Text as="div" size="1" color="gray">
                      {c.sportName} · {formatDateTime(c.startTime)}
                    </Text>
                  </div>
                </div>
              </Table.RowHeaderCell>
              <Table.Cell justify="end" className="fx-num" data-label="Entry Cost">
                {formatMoney(c.entryFee)}
              </Table.Cell>
              <Table.Cell justify="end" className="fx-num" data-label="Entries" data-testid="entries">
                {formatCount(c.currentEntries)}/{formatCount(c.maxEntries)}
              </Table.Cell>
              <Table.Cell justify="end" className="fx-num" data-label="Payout" data-testid="payout">
                {payoutLabel(c)}
              </Table.Cell>
              <Table.Cell justify="end" className="fx-num" data-label="Prize Pool" data-testid="prize-pool">
                {formatMoney(c.prizePool)}
              </Table.Cell>
              <Table.Cell justify="end" className="fx-cell-action">
                <Button
                  size="2"
                  variant={c.entered && !again ? "soft" : "solid"}
                  disabled={full && !c.entered}
                  onClick={() => onEnter(c)}
                  aria-label={again ? `Enter ${c.name} again` : c.entered ? `Edit your lineup for ${c.name}` : `Enter ${c.name}`}
                  data-testid="enter"
                >
                  {again ? "ENTER AGAIN" : c.entered ? "EDIT" : full ? "FULL" : "ENTER"}
                </Button>
              </Table.Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
