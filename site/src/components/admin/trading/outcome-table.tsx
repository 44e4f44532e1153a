/**
 * A market's outcomes as rows: name, price, stakes and share, payout if it wins and the outcome's
 * liability (the running total placement checks against the market's limit; docs/money.md). Every
 * outcome is listed by its own name: the draw, and a race's runners; nothing is squeezed into
 * home/draw/away columns.
 */
import { Table, Text } from "@radix-ui/themes";
import { formatMoney } from "../../../lib/format.ts";
import { outcomeRows, type OutcomeFigures } from "./outcome-rows.ts";

export function OutcomeTable({ outcomes, caption, testId }: { outcomes: readonly OutcomeFigures[]; caption: string; testId?: string }) {
  if (outcomes.length === 0) {
    return (
      <Text as="p" size="1" color="gray" data-testid={testId}>
        No outcomes priced.
      </Text>
    );
  }
  return (
    // A scrollable region at phone width: reachable by keyboard and named (axe scrollable-region-focusable).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard (WCAG 2.1.1)
    <div className="adm-scroll-x adm-outcomes" role="region" aria-label={caption} tabIndex={0}>
      <Table.Root size="1" variant="ghost" data-testid={testId}>
        <caption className="adm-sr">{caption}</caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeaderCell>Outcome</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Price</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Stakes</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">Payout</Table.ColumnHeaderCell>
            <Table.ColumnHeaderCell justify="end">
              <abbr title="Pending bets on this outcome: potential return minus stake, as placement counts it against the limit">Liability</abbr>
            </Table.ColumnHeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {outcomeRows(outcomes).map((o) => (
            <Table.Row key={o.outcomeId} data-testid={testId ? `${testId}-row` : undefined} data-outcome={o.name}>
              <Table.RowHeaderCell>
                <span className="adm-ellipsis-wide">{o.name}</span>
              </Table.RowHeaderCell>
              <Table.Cell justify="end" className="adm-num">
                {o.odds}
              </Table.Cell>
              <Table.Cell justify="end" className="adm-num adm-nowrap">
                {formatMoney(o.stakes)}{" "}
                <Text size="1" color="gray">
                  ({o.share.toFixed(1)}%)
                </Text>
              </Table.Cell>
              <Table.Cell justify="end" className="adm-num">
                {formatMoney(o.payout)}
              </Table.Cell>
              <Table.Cell justify="end" className={`adm-num ${o.liability > 0 ? "adm-text-red" : ""}`} data-liability={o.liability}>
                {formatMoney(o.liability)}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </div>
  );
}
