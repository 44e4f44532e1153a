/**
 * The lineup builder: the contest's roster slots, the salary cap with what is used and remaining,
 * and the sport's players filtered by position (salary, projected points, injured players marked;
 * players ruled out cannot be picked). The parent decides what submitting does (enter a contest,
 * save an edited lineup, create a private contest) and passes the server's refusal back to show.
 */
import { Badge, Button, Callout, Flex, Heading, IconButton, SegmentedControl, Skeleton, Text, TextField } from "@radix-ui/themes";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { FantasyPlayer, InjuryStatus, RosterSlot } from "../../../../api/schemas/fantasy.ts";
import { fantasyQueries } from "../../lib/queries-fantasy.ts";
import { formatPoints, formatSalary } from "./fantasy-format.ts";
import { ALL_FILTER, canAdd, filterForSlot, lineupView, picksOf, placePlayer, poolFilters, type AddCheck } from "./lineup.ts";


const INJURY_COLOR: Record<InjuryStatus, "green" | "amber" | "orange" | "red"> = { healthy: "green", questionable: "amber", doubtful: "orange", out: "red" };
const INJURY_SHORT: Record<InjuryStatus, string> = { healthy: "", questionable: "Q", doubtful: "D", out: "OUT" };
const BLOCKED: Record<Exclude<AddCheck, { ok: true }>["reason"], string> = {
  picked: "Picked",
  out: "Out",
  "no-slot": "No slot",
  "over-cap": "Over cap",
};

export function InjuryMark({ status }: { status: InjuryStatus }) {
  if (status === "healthy") return null;
  return (
    <Badge color={INJURY_COLOR[status]} variant="soft" size="1" title={`Injury: ${status}`} aria-label={`Injury status ${status}`} data-testid="injury-mark">
      {INJURY_SHORT[status]}
    </Badge>
  );
}

export type BuilderSetup = {
  sportId: string;
  rosterPositions: RosterSlot[];
  salaryCap: number;
  /** Player ids already in the lineup (editing). */
  initial?: string[];
};

