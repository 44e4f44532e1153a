import { describe as suite, expect, it } from "vitest";
import { csvField, describe, historyCsv, KINDS_FOR_FILTER, presentHistory } from "./history.ts";
import type { WalletHistoryItem } from "../ports/payments.ts";
import { TRANSACTION_KINDS } from "./ledger.ts";

const item = (o: Partial<WalletHistoryItem>): WalletHistoryItem => ({
  transactionId: "tx_1", kind: "deposit", amount: 9_680, balanceAfter: 9_680, createdAt: new Date("2026-11-21T10:00:00.000Z"),
  reference: "pay_1", payment: { method: "card", amount: 10_000, fee: 320, state: "completed", providerReference: null }, bet: null, ...o,
});

suite("transaction history", () => {
  it("every ledger kind except the operator's rake falls under exactly one filter", () => {
    const grouped = Object.entries(KINDS_FOR_FILTER).filter(([k]) => k !== "all").flatMap(([, v]) => v ?? []);
    expect(new Set(grouped).size).toBe(grouped.length);
    expect([...grouped].sort()).toEqual(TRANSACTION_KINDS.filter((k) => k !== "contest_rake").sort());
  });

  it("describes lines in plain words", () => {
    expect(describe(item({}))).toBe("Deposit by Credit/Debit Card (fee $3.20)");
    expect(describe(item({ payment: { method: "bank", amount: 5_000, fee: 0, state: "completed", providerReference: null } }))).toBe("Deposit by Bank Transfer");
    expect(describe(item({ kind: "withdrawal", amount: -5_000, payment: { method: "paypal", amount: 5_000, fee: 0, state: "completed", providerReference: null } }))).toBe("Withdrawal to PayPal");
    expect(presentHistory([item({ kind: "withdrawal", amount: -5_000, payment: { method: "card", amount: 5_000, fee: 0, state: "awaiting_approval", providerReference: null } })])[0].status)
      .toBe("awaiting_approval");
    expect(describe(item({ kind: "bet_stake", amount: -1_000, payment: null, bet: { selectionName: "Arsenal", eventName: "Arsenal vs Chelsea", legs: 1 } })))
      .toBe("Stake: Arsenal (Arsenal vs Chelsea)");
    expect(describe(item({ kind: "cash_out", amount: 1_500, payment: null, bet: { selectionName: "x", eventName: "y", legs: 3 } }))).toBe("Cash out: 3-leg bet");
  });
});

suite("CSV export", () => {
  it("quotes fields with commas, quotes and line breaks, doubling quotes", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField(null)).toBe("");
  });

  it("defuses text cells a spreadsheet would run as a formula, but not numbers", () => {
    expect(csvField("=HYPERLINK(1)", { text: true })).toBe("'=HYPERLINK(1)");
    expect(csvField("-12.50")).toBe("-12.50");
  });

  it("writes a header and one CRLF line per transaction with money as decimals", () => {
    const csv = historyCsv(presentHistory([
      item({}),
      item({ transactionId: "tx_2", kind: "bet_stake", amount: -1_050, balanceAfter: 8_630, payment: null, reference: "bet_1",
        bet: { selectionName: 'Team "A", United', eventName: "A vs B", legs: 1 } }),
    ]));
    expect(csv.split("\r\n")).toEqual([
      "Date,Type,Description,Amount,Balance After,Reference,Status,Transaction ID",
      "2026-11-21T10:00:00.000Z,deposit,Deposit by Credit/Debit Card (fee $3.20),96.80,96.80,pay_1,completed,tx_1",
      '2026-11-21T10:00:00.000Z,bet_stake,"Stake: Team ""A"", United (A vs B)",-10.50,86.30,bet_1,completed,tx_2',
      "",
    ]);
  });
});
