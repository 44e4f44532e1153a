/** Status and injury badges for the fantasy tables. */
import { Badge } from "@radix-ui/themes";
import type { FantasyContestStatus, FantasyLeagueStatus, FantasySportStatus, InjuryStatus } from "../../../../../api/schemas/fantasy.ts";

type Color = "green" | "gray" | "blue" | "amber" | "red" | "orange" | "crimson" | "cyan";

const STATUS_COLOR: Record<FantasySportStatus | FantasyLeagueStatus | FantasyContestStatus, Color> = {
  active: "green",
  inactive: "gray",
  completed: "gray",
  upcoming: "blue",
  open: "green",
  locked: "amber",
  live: "red",
  settled: "gray",
  cancelled: "crimson",
};

export function FantasyStatusBadge({ status }: { status: FantasySportStatus | FantasyLeagueStatus | FantasyContestStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant={status === "live" ? "solid" : "soft"} className="adm-status" data-testid="status-badge">
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  );
}

const INJURY_COLOR: Record<InjuryStatus, Color> = { healthy: "green", questionable: "amber", doubtful: "orange", out: "red" };

export function InjuryBadge({ status }: { status: InjuryStatus }) {
  return (
    <Badge color={INJURY_COLOR[status]} variant="soft" className="adm-status">
      {status.charAt(0).toUpperCase() + status.slice(1)}
    </Badge>
  );
}