export function LineupBuilder({
  setup,
  submitLabel,
  pending,
  error,
  onSubmit,
  footer,
}: {
  setup: BuilderSetup;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onSubmit: (lineup: string[]) => void;
  footer?: ReactNode;
}) {
  const players = useQuery(fantasyQueries.fantasyPlayers(setup.sportId));
  /** Player id per roster slot (null = empty); the server returns lineups in slot order. */
  const initialSlots = () => setup.rosterPositions.map((_, i) => setup.initial?.[i] ?? null);
  const [slotIds, setSlotIds] = useState<(string | null)[]>(initialSlots);
  const [target, setTarget] = useState<number | null>(null);
  const [position, setPosition] = useState<string>(ALL_FILTER);
  const [search, setSearch] = useState("");

  // Start again when the builder is opened for another contest or lineup.
  const initialKey = `${setup.sportId}|${(setup.initial ?? []).join(",")}`;
  useEffect(() => {
    setSlotIds(initialSlots());
    setTarget(null);
    setPosition(ALL_FILTER);
    setSearch("");
  }, [initialKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const byId = useMemo(() => new Map((players.data ?? []).map((p) => [p.id, p])), [players.data]);
  const slots = slotIds.map((id) => (id === null ? null : (byId.get(id) ?? null)));
  const picks = picksOf(slots);
  const pickIds = picks.map((p) => p.id);
  const view = lineupView(setup.rosterPositions, setup.salaryCap, slots);
  const filters = poolFilters(setup.rosterPositions, players.data ?? []);
  const allowed = filters.find((f) => f.value === position)?.positions ?? null;
  const needle = search.trim().toLowerCase();
  const pool = (players.data ?? [])
    .filter((p) => allowed === null || allowed.includes(p.position))
    .filter((p) => !needle || p.name.toLowerCase().includes(needle) || p.team.toLowerCase().includes(needle))
    .sort((a, b) => b.salary - a.salary || a.name.localeCompare(b.name));

  const add = (p: FantasyPlayer) => {
    const next = placePlayer(setup.rosterPositions, slots, p, target);
    if (next) setSlotIds(next.map((x) => x?.id ?? null));
    setTarget(null);
  };
  const remove = (id: string) => setSlotIds((ids) => ids.map((x) => (x === id ? null : x)));
  const poolRef = useRef<HTMLElement>(null);
  const focusSlot = (slot: RosterSlot, index: number) => {
    setTarget(index);
    setPosition(filterForSlot(slot, filters));
    // On one-column layouts the player list sits below the lineup: bring it into view.
    if (window.matchMedia("(max-width: 1023.98px)").matches) poolRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
  };

  return (
    <div className="fx-builder" data-testid="lineup-builder">
      <section aria-labelledby="fx-roster-h">
        <Heading as="h2" size="2" id="fx-roster-h" mb="2">
          Your lineup
        </Heading>
        <div className="fx-cap" data-testid="salary-cap">
          <div>
            <Text as="div" size="1" color="gray">
              Salary cap
            </Text>
            <Text as="div" weight="bold" className="fx-num">
              {formatSalary(setup.salaryCap)}
            </Text>
          </div>
          <div>
            <Text as="div" size="1" color="gray">
              Used
            </Text>
            <Text as="div" weight="bold" className="fx-num" data-testid="salary-used">
              {formatSalary(view.salaryUsed)}
            </Text>
          </div>
          <div className={view.overCap ? "fx-cap--over" : undefined}>
            <Text as="div" size="1" color="gray">
              Remaining
            </Text>
            <Text as="div" weight="bold" className="fx-num" data-testid="salary-remaining">
              {view.remaining < 0 ? `-${formatSalary(-view.remaining)}` : formatSalary(view.remaining)}
            </Text>
          </div>
        </div>
        <ul className="fx-slots" aria-label="Roster slots">
          {view.slots.map(({ slot, player }, i) => (
            <li key={`${slot.slot}-${i}`} className={`fx-slot ${player ? "fx-slot--filled" : ""} ${target === i && !player ? "fx-slot--target" : ""}`} data-testid={`slot-${i}`}>
              <span className="fx-slot__pos" title={slot.eligible.length ? slot.eligible.join("/") : "Any position"}>
                {slot.slot}
              </span>
              {player ? (
                <>
                  <div className="fx-ellipsis">
                    <Text as="div" size="2" weight="medium" className="fx-ellipsis">
                      {player.name} <InjuryMark status={player.injuryStatus} />
                    </Text>
                    <Text as="div" size="1" color="gray">
                      {player.team} · {player.position} · {formatSalary(player.salary)} · {formatPoints(player.projectedPoints)} pts
                    </Text>
                  </div>
                  <IconButton size="2" variant="ghost" color="gray" onClick={() => remove(player.id)} aria-label={`Remove ${player.name}`}>
                    ×
                  </IconButton>
                </>
              ) : (
                <>
                  <Text size="2" color="gray">
                    {slot.eligible.length ? slot.eligible.join(" / ") : "Any position"}
                  </Text>
                  <Button size="1" variant="soft" onClick={() => focusSlot(slot, i)} aria-label={`Choose a player for ${slot.slot}`}>
                    Choose
                  </Button>
                </>
              )}
            </li>
          ))}
        </ul>
        <Flex justify="between" mt="2">
          <Text size="2" color="gray">
            Projected points
          </Text>
          <Text size="2" weight="bold" className="fx-num" data-testid="projected-total">
            {formatPoints(view.projected)}
          </Text>
        </Flex>
        {error && (
          <Callout.Root color="red" size="1" mt="3" role="alert" data-testid="builder-error">
            <Callout.Text>{error}</Callout.Text>
          </Callout.Root>
        )}
        {footer}
        <Button
          size="3"
          mt="3"
          style={{ width: "100%" }}
          disabled={!view.complete || pending}
          onClick={() => onSubmit(view.slots.map((s) => s.player!.id))}
          data-testid="submit-lineup"
        >
          {pending ? "Submitting..." : submitLabel}
        </Button>
        {!view.complete && (
          <Text as="p" size="1" color="gray" mt="1" align="center">
            {view.overCap
              ? "Over the salary cap: swap in cheaper players."
              : `Pick ${setup.rosterPositions.length - picks.length} more ${setup.rosterPositions.length - picks.length === 1 ? "player" : "players"}.`}
          </Text>
        )}
      </section>

      <section aria-labelledby="fx-pool-h" ref={poolRef}>
        <Flex justify="between" align="center" gap="2" mb="2" wrap="wrap">
          <Heading as="h2" size="2" id="fx-pool-h">
            Players
          </Heading>
          <TextField.Root size="2" placeholder="Search name or team" value={search} onChange={(e) => setSearch(e.target.value)} aria-label="Search players" />
        </Flex>
        <div className="fx-posfilter">
          <SegmentedControl.Root value={position} onValueChange={setPosition} size="2" aria-label="Position" data-testid="position-filter">
            {filters.map((f) => (
              <SegmentedControl.Item key={f.value} value={f.value}>
                {f.label}
              </SegmentedControl.Item>
            ))}
          </SegmentedControl.Root>
        </div>
        {players.isPending && (
          <Flex direction="column" gap="2">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} height="48px" />
            ))}
          </Flex>
        )}
        {players.isError && (
          <Callout.Root color="red" size="1">
            <Callout.Text>Players could not be loaded: {players.error.message}</Callout.Text>
          </Callout.Root>
        )}
        {players.data && pool.length === 0 && (
          <Text as="p" size="2" color="gray">
            No players match.
          </Text>
        )}
        {pool.length > 0 && (
          <ul className="fx-players" aria-label="Available players" data-testid="player-pool">
            {pool.map((p) => {
              const check = canAdd(setup.rosterPositions, setup.salaryCap, picks, p);
              const picked = pickIds.includes(p.id);
              return (
                <li key={p.id} className={`fx-player ${p.injuryStatus !== "healthy" ? "fx-player--injured" : ""}`} data-testid={`pool-player-${p.id}`}>
                  <div className="fx-ellipsis">
                    <Text as="div" size="2" weight="medium" className="fx-ellipsis">
                      {p.name} <InjuryMark status={p.injuryStatus} />
                    </Text>
                    <Text as="div" size="1" color="gray">
                      {p.team} · {p.position}
                    </Text>
                  </div>
                  <div className="fx-player__nums" style={{ textAlign: "right" }}>
                    <Text as="div" size="2" weight="bold" className="fx-num">
                      {formatSalary(p.salary)}
                    </Text>
                    <Text as="div" size="1" color="gray" className="fx-num">
                      {formatPoints(p.projectedPoints)} pts
                    </Text>
                  </div>
                  {picked ? (
                    <Button size="2" variant="soft" color="gray" className="fx-player__pick" onClick={() => remove(p.id)} aria-label={`Remove ${p.name}`}>
                      Remove
                    </Button>
                  ) : (
                    <Button
                      size="2"
                      variant={check.ok ? "solid" : "soft"}
                      color={check.ok ? undefined : "gray"}
                      // The accent's solid fill under white text is below 4.5:1; the high-contrast fill is not.
                      highContrast={check.ok}
                      className="fx-player__pick"
                      disabled={!check.ok}
                      onClick={() => add(p)}
                      aria-label={check.ok ? `Add ${p.name}` : `${p.name}: ${BLOCKED[check.reason]}`}
                      data-testid="add-player"
                    >
                      {check.ok ? "Add" : BLOCKED[check.reason]}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
