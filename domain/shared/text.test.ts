import { describe, expect, it } from "vitest";
import { unsafeCharacter } from "./text.ts";

describe("unsafeCharacter", () => {
  it("accepts ordinary names and text in any script, with accents, apostrophes, emoji and joiners", () => {
    for (const s of ["Jack O'Neill", "Zoë Saldaña", "محمد", "יעל", "李小龍", "Ørsted-Ålesund", "👩‍👩‍👧 family", "क्‍ष"]) {
      expect(unsafeCharacter(s, "line"), s).toBeNull();
      expect(unsafeCharacter(s, "text"), s).toBeNull();
    }
  });

  it("refuses bidirectional overrides, embeddings, isolates and marks in both kinds", () => {
    for (const c of ["\u202e", "\u202d", "\u202a", "\u202b", "\u202c", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f", "\u061c"]) {
      const code = `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
      expect(unsafeCharacter(`Jo${c}nhoj`, "line")).toBe(code);
      expect(unsafeCharacter(`Jo${c}nhoj`, "text")).toBe(code);
    }
  });

  it("refuses every format character but the two joiners, and the Hangul fillers, in both kinds", () => {
    const invisible = ["\u200b", "\ufeff", "\u2060", "\u00ad", "\u2061", "\u180e", "\u{E0041}", "\u{E0001}", "\u3164", "\uffa0", "\u115f", "\u1160"];
    for (const c of invisible) {
      const code = `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`;
      expect(unsafeCharacter(`Ja${c}mes`, "line")).toBe(code);
      expect(unsafeCharacter(`Ja${c}mes`, "text")).toBe(code);
    }
    expect(unsafeCharacter("a\u200cb\u200dc", "line")).toBeNull();
  });

  it("refuses C0/C1 controls, DEL and the Unicode line separators", () => {
    for (const c of ["\u0000", "\u0007", "\u001b", "\u007f", "\u0085", "\u009b", "\u2028", "\u2029", "\u000b", "\u000c"]) {
      expect(unsafeCharacter(`a${c}b`, "line")).not.toBeNull();
      expect(unsafeCharacter(`a${c}b`, "text")).not.toBeNull();
    }
  });

  it("lets free text keep tab, line feed and carriage return, but not a single-line value", () => {
    for (const c of ["\t", "\n", "\r"]) {
      expect(unsafeCharacter(`first${c}second`, "text")).toBeNull();
      expect(unsafeCharacter(`first${c}second`, "line")).not.toBeNull();
    }
  });
});
