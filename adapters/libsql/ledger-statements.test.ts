import { describe, expect, it } from "vitest";
import { ledgerManyStatements, ledgerStatements } from "./ledger-statements.ts";

describe("ledgerStatements", () => {
  it("declares the number of postings on the transaction row and writes them in the domain's order", () => {
    const postings = [
      { accountId: "payments", amount: -25000 },
      { accountId: "wallet:u", amount: 25000 },
      { accountId: "wallet:u", amount: -755 },
      { accountId: "house", amount: 755 },
    ];
    const rows = ledgerStatements({ id: "t", kind: "deposit", reference: null, createdAt: new Date(0), createdBy: null, postings }) as { sql: string; args: unknown[] }[];
    expect(rows).toHaveLength(2);
    expect(rows[0].sql).toContain("posting_count");
    expect(rows[0].args).toEqual(["t", "deposit", null, 0, null, 4]);
    expect(rows[1].args.filter((_, i) => i % 4 === 2)).toEqual([-25000, 25000, -755, 755]);
  });

  it("splits many postings into statements of at most 500 rows, in the same order", () => {
    const postings = [...Array.from({ length: 700 }, () => ({ accountId: "x", amount: 1 })), { accountId: "y", amount: -700 }];
    const rows = ledgerStatements({ id: "t", kind: "adjustment", reference: null, createdAt: new Date(0), createdBy: null, postings }) as { args: unknown[] }[];
    expect(rows).toHaveLength(3);
    expect(rows[0].args.at(-1)).toBe(701);
    expect(rows[1].args.slice(0, 4)).toEqual(["t", "x", 1, 0]);
    expect(rows[2].args.slice(-4)).toEqual(["t", "y", -700, 0]);
  });
});

describe("ledgerManyStatements", () => {
  it("opens every transaction with its number of postings, then writes every posting in order, transaction by transaction", () => {
    const tx = (id: string, amount: number) => ({
      id, kind: "bet_payout" as const, reference: `b_${id}`, createdAt: new Date(5), createdBy: "adm",
      postings: [{ accountId: "house", amount: -amount }, { accountId: `wallet:${id}`, amount }],
    });
    const [open, post] = ledgerManyStatements([tx("a", 100), tx("b", 250)]) as { sql: string; args: string[] }[];
    expect(JSON.parse(open.args[0])).toEqual([["a", "bet_payout", "b_a", 5, "adm", 2], ["b", "bet_payout", "b_b", 5, "adm", 2]]);
    expect(JSON.parse(post.args[0])).toEqual([["a", "house", -100, 5], ["a", "wallet:a", 100, 5], ["b", "house", -250, 5], ["b", "wallet:b", 250, 5]]);
    expect(ledgerManyStatements([])).toEqual([]);
  });
});
