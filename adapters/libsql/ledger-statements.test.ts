import { describe, expect, it } from "vitest";
import { debitsFirst, ledgerStatements } from "./ledger-statements.ts";

describe("ledgerStatements", () => {
  it("writes every debit before every credit, keeping each group's order, so the running sum reaches 0 only at the last posting", () => {
    const postings = [
      { accountId: "a", amount: -100 },
      { accountId: "b", amount: 100 },
      { accountId: "c", amount: -40 },
      { accountId: "d", amount: 40 },
    ];
    expect(debitsFirst(postings).map((p) => p.accountId)).toEqual(["a", "c", "b", "d"]);
    const rows = ledgerStatements({ id: "t", kind: "adjustment", reference: null, createdAt: new Date(0), createdBy: null, postings });
    expect(rows).toHaveLength(2);
    const args = (rows[1] as { args: unknown[] }).args;
    const amounts = args.filter((_, i) => i % 4 === 2) as number[];
    expect(amounts).toEqual([-100, -40, 100, 40]);
    const running = amounts.map((_, i) => amounts.slice(0, i + 1).reduce((s, x) => s + x, 0));
    expect(running.slice(0, -1).every((s) => s < 0)).toBe(true);
    expect(running.at(-1)).toBe(0);
  });

  it("splits many postings into statements of at most 500 rows, in the same order", () => {
    const postings = [...Array.from({ length: 700 }, () => ({ accountId: "x", amount: 1 })), { accountId: "y", amount: -700 }];
    const rows = ledgerStatements({ id: "t", kind: "adjustment", reference: null, createdAt: new Date(0), createdBy: null, postings });
    expect(rows).toHaveLength(3);
    expect((rows[1] as { args: unknown[] }).args.slice(0, 4)).toEqual(["t", "y", -700, 0]);
  });
});
