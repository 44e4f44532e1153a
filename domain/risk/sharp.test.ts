import { describe, expect, it } from "vitest";
import { closingLineValue, sharpLevel, sharpScore, summarizeBettor, type BettorBet } from "./sharp.ts";

const bet = (status: BettorBet["status"], stake: number, actualReturn: number | null, placed: number, closing: number | null): BettorBet => ({
  stake, status, actualReturn, placedAt: new Date("2026-11-20T10:00:00Z"), legs: [{ placedMilli: placed, closingMilli: closing }],
});

describe("closing-line value", () => {
  it("is the mean of placed / closing - 1 over legs with a closing price", () => {
    expect(closingLineValue([{ placedMilli: 2200, closingMilli: 2000 }, { placedMilli: 1900, closingMilli: 2000 }])).toBe(2.5);
    expect(closingLineValue([{ placedMilli: 2000, closingMilli: null }])).toBe(0);
    expect(closingLineValue([])).toBe(0);
  });
});

describe("sharp score", () => {
  it("adds CLV (4 per %, up to 40), win rate over 50 (up to 30) and ROI (up to 30), scaled by volume", () => {
    expect(sharpScore({ clv: 10, winRate: 80, roi: 30, totalBets: 10, decidedBets: 10 })).toBe(100);
    expect(sharpScore({ clv: 25, winRate: 100, roi: 300, totalBets: 50, decidedBets: 50 })).toBe(100);
    expect(sharpScore({ clv: 5, winRate: 60, roi: 10, totalBets: 10, decidedBets: 10 })).toBe(40);
    expect(sharpScore({ clv: 5, winRate: 60, roi: 10, totalBets: 5, decidedBets: 5 })).toBe(20);
    expect(sharpScore({ clv: -3, winRate: 30, roi: -50, totalBets: 40, decidedBets: 40 })).toBe(0);
    expect(sharpScore({ clv: 0, winRate: 0, roi: 0, totalBets: 10, decidedBets: 0 })).toBe(0);
  });

  it("levels: >= 80 critical, >= 60 high, >= 40 medium", () => {
    expect([85, 80, 65, 60, 45, 40, 10].map(sharpLevel)).toEqual(["critical", "critical", "high", "high", "medium", "medium", "low"]);
  });

  it("summarises a bettor from their bets", () => {
    const bets = [
      ...Array.from({ length: 8 }, () => bet("won", 10_000, 22_000, 2200, 2000)),
      bet("lost", 10_000, 0, 2200, 2000),
      bet("pending", 10_000, null, 2200, 2000),
      bet("void", 10_000, 10_000, 2000, 2000),
    ];
    const s = summarizeBettor(bets);
    expect(s.totalBets).toBe(11);
    expect(s.settledBets).toBe(10);
    expect(s.won).toBe(8);
    expect(s.winRate).toBe(88.89);
    expect(s.profit).toBe(8 * 12_000 - 10_000);
    expect(s.roi).toBe(86);
    expect(s.clv).toBe(9.09); // (10 x 10 % + 0) / 11
    expect(s.avgStake).toBe(10_000);
    expect(s.sharpScore).toBe(Math.round(4 * 9.09 + 30 + 30));
    expect(s.riskLevel).toBe("critical");
  });

  it("a losing bettor who takes worse prices than the close scores 0", () => {
    const s = summarizeBettor(Array.from({ length: 12 }, (_, i) => bet(i % 3 === 0 ? "won" : "lost", 5_000, i % 3 === 0 ? 9_000 : 0, 1800, 2000)));
    expect(s.clv).toBe(-10);
    expect(s.sharpScore).toBe(0);
    expect(s.riskLevel).toBe("low");
  });
});
