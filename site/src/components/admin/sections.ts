/** The admin console's sections, in the product spec's menu order. */
export type SectionId =
  | "dashboard" | "trading" | "live" | "bet-builder" | "risk" | "customers" | "payments"
  | "ai" | "responsible" | "social" | "mobile" | "fraud" | "fantasy" | "tasks" | "users";

export type Section = { id: SectionId; label: string; description: string };

/** Sections whose every call is for administrators (the server refuses a trader too). */
export const ADMIN_ONLY: ReadonlySet<SectionId> = new Set(["customers", "payments", "responsible", "fraud", "tasks", "users"]);

/** The 14 menu sections, in menu order. */
export const MENU_SECTIONS: readonly Section[] = [
  { id: "dashboard", label: "Dashboard", description: "Overview & Analytics" },
  { id: "trading", label: "Trading Desk", description: "Odds Management" },
  { id: "live", label: "Live Betting", description: "Live In-Play Management" },
  { id: "bet-builder", label: "Bet Builder", description: "Custom Bet Management" },
  { id: "risk", label: "Risk Management", description: "Risk & Exposure Control" },
  { id: "customers", label: "Customers", description: "Customer Intelligence" },
  { id: "payments", label: "Payments", description: "Payment Integration" },
  { id: "ai", label: "AI Insights", description: "AI-Powered Insights" },
  { id: "responsible", label: "Responsible Gambling", description: "Player Protection" },
  { id: "social", label: "Community", description: "Community Management" },
  { id: "mobile", label: "Mobile", description: "Mobile Experience" },
  { id: "fraud", label: "Risk & Fraud", description: "Security Monitoring" },
  { id: "fantasy", label: "Fantasy Sports", description: "Fantasy Management" },
  { id: "tasks", label: "Tasks", description: "Task Management" },
];

/** The menu a role sees: a trader is not offered sections that would only say "for administrators". */
export const menuSectionsFor = (role: string): readonly Section[] =>
  role === "admin" ? MENU_SECTIONS : MENU_SECTIONS.filter((s) => !ADMIN_ONLY.has(s.id));

/** Only these values of ?tab= are honoured at load (the product spec's validation rules: any other tab opens the dashboard). */
const INITIAL_TABS: readonly SectionId[] = ["dashboard", "trading", "users", "fraud", "fantasy", "tasks"];

export function initialSection(search: string): SectionId {
  const tab = new URLSearchParams(search).get("tab");
  return INITIAL_TABS.find((t) => t === tab) ?? "dashboard";
}
