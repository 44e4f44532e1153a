/** Contests: name, sport, type, entries current/max, entry fee, prize pool, start date and status, with Create Contest. */
import { Badge, Table, Text } from "@radix-ui/themes";
import { formatMoney } from "../../../lib/format.ts";
import { formatCount } from "../../fantasy/fantasy-format.ts";
import { ContestActions } from "./contest-actions.tsx";
import { CreateContestDialog } from "./create-contest-dialog.tsx";
import { capitalise } from "./fields.tsx";
import type { FantasyData } from "./fantasy-data.ts";
import { FantasyStatusBadge } from "./status-badges.tsx";
import { LocalTime } from "../../local-time.tsx";

export function ContestsTab({ data }: { data: FantasyData }) {
  return (
    <div>
      <div className="adm-fx__toolbar">
        <Text size="2" color="gray">
          {formatCount(data.contests.length)} {data.contests.length === 1 ? "contest" : "contests"}
        </Text>
        {data.canManage && <CreateContestDialog sports={data.allSports} defaultSportId={data.sportId} />}
      </div>
      <Table.Root size="1" variant="surface" className="adm-table" data-testid="contests-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Sport</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Type</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Entries</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Entry Fee</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Prize Pool</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Start Date</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
            {data.canManage && <Table.ColumnHeaderCell justify="end">Actions</Table.ColumnHeaderCell>}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.contests.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={data.canManage ? 9 : 8}>
                <Text size="2" color="gray">
                  No contests yet.
                </Text>
              </Table.Cell>
            </Table.Row>
          )}
          {data.contests.map((c) => (
            <Table.Row key={c.id} align="center" data-testid={`contest-row-${c.id}`}>
              <Table.RowHeaderCell className="adm-cell-main">
                <Text size="2" weight="medium">
                  {c.name}
                </Text>{" "}
                {c.isPrivate && (
                  <Badge color="gray" variant="outline" size="1">
                    Private
                  </Badge>
                )}
              </Table.RowHeaderCell>
              <Table.Cell>{c.sportName}</Table.Cell>
              <Table.Cell>{capitalise(c.type)}</Table.Cell>
              <Table.Cell justify="end" className="adm-num">
                {formatCount(c.currentEntries)}/{formatCount(c.maxEntries)}
              </Table.Cell>
              <Table.Cell justify="end" className="adm-num">
                {formatMoney(c.entryFee)}
              </Table.Cell>
              <Table.Cell justify="end" className="adm-num">
                {formatMoney(c.prizePool)}
              </Table.Cell>
              <Table.Cell className="adm-nowrap"><LocalTime value={c.startTime} style="when" /></Table.Cell>
              <Table.Cell>
                <FantasyStatusBadge status={c.status} />
              </Table.Cell>
              {data.canManage && (
                <Table.Cell justify="end" className="adm-cell-actions">
                  <ContestActions contest={c} />
                </Table.Cell>
              )}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
