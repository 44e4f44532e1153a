/**
 * Dashboard risk heatmap: rows Soccer..Cricket, columns FT Win..Parlay, values
 * from GET /api/admin/risk-heatmap over 1h / 24h / 7d (polled every 30 s). Colour bands: above 80,
 * above 60, above 40, above 20, the rest. A cell opens its panel: exposure, liability, active bets,
 * average stake, max payout, margin, with Adjust Limits, Suspend Market and View Bets acting on a
 * market of the cell.
 */
import { Button, Card, DataList, Flex, Heading, SegmentedControl, Select, Skeleton, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { HeatmapCell, HeatmapRange } from "../../../../api/schemas/risk.ts";
import { formatMoney } from "../../lib/format.ts";
import { adminQueries } from "../../lib/queries-admin.ts";
import { useRole } from "./console-context.tsx";
import { AdjustLimitDialog, MarketBetsDialog, useSuspendMarket } from "./markets/market-actions.tsx";
import { marketLabel, useMarketDirectory, useMarketInfo } from "./markets/market-directory.ts";
import { ErrorNote, TableScroll } from "./ui.tsx";

const ROWS = ["Soccer", "Tennis", "Basketball", "Racing", "Rugby", "Cricket"] as const;
const COLUMNS = ["FT Win", "O/U", "Handicap", "Player", "Parlay"] as const;

/** The spec's bands: > 80, > 60, > 40, > 20, else. */
export function bandOf(value: number): "critical" | "high" | "medium" | "low" | "minimal" {
  if (value > 80) return "critical";
  if (value > 60) return "high";
  if (value > 40) return "medium";
  if (value > 20) return "low";
  return "minimal";
}

export const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "");

export function RiskHeatmap() {
  const [range, setRange] = useState<HeatmapRange>("24h");
  const heatmap = useQuery(adminQueries.riskHeatmap(range));
  const [selected, setSelected] = useState<{ sport: string; market: string } | null>(null);

  const cellOf = (sport: string, market: string): HeatmapCell | undefined =>
    heatmap.data?.cells.find((c) => c.sport === sport && c.market === market);
  const current = selected ? cellOf(selected.sport, selected.market) : undefined;

  return (
    <Card size="2" className="adm-panel" data-testid="risk-heatmap">
      <Flex justify="between" align="center" gap="3" wrap="wrap" mb="3">
        <div>
          <Heading as="h2" size="3">
            Risk Heatmap
          </Heading>
          <Text size="1" color="gray">
            Liability by sport and market type, open bets placed in the last {range}
          </Text>
        </div>
        <SegmentedControl.Root size="1" value={range} onValueChange={(v) => setRange(v as HeatmapRange)} aria-label="Time range" data-testid="heatmap-range">
          <SegmentedControl.Item value="1h">1h</SegmentedControl.Item>
          <SegmentedControl.Item value="24h">24h</SegmentedControl.Item>
          <SegmentedControl.Item value="7d">7d</SegmentedControl.Item>
        </SegmentedControl.Root>
      </Flex>
      <ErrorNote what="the heatmap" error={heatmap.error} />
      {/* At phone width the grid scrolls sideways inside a region the keyboard can reach, also while
          its cells are still loading (no buttons in it yet to take focus). */}
      <TableScroll label="Risk heatmap, scrolls sideways">
        <div className="adm-heatmap" role="grid" aria-label="Risk heatmap" aria-rowcount={ROWS.length + 1}>
          <div className="adm-heatmap__row" role="row">
            <span className="adm-heatmap__corner" role="columnheader">
              <span className="adm-sr">Sport</span>
            </span>
            {COLUMNS.map((c) => (
              <span key={c} className="adm-heatmap__colhead" role="columnheader">
                {c}
              </span>
            ))}
          </div>
          {ROWS.map((sport) => (
            <div className="adm-heatmap__row" role="row" key={sport}>
              <span className="adm-heatmap__rowhead" role="rowheader">
                {sport}
              </span>
              {COLUMNS.map((market) => {
                const cell = cellOf(sport, market);
                const value = cell?.riskValue ?? 0;
                const isSel = selected?.sport === sport && selected?.market === market;
                return (
                  <span role="gridcell" key={market} className="adm-heatmap__cellwrap">
                    {heatmap.isPending ? (
                      <Skeleton height="36px" />
                    ) : (
                      <button
                        type="button"
                        className={`adm-heatmap__cell adm-band--${bandOf(value)} ${isSel ? "is-selected" : ""}`}
                        aria-pressed={isSel}
                        aria-label={`${sport} ${market}: risk ${value}${cell ? `, liability ${formatMoney(cell.liability)}` : ""}`}
                        onClick={() => setSelected(isSel ? null : { sport, market })}
                        data-testid={`heatmap-cell-${slug(sport)}-${slug(market)}`}
                      >
                        {value}
                      </button>
                    )}
                  </span>
                );
              })}
            </div>
          ))}
        </div>
      </TableScroll>
      <Flex gap="3" mt="2" wrap="wrap" className="adm-heatmap__legend" aria-label="Colour bands">
        {(
          [
            ["critical", "> 80"],
            ["high", "> 60"],
            ["medium", "> 40"],
            ["low", "> 20"],
            ["minimal", "≤ 20"],
          ] as const
        ).map(([band, label]) => (
          <Flex key={band} align="center" gap="1">
            <span className={`adm-heatmap__swatch adm-band--${band}`} aria-hidden="true" />
            <Text size="1" color="gray">
              {label}
            </Text>
          </Flex>
        ))}
      </Flex>
      {selected && <CellPanel key={`${selected.sport}-${selected.market}`} sport={selected.sport} market={selected.market} cell={current} onClose={() => setSelected(null)} />}
    </Card>
  );
}

