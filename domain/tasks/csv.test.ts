import { describe, expect, it } from "vitest";
import { centsText, csvCell, toCsv } from "./csv.ts";

describe("csv", () => {
  it("quotes fields with commas, quotes and line breaks", () => {
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("plain")).toBe("plain");
  });
  it("defuses spreadsheet formulas in text but not numbers", () => {
    expect(csvCell("=SUM(A1)")).toBe("'=SUM(A1)");
    expect(csvCell("@x")).toBe("'@x");
    expect(csvCell(-5)).toBe("-5");
    expect(csvCell("-520.00")).toBe("-520.00");
    expect(csvCell("-1+1")).toBe("'-1+1");
    expect(csvCell(null)).toBe("");
  });
  it("builds rows with CRLF", () => {
    expect(toCsv(["a", "b"], [[1, "x"], [2, null]])).toBe("a,b\r\n1,x\r\n2,\r\n");
  });
  it("formats cents", () => {
    expect(centsText(12345)).toBe("123.45");
    expect(centsText(-5)).toBe("-0.05");
    expect(centsText(0)).toBe("0.00");
  });
});
