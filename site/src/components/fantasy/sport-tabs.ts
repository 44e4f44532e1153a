/**
 * The lobby's sport tabs, from the contests taking entries: FEATURED (every sport) and one tab per
 * sport that has an open contest the customer can see. A sport with no contests gets no tab, so a
 * tab never opens on an empty list (the spec's fixed list of eight left NBA and soccer, the sports
 * the contests are in, reachable only under FEATURED).
 */
import type { FantasyContest } from "../../../../api/schemas/fantasy.ts";

export const FEATURED = "featured";

type SportTabItem = { value: string; label: string; testId: string };

type Listable = Pick<FantasyContest, "isPrivate" | "entered" | "inviteCode">;

/** Private contests are listed only to their creator and entrants; others join with the code. */
export const listed = (c: Listable) => !c.isPrivate || c.entered || c.inviteCode !== null;

/** A tab's test id from the sport's name: "Soccer" -> tab-soccer, "Aussie Rules" -> tab-aussie-rules. */
const testIdFor = (name: string) => `tab-${name.trim().toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "")}`;

/** FEATURED, then the sports with the most open contests first (ties by name). */
export function sportTabsFor(contests: readonly (Pick<FantasyContest, "sportId" | "sportName"> & Listable)[]): SportTabItem[] {
  const sports = new Map<string, { name: string; count: number }>();
  for (const c of contests) {
    if (!listed(c)) continue;
    const s = sports.get(c.sportId) ?? { name: c.sportName.trim(), count: 0 };
    s.count += 1;
    sports.set(c.sportId, s);
  }
  const ordered = [...sports.entries()].sort(([, a], [, b]) => b.count - a.count || a.name.localeCompare(b.name));
  return [
    { value: FEATURED, label: "FEATURED", testId: "tab-featured" },
    ...ordered.map(([id, s]) => ({ value: id, label: s.name.toUpperCase(), testId: testIdFor(s.name) })),
  ];
}

/** A sport tab shows that sport's contests; FEATURED shows every sport. */
export const contestInTab = (c: Pick<FantasyContest, "sportId">, tab: string) => tab === FEATURED || c.sportId === tab;

/** The tab to show: the one chosen while it still has contests, else FEATURED. */
export const shownTab = (tabs: readonly SportTabItem[], chosen: string) => (tabs.some((t) => t.value === chosen) ? chosen : FEATURED);
