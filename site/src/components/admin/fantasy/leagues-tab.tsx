/**
 * Leagues: name, sport, type, teams, entry fee, prize pool, status and actions (View opens the
 * league's full record), with Create League.
 */
import { Button, Dialog, DataList, Flex, Table, Text } from "@radix-ui/themes";
import { useState } from "react";
import type { FantasyLeague } from "../../../../../api/schemas/fantasy.ts";
import { formatDateTime, formatMoney } from "../../../lib/format.ts";
import { formatCalendarDate, formatCount } from "../../fantasy/fantasy-format.ts";
import { CreateLeagueDialog } from "./create-league-dialog.tsx";
import { capitalise } from "./fields.tsx";
import type { FantasyData } from "./fantasy-data.ts";
import { FantasyStatusBadge } from "./status-badges.tsx";

export function LeaguesTab({ data }: { data: FantasyData }) {
  const [viewing, setViewing] = useState<FantasyLeague | null>(null);
  return (
    <div>
      <div className="adm-fx__toolbar">
        <Text size="2" color="gray">
          {formatCount(data.leagues.length)} {data.leagues.length === 1 ? "league" : "leagues"}
        </Text>
        {data.canManage && <CreateLeagueDialog sports={data.allSports} defaultSportId={data.sportId} />}
      </div>
      <Table.Root size="1" variant="surface" className="adm-table" data-testid="leagues-table">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Name</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Sport</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Type</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Teams</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Entry Fee</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Prize Pool</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Actions</Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {data.leagues.length === 0 && (
            <Table.Row>
              <Table.Cell colSpan={8}>
                <Text size="2" color="gray">
                  No leagues yet.
                </Text>
              </Table.Cell>
            </Table.Row>
          )}
          {data.leagues.map((l) => (
            <Table.Row key={l.id} align="center" data-testid={`league-row-${l.id}`}>
              <Table.RowHeaderCell className="adm-cell-main">
                <Text size="2" weight="medium">
                  {l.name}
                </Text>
              </Table.RowHeaderCell>
              <Table.Cell>{l.sportName}</Table.Cell>
              <Table.Cell>{capitalise(l.type)}</Table.Cell>
              <Table.Cell justify="end" className="adm-num">
                {l.maxTeams}
              </Table.Cell>
              <Table.Cell justify="end" className="adm-num">
                {formatMoney(l.entryFee)}
              </Table.Cell>
              <Table.Cell justify="end" className="adm-num">
                {formatMoney(l.prizePool)}
              </Table.Cell>
              <Table.Cell>
                <FantasyStatusBadge status={l.status} />
              </Table.Cell>
              <Table.Cell justify="end" className="adm-cell-actions">
                <Button size="1" variant="soft" onClick={() => setViewing(l)} aria-label={`View ${l.name}`}>
                  View
                </Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      <Dialog.Root open={viewing !== null} onOpenChange={(o) => !o && setViewing(null)}>
        <Dialog.Content maxWidth="460px" className="adm-fx-dialog" data-testid="league-details">
          {viewing && (
            <>
              <Dialog.Title>{viewing.name}</Dialog.Title>
              <Dialog.Description size="2" color="gray" mb="3">
                {viewing.sportName} league
              </Dialog.Description>
              <DataList.Root size="2">
                <Item label="Type">{capitalise(viewing.type)}</Item>
                <Item label="Format">{capitalise(viewing.format)}</Item>
                <Item label="Max teams">{viewing.maxTeams}</Item>
                <Item label="Entry fee">{formatMoney(viewing.entryFee)}</Item>
                <Item label="Prize pool">{formatMoney(viewing.prizePool)}</Item>
                <Item label="Season">
                  {formatCalendarDate(viewing.seasonStart)} – {formatCalendarDate(viewing.seasonEnd)}
                </Item>
                <Item label="Status">
                  <FantasyStatusBadge status={viewing.status} />
                </Item>
                <Item label="Created">{formatDateTime(viewing.createdAt)}</Item>
                <Item label="Id">
                  <code>{viewing.id}</code>
                </Item>
              </DataList.Root>
              <Flex justify="end" mt="4">
                <Dialog.Close>
                  <Button variant="soft" color="gray">
                    Close
                  </Button>
                </Dialog.Close>
              </Flex>
            </>
          )}
        </Dialog.Content>
      </Dialog.Root>
    </div>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <DataList.Item>
      <DataList.Label minWidth="110px">{label}</DataList.Label>
      <DataList.Value>{children}</DataList.Value>
    </DataList.Item>
  );
}
