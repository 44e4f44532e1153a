/** Status and risk badges shared by the dashboard tables. */
import { Badge } from "@radix-ui/themes";
import type { AdminBet, BetStatus } from "../../../../api/schemas/bets.ts";
import type { EventStatus } from "../../../../api/schemas/events.ts";

type BadgeColor = "blue" | "red" | "gray" | "amber" | "green" | "yellow" | "orange" | "crimson";

const EVENT_COLOR: Record<EventStatus, BadgeColor> = { upcoming: "blue", live: "red", finished: "gray" };
const EVENT_LABEL: Record<EventStatus, string> = { upcoming: "Upcoming", live: "Live", finished: "Finished" };

export function EventStatusBadge({ status }: { status: EventStatus }) {
  return (
    <Badge color={EVENT_COLOR[status]} variant={status === "live" ? "solid" : "soft"} className="adm-status">
      {status === "live" && <span className="adm-live-dot" aria-hidden="true" />}
      {EVENT_LABEL[status]}
    </Badge>
  );
}

const BET_COLOR: Record<BetStatus, BadgeColor> = { pending: "amber", won: "green", lost: "red", void: "gray", cashed_out: "blue" };
const BET_LABEL: Record<BetStatus, string> = { pending: "Pending", won: "Won", lost: "Lost", void: "Void", cashed_out: "Cashed out" };

export function BetStatusBadge({ status }: { status: BetStatus }) {
  return (
    <Badge color={BET_COLOR[status]} variant="soft" className="adm-status">
      {BET_LABEL[status]}
    </Badge>
  );
}

type RiskLevel = AdminBet["riskProfile"]["riskLevel"];
const RISK_COLOR: Record<RiskLevel, BadgeColor> = { low: "green", medium: "yellow", high: "orange", critical: "red" };
const RISK_LABEL: Record<RiskLevel, string> = { low: "Low", medium: "Medium", high: "High", critical: "Critical" };

export function RiskBadge({ profile }: { profile: AdminBet["riskProfile"] }) {
  return (
    <Badge
      color={RISK_COLOR[profile.riskLevel]}
      variant={profile.riskLevel === "critical" ? "solid" : "soft"}
      className="adm-status"
      title={`Fraud score ${profile.riskScore} of 100`}
    >
      {RISK_LABEL[profile.riskLevel]} · {profile.riskScore}
    </Badge>
  );
}

const KYC_COLOR = { verified: "green", pending: "amber", rejected: "red" } as const;
const KYC_LABEL = { verified: "Verified", pending: "Pending", rejected: "Rejected" } as const;

/** KYC display mapping of the product spec: full shown as verified, basic as pending, else rejected. */
export function KycBadge({ status }: { status: "verified" | "pending" | "rejected" }) {
  return (
    <Badge color={KYC_COLOR[status]} variant="soft" className="adm-status">
      KYC {KYC_LABEL[status]}
    </Badge>
  );
}
