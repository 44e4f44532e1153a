/** Players: the first 20 players of the filter (name, team, position, salary, projected points or N/A, injury status) and Add Player. */
import { Table, Text } from "@radix-ui/themes";
import { formatCount, formatPoints, formatSalary } from "../../fantasy/fantasy-format.ts";
import { AddPlayerDialog } from "./add-player-dialog.tsx";
import type { FantasyData } from "./fantasy-data.ts";
import { InjuryBadge } from "./status-badges.tsx";

const ROWS = 20;

export function PlayersTab({ data }: { data: FantasyData }) {
  const rows = data.players.slice(0, ROWS);
  return (
    <div>
      <div className="adm-fx__toolbar">
        <Text size="2" color="gray">
          Showing {rows.length} of {formatCount(data.players.length)} players
        </Text>
        {data.canManage && <AddPlayerDialog sports={data.allSports} defaultSportId={data.sportId} />}
      </div>
      <Table.Root size="1" variant="surface" className="adm-table" data-testid="players-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Team</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Position</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Salary</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Projected</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Injury</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={6}>
                <Text size="2" color="gray">
                  No players yet.
                </Text>
              </Table.Cell>
            </Table.Row>
          )}
          {rows.map((p) => (
            <Table.Row key={p.id} align="center" data-testid={`player-row-${p.id}`}>
              <Table.RowHeaderCell className="adm-cell-main">
                <Text size="2" weight="medium">
                  {p.name}
                </Text>
              </Table.RowHeaderCell>
              <Table.Cell>{p.team}</Table.Cell>
              <Table.Cell>{p.position}</Table.Cell>
              <Table.Cell justify="end" className="adm-num">
                {formatSalary(p.salary)}
              </Table.Cell>
              <Table.Cell justify="end" className="adm-num">
                {formatPoints(p.projectedPoints)}
              </Table.Cell>
              <Table.Cell>
                <InjuryBadge status={p.injuryStatus} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
