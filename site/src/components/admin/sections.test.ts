import { describe, expect, it } from "vitest";
import { initialSection, MENU_SECTIONS } from "./sections.ts";

describe("admin console sections, their order and the tabs honoured at load", () => {
  it("has the 14 menu sections in order with their descriptions; users is not in the menu", () => {
    expect(MENU_SECTIONS.map((s) => `${s.id}:${s.description}`)).toEqual([
      "dashboard:Overview & Analytics",
      "trading:Odds Management",
      "live:Live In-Play Management",
      "bet-builder:Custom Bet Management",
      "risk:Risk & Exposure Control",
      "customers:Customer Intelligence",
      "payments:Payment Integration",
      "ai:AI-Powered Insights",
      "responsible:Player Protection",
      "social:Community Management",
      "mobile:Mobile Experience",
      "fraud:Security Monitoring",
      "fantasy:Fantasy Management",
      "tasks:Task Management",
    ]);
    expect(MENU_SECTIONS.some((s) => s.id === "users")).toBe(false);
  });

  it("accepts ?tab= at load only for dashboard, trading, users, fraud, fantasy, tasks", () => {
    for (const t of ["dashboard", "trading", "users", "fraud", "fantasy", "tasks"]) expect(initialSection(`?tab=${t}`)).toBe(t);
    for (const t of ["risk", "live", "payments", "ai", "bet-builder", "", "USERS"]) expect(initialSection(`?tab=${t}`)).toBe("dashboard");
    expect(initialSection("")).toBe("dashboard");
  });
});

describe("menuSectionsFor", () => {
  it("gives an administrator every section and a trader none that is for administrators only", async () => {
    const { menuSectionsFor, ADMIN_ONLY } = await import("./sections.ts");
    expect(menuSectionsFor("admin")).toEqual(MENU_SECTIONS);
    const trader = menuSectionsFor("trader").map((s) => s.id);
    expect(trader).toEqual(["dashboard", "trading", "live", "bet-builder", "risk", "ai", "social", "mobile", "fantasy"]);
    expect(trader.some((id) => ADMIN_ONLY.has(id))).toBe(false);
  });
});