function CellPanel({ sport, market, cell, onClose }: { sport: string; market: string; cell: HeatmapCell | undefined; onClose: () => void }) {
  const { isAdmin, isStaff } = useRole();
  const { markets } = useMarketDirectory();
  const ids = cell?.marketIds ?? [];
  const [marketId, setMarketId] = useState<string>(ids[0] ?? "");
  const [dialog, setDialog] = useState<"limit" | "bets" | null>(null);
  const suspend = useSuspendMarket();

  // Start on the cell's first market; keep the operator's choice even when a refresh drops it from
  // the cell (e.g. once it is settled and has no open bets).
  useEffect(() => {
    if (!marketId && ids[0]) setMarketId(ids[0]);
  }, [ids.join(","), marketId]);
  const options = marketId && !ids.includes(marketId) ? [marketId, ...ids] : ids;

  const info = useMarketInfo(marketId || null, `${sport} ${market}`) ?? undefined;
  const label = info ? `${info.eventName} · ${info.marketName}` : marketId;
  const suspended = info?.status === "suspended";

  return (
    <Card variant="surface" mt="3" className="adm-cell-panel" data-testid="heatmap-panel">
      <Flex justify="between" align="center" mb="2">
        <Heading as="h3" size="2">
          {sport} · {market}
        </Heading>
        <Button size="1" variant="ghost" color="gray" onClick={onClose} aria-label="Close cell details">
          Close
        </Button>
      </Flex>
      <DataList.Root size="1" orientation="horizontal" className="adm-datalist adm-cell-stats">
        <Stat label="Exposure" value={cell ? formatMoney(cell.exposure) : "—"} testId="cell-exposure" />
        <Stat label="Liability" value={cell ? formatMoney(cell.liability) : "—"} testId="cell-liability" />
        <Stat label="Active bets" value={cell ? String(cell.activeBets) : "—"} testId="cell-active-bets" />
        <Stat label="Average stake" value={cell ? formatMoney(cell.averageStake) : "—"} testId="cell-average-stake" />
        <Stat label="Max payout" value={cell ? formatMoney(cell.maxPayout) : "—"} testId="cell-max-payout" />
        <Stat label="Profit margin" value={cell ? `${cell.margin.toFixed(2)}%` : "—"} testId="cell-margin" />
      </DataList.Root>
      {options.length === 0 ? (
        <Text as="p" size="1" color="gray" mt="3">
          No markets of this kind are on offer, so there is nothing to limit, suspend or list.
        </Text>
      ) : (
        <Flex direction="column" gap="2" mt="3">
          <Text as="label" size="1" color="gray" htmlFor="cell-market">
            Market ({options.length})
          </Text>
          <Select.Root value={marketId} onValueChange={setMarketId}>
            <Select.Trigger id="cell-market" aria-label="Market" data-testid="cell-market-select" />
            <Select.Content position="popper">
              {options.map((id) => (
                <Select.Item key={id} value={id}>
                  {marketLabel(markets.get(id), id)}
                  {markets.get(id)?.status === "suspended" ? " (suspended)" : ""}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
        </Flex>
      )}
      <Flex gap="2" mt="3" wrap="wrap">
        <Button size="2" variant="soft" disabled={!marketId || !isStaff} onClick={() => setDialog("limit")} data-testid="cell-adjust-limits">
          Adjust Limits
        </Button>
        <Button
          size="2"
          variant="soft"
          color={suspended ? "green" : "red"}
          disabled={!marketId || !isStaff || info?.status === "closed"}
          loading={suspend.isPending}
          onClick={() => suspend.mutate({ marketId, suspend: !suspended, label })}
          data-testid="cell-suspend-market"
        >
          {suspended ? "Reopen Market" : "Suspend Market"}
        </Button>
        <Button size="2" variant="soft" color="gray" disabled={!marketId} onClick={() => setDialog("bets")} data-testid="cell-view-bets">
          View Bets
        </Button>
      </Flex>
      <AdjustLimitDialog market={info ?? null} open={dialog === "limit"} onOpenChange={(o) => setDialog(o ? "limit" : null)} />
      <MarketBetsDialog market={info ?? null} open={dialog === "bets"} onOpenChange={(o) => setDialog(o ? "bets" : null)} canSettle={isAdmin} />
    </Card>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <DataList.Item>
      <DataList.Label>{label}</DataList.Label>
      <DataList.Value className="adm-num" data-testid={testId}>
        {value}
      </DataList.Value>
    </DataList.Item>
  );
}
