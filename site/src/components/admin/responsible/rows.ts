/** The operators' Responsible Gambling lists as rows of customer, since and detail (site only; data from GET /api/admin/responsible). */
import type { RgOverview } from "../../../../../api/schemas/rg-admin.ts";
import { formatMoney } from "../../../lib/format.ts";
import { formatLocal } from "../../../lib/local-time.ts";

export type Customer = { userId: string; email: string; firstName: string; lastName: string };
export type Row = Customer & { since: string | null; detail: string; badge?: string };
const HARM_LABEL: Record<RgOverview["harm"][number]["marker"], { title: string; hint: string }> = {
  deposits_rising: { title: "Deposits rising fast", hint: "Last 7 days at least double the 7 before, and at least $100" },
  losses_rising: { title: "Losses rising fast", hint: "Net losses in the last 7 days at least double the 7 before, and at least $100" },
  night_play: { title: "Night-time play", hint: "3 or more bets between 00:00 and 05:59 UTC in 30 days, at least 30% of the bets" },
  reversed_withdrawals: { title: "Reversed or failed withdrawals", hint: "A withdrawal sent back in the last 30 days" },
};

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const nameOf = (c: { firstName: string; lastName: string; email: string }) => `${c.firstName} ${c.lastName}`.trim() || c.email;
export const when = (iso: string | null) => (iso ? formatLocal(iso) : "—");
const inherited = (yes: boolean) => (yes ? " · inherited from another account of the same person" : "");

/** Each list of the overview as rows of name, since and detail. */
export function overviewRows(o: RgOverview) {
  return {
    exclusions: o.exclusions.map<Row>((e) => ({
      ...e,
      since: e.startedAt,
      badge: e.stage === "period" ? (e.until ? "In period" : "Permanent") : e.stage === "awaiting_return" ? "Awaiting return" : "Cooling off",
      detail:
        (e.stage === "period"
          ? e.until
            ? `Until ${when(e.until)}`
            : "Permanent"
          : e.stage === "awaiting_return"
            ? `Period ended ${when(e.until)}; closed until the customer asks to return`
            : `Asked to return; access from ${when(e.returnAccessAt)}`) + inherited(e.inherited),
    })),
    timeouts: o.timeouts.map<Row>((t) => ({
      ...t,
      since: t.startedAt,
      detail: `Until ${when(t.until)}${t.reason ? ` · ${t.reason}` : ""}${inherited(t.inherited)}`,
    })),
    activeLimits: o.activeLimits.map<Row>((l) => ({
      ...l,
      detail: l.limits.map((x) => `${cap(x.type)} ${x.period} ${formatMoney(x.amount)}`).join(", "),
    })),
    pendingIncreases: o.pendingIncreases.map<Row>((p) => ({
      ...p,
      since: p.requestedAt,
      detail: `${cap(p.type)} ${p.period}: ${p.from === null ? "none" : formatMoney(p.from)} → ${p.to === null ? "removed" : formatMoney(p.to)} from ${when(p.effectiveAt)}`,
    })),
    realityChecks: o.realityChecks.map<Row>((r) => ({
      ...r,
      since: r.lastBreakAt,
      detail: `Reminder every ${r.minutes} min · ${r.breaks} break${r.breaks === 1 ? "" : "s"} taken`,
    })),
    harm: o.harm.map((h) => ({ marker: h.marker, ...HARM_LABEL[h.marker], rows: h.customers.map<Row>((c) => ({ ...c })) })),
  };
}

