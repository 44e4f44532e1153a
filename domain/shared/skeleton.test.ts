import { describe, expect, it } from "vitest";
import { codeForm, nameForms, sameName, skeleton } from "./skeleton.ts";

describe("skeleton (UTS #39)", () => {
  it("maps look-alikes of other scripts to their Latin prototype", () => {
    expect(skeleton("\u0430\u0435\u043e\u0440\u0441")).toBe(skeleton("aeopc")); // Cyrillic а е о р с
    expect(skeleton("\u0391")).toBe("A"); // Greek capital alpha
    expect(skeleton("m")).toBe("rn");
  });
});

describe("nameForms and sameName", () => {
  it("the cases of the report: Cyrillic Е, а, о and Ѕ are the Latin letters", () => {
    expect(sameName("James Exclusion", "James \u0415xclusion")).toBe(true);
    expect(sameName("Gamstop", "G\u0430mstop")).toBe(true);
    expect(sameName("Gamstop", "Gamst\u043ep")).toBe(true);
    expect(sameName("Welcome", "W\u0435lcom\u0435")).toBe(true);
    expect(sameName("Selma", "\u0405elma")).toBe(true);
  });

  it("capitals that look Latin only in upper case, fullwidth, Greek and m/rn", () => {
    expect(sameName("Bob", "\u0412ob")).toBe(true); // Cyrillic В
    expect(sameName("Helen", "\u041delen")).toBe(true); // Cyrillic Н
    expect(sameName("Helen", "\u0397elen")).toBe(true); // Greek Η
    expect(sameName("john", "\uff2a\uff4f\uff48\uff4e")).toBe(true); // fullwidth
    expect(sameName("victor", "\u03bdictor")).toBe(true); // Greek ν
    expect(sameName("Smith", "Srnith")).toBe(true);
    expect(sameName("Ivan", "lvan")).toBe(true);
  });

  it("ignores case, accents, spaces and punctuation as before", () => {
    expect(sameName("Zoë", "ZOE")).toBe(true);
    expect(sameName("O'Brien", "obrien")).toBe(true);
    expect(sameName("Anne-Marie", "Anne Marie")).toBe(true);
  });

  it("keeps the letters of other scripts: no name collapses to an empty key, and different names differ", () => {
    for (const name of ["Иван", "Петров", "محمد", "李小龍", "יעל", "Ωμέγα", "---"]) {
      const f = nameForms(name);
      expect(f.lower.length, name).toBeGreaterThan(0);
      expect(f.upper.length, name).toBeGreaterThan(0);
    }
    expect(sameName("Иван", "Олег")).toBe(false);
    expect(sameName("Иван", "ИВАН")).toBe(true);
    expect(sameName("محمد", "أحمد")).toBe(false);
    expect(sameName("Nick", "Vick")).toBe(false);
    expect(sameName("James", "Jane")).toBe(false);
  });
});

describe("codeForm", () => {
  it("compares codes in capitals, look-alikes folded, spaces dropped", () => {
    expect(codeForm("ab 123456")).toBe(codeForm("\u0410\u0412123456")); // Cyrillic А В
    expect(codeForm("sw1a 1aa")).toBe(codeForm("SW1A1AA"));
    expect(codeForm("AB1O1")).toBe(codeForm("AB101"));
  });
});
