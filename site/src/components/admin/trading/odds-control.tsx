/**
 * Odds Control: the first 6 live events (GET /api/trading/odds-control, polled like live odds
 * every 3 s) with each outcome's price, Adjust (set a price) and up / down (one 0.01 tick) through
 * POST /api/trading/adjust-odds. Success: toast 'Odds Updated' and the live odds refresh.
 */
import { Badge, Button, Card, Flex, Grid, Heading, IconButton, Text } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { LiveOddsItem, Outcome } from "../../../../../api/schemas/events.ts";
import { adminQueries } from "../../../lib/queries-admin.ts";
import { EmptyState, ErrorNote, RowsSkeleton } from "../ui.tsx";
import { AdjustDialog, useAdjustOdds } from "./adjust-odds-dialog.tsx";
import { LocalTime } from "../../local-time.tsx";

export function OddsControl() {
  const events = useQuery(adminQueries.oddsControl());
  const adjust = useAdjustOdds();
  const [editing, setEditing] = useState<{ event: LiveOddsItem; outcome: Outcome } | null>(null);
  const busy = adjust.isPending ? adjust.variables?.outcomeId : undefined;

  if (events.isPending) return <RowsSkeleton rows={3} height="90px" />;
  const list = (events.data ?? []).slice(0, 6);
  return (
    <>
      <ErrorNote what="live events" error={events.error} />
      {list.length === 0 && !events.isError ? (
        <EmptyState title="No live events available" />
      ) : (
        <Grid columns={{ initial: "1", md: "2" }} gap="3" data-testid="odds-control">
          {list.map((e) => (
            <Card key={e.id} size="2" data-testid={`odds-event-${e.id}`}>
              <Flex justify="between" align="start" gap="2" mb="2">
                <div>
                  <Heading as="h2" size="3">
                    {e.name}
                  </Heading>
                  <Text size="1" color="gray">
                    {e.sportName} · {e.league} · <LocalTime value={e.startTime} style="when" />
                  </Text>
                </div>
                <Flex gap="1" direction="column" align="end">
                  <Badge color="red" variant="solid">
                    LIVE{e.minute !== null ? ` ${e.minute}'` : ""}
                  </Badge>
                  {e.marketStatus !== "open" && <Badge color="amber">{e.marketStatus}</Badge>}
                </Flex>
              </Flex>
              <Flex direction="column" gap="2">
                {e.outcomes.map((o) => (
                  <Flex key={o.id} align="center" justify="between" gap="2" className="adm-odds-row">
                    <Text size="2" className="adm-ellipsis">
                      {o.name}
                    </Text>
                    <Flex align="center" gap="1">
                      <IconButton
                        size="2"
                        variant="soft"
                        color="red"
                        aria-label={`Lower ${o.name} odds`}
                        disabled={busy === o.id}
                        onClick={() => adjust.mutate({ outcomeId: o.id, direction: "down" })}
                        data-testid={`odds-down-${o.id}`}
                      >
                        −
                      </IconButton>
                      <Text size="3" weight="bold" className="adm-num adm-odds-value" data-testid={`odds-value-${o.id}`}>
                        {o.odds}
                      </Text>
                      <IconButton
                        size="2"
                        variant="soft"
                        color="green"
                        aria-label={`Raise ${o.name} odds`}
                        disabled={busy === o.id}
                        onClick={() => adjust.mutate({ outcomeId: o.id, direction: "up" })}
                        data-testid={`odds-up-${o.id}`}
                      >
                        +
                      </IconButton>
                      <Button size="2" variant="outline" onClick={() => setEditing({ event: e, outcome: o })} data-testid={`odds-adjust-${o.id}`}>
                        Adjust
                      </Button>
                    </Flex>
                  </Flex>
                ))}
              </Flex>
            </Card>
          ))}
        </Grid>
      )}
      <AdjustDialog target={editing} onClose={() => setEditing(null)} />
    </>
  );
}
