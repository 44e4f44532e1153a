/**
 * The contest lobby: sport tabs (the sports of the open contests), PINNED CONTESTS (n), FILTERS / CREATE CONTEST / JOIN WITH CODE, and
 * the first 10 contests taking entries. 'Loading contests...' while they load; an honest empty
 * state when there are none (no sample contests).
 */
import { Button, Callout, Flex, Heading, Text } from "@radix-ui/themes";
import { TabBar, tabPanelProps } from "../tab-bar.tsx";
import { useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import type { FantasyContest } from "../../../../api/schemas/fantasy.ts";
import { fantasyQueries } from "../../lib/queries-fantasy.ts";
import { ContestTable } from "./contest-table.tsx";
import { activeFilterCount, FiltersButton, NO_FILTERS, toQuery, type LobbyFilters } from "./filters.tsx";
import { contestInTab, FEATURED, listed, shownTab, sportTabsFor } from "./sport-tabs.ts";

const ROWS = 10;
const PIN_KEY = "betpro:fantasy:pinned";

/** Pinned contest ids, kept in this browser. */
function usePinned(): [Set<string>, (id: string) => void] {
  const [pinned, setPinned] = useState<Set<string>>(() => new Set());
  useEffect(() => {
    try {
      const raw = window.localStorage.getItem(PIN_KEY);
      if (raw) setPinned(new Set(JSON.parse(raw) as string[]));
    } catch {
      /* storage unavailable or corrupt: start empty */
    }
  }, []);
  const toggle = useCallback((id: string) => {
    setPinned((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      try {
        window.localStorage.setItem(PIN_KEY, JSON.stringify([...next]));
      } catch {
        /* not persisted: fine for this visit */
      }
      return next;
    });
  }, []);
  return [pinned, toggle];
}

export function Lobby({
  onEnter,
  onCreate,
  onJoin,
}: {
  onEnter: (c: FantasyContest) => void;
  onCreate: () => void;
  onJoin: () => void;
}) {
  const [chosen, setTab] = useState<string>(FEATURED);
  const [filters, setFilters] = useState<LobbyFilters>(NO_FILTERS);
  const [pinned, togglePin] = usePinned();
  const sports = useQuery(fantasyQueries.fantasySports());
  const contests = useQuery(fantasyQueries.fantasyContests(toQuery(filters)));
  const open = useQuery(fantasyQueries.fantasyContests({ status: "open" }));

  // The tabs are the sports of the open contests (whatever the filters), so none opens on nothing.
  const tabs = sportTabsFor(open.data ?? []);
  const tab = shownTab(tabs, chosen);
  const tabLabel = tabs.find((t) => t.value === tab)!.label;
  const shown = (contests.data ?? []).filter(listed).filter((c) => contestInTab(c, tab));
  const pinnedContests = (open.data ?? []).filter((c) => pinned.has(c.id));

  return (
    <>
      <h1 className="fx-title">Daily fantasy contests</h1>
      {/* The sport tabs filter the one contest list below (one panel for every tab). */}
      <TabBar
        group="fx-sports"
        items={tabs}
        value={tab}
        onChange={setTab}
        label="Sports"
        className="fx-tabs"
        controls={false}
      />

      <section aria-labelledby="fx-pinned-h">
        <div className="fx-toolbar">
          <h2 className="fx-toolbar__title" id="fx-pinned-h" data-testid="pinned-heading">
            PINNED CONTESTS ({pinnedContests.length})
          </h2>
          <div className="fx-toolbar__actions">
            <FiltersButton sports={sports.data ?? []} value={filters} onChange={setFilters} />
            <Button onClick={onCreate} data-testid="create-contest">
              CREATE CONTEST
            </Button>
            <Button variant="soft" onClick={onJoin} data-testid="join-with-code">
              JOIN WITH CODE
            </Button>
          </div>
        </div>
        {pinnedContests.length > 0 ? (
          <div style={{ marginTop: 10 }}>
            <ContestTable contests={pinnedContests} pinned={pinned} onTogglePin={togglePin} onEnter={onEnter} testId="pinned-contests" caption="Pinned contests" />
          </div>
        ) : (
          <Text as="p" size="2" color="gray" mt="2">
            Pin a contest with ☆ to keep it here.
          </Text>
        )}
      </section>

      <section {...tabPanelProps("fx-sports", "all", tab)}>
        <Flex justify="between" align="baseline" gap="2" mb="2" wrap="wrap">
          <Heading as="h2" size="3">
            {tab === FEATURED ? "Featured contests" : `${tabLabel} contests`}
          </Heading>
          {contests.data && shown.length > 0 && (
            <Text size="1" color="gray" data-testid="contests-count">
              Showing {Math.min(ROWS, shown.length)} of {shown.length}
            </Text>
          )}
        </Flex>
        {contests.isPending && (
          <p className="fx-loading" role="status" data-testid="contests-loading">
            Loading contests...
          </p>
        )}
        {contests.isError && (
          <Callout.Root color="red">
            <Callout.Text>Contests could not be loaded: {contests.error.message}</Callout.Text>
          </Callout.Root>
        )}
        {contests.data && shown.length === 0 && (
          <p className="fx-empty" data-testid="contests-empty">
            No contests available
            {tab !== FEATURED ? ` for ${tabLabel}` : ""}
            {activeFilterCount(filters) > 0 ? " with these filters" : ""}. Check back soon, or create your own contest.
          </p>
        )}
        {shown.length > 0 && (
          <ContestTable contests={shown.slice(0, ROWS)} pinned={pinned} onTogglePin={togglePin} onEnter={onEnter} testId="contests-table" caption="Contests" />
        )}
      </section>
    </>
  );
}
