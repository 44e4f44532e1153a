import { describe, expect, it } from "vitest";
import { centsCell, csvCell, csvFilename, toCsv } from "./csv.ts";

describe("csv export", () => {
  it("writes cents as decimal units", () => {
    expect(centsCell(123456)).toBe("1234.56");
    expect(centsCell(5)).toBe("0.05");
    expect(centsCell(-6875)).toBe("-68.75");
    expect(centsCell(null)).toBe("");
  });

  it("quotes text, escapes quotes and neutralises formulas", () => {
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("=SUM(A1)")).toBe(`"'=SUM(A1)"`);
    expect(csvCell("-12.5")).toBe("-12.5");
    expect(csvCell(42)).toBe("42");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(undefined)).toBe("");
  });

  it("builds a header and one line per row", () => {
    const csv = toCsv<{ a: string; b: number }>(
      [
        ["name", (r) => r.a],
        ["amount", (r) => centsCell(r.b)],
      ],
      [
        { a: "x", b: 100 },
        { a: "y, z", b: 250 },
      ],
    );
    expect(csv).toBe('"name","amount"\r\n"x",1.00\r\n"y, z",2.50\r\n');
  });

  it("names files after the report and the minute", () => {
    expect(csvFilename("odds", new Date(2026, 10, 21, 9, 5))).toBe("odds-2026-11-21-0905.csv");
  });
});
