/**
 * Comparing names as they look, not as they are encoded (Unicode UTS #39, "Confusable Detection").
 * A Cyrillic "е" in "Jamеs" is a different character from the Latin "e" but the same on every
 * screen; a key built from the characters themselves lets the look-alike through as a new person.
 *
 * `skeleton` is UTS #39's: NFD, every character replaced by its prototype from confusables.txt,
 * NFD again. `nameForms` gives the two case-insensitive forms a name is compared in:
 *   - lower: NFKC, case folded, skeleton. Catches what looks alike in lower case ("а", "е", "о", "р",
 *     "ѕ", "і", "ј", "һ", Greek "ν", "ο"; "m" and "rn"; fullwidth letters through NFKC);
 *   - upper: NFKC, upper-cased, skeleton. Catches capitals that look Latin only in upper case
 *     (Cyrillic "В", "Н", "М", "Т", "К"; Greek "Η", "Ν", "Υ") and "I" beside "l".
 * Two names are the same when either form is equal. Each form is then lower-cased, loses the
 * combining accents of U+0300-U+036F (as before: "Zoë" is "Zoe") and everything that is not a
 * letter, mark or digit (spaces, hyphens, apostrophes). Letters of other scripts stay: an
 * all-Cyrillic or Arabic name keeps its letters and never collapses to an empty key.
 */
import { CONFUSABLES } from "./confusables-data.ts";

export function skeleton(s: string): string {
  let out = "";
  for (const ch of s.normalize("NFD")) out += CONFUSABLES[ch] ?? ch;
  return out.normalize("NFD");
}

/** Full case folding as far as JavaScript offers it: "ß" to "ss", final sigma to sigma. */
const fold = (s: string) => s.toUpperCase().toLowerCase();
const ACCENTS = /[\u0300-\u036f]/g;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{M}\p{N}]/gu;
const tidy = (s: string) => s.toLowerCase().normalize("NFD").replace(ACCENTS, "").replace(NOT_LETTER_OR_DIGIT, "");

export interface NameForms {
  lower: string;
  upper: string;
}

export function nameForms(name: string): NameForms {
  const nfkc = name.normalize("NFKC");
  const lower = tidy(skeleton(fold(nfkc)));
  const upper = tidy(skeleton(nfkc.toUpperCase()));
  // A name of symbols only would have no letters left: keep it as written rather than "".
  if (!lower || !upper) {
    const plain = fold(nfkc).replace(/\s+/gu, "");
    return { lower: lower || plain, upper: upper || plain };
  }
  return { lower, upper };
}

/** Whether two names look the same (either form equal). */
export const sameName = (a: string, b: string): boolean => {
  const x = nameForms(a);
  const y = nameForms(b);
  return x.lower === y.lower || x.upper === y.upper;
};

/**
 * A code (document number, postcode) as it looks, in its upper-case form (codes are written in
 * capitals): letters and digits of any script, upper-cased. "0" and "O", "1" and "I" are one.
 */
export const codeForm = (s: string): string => tidy(skeleton(s.normalize("NFKC").toUpperCase())).toUpperCase();
