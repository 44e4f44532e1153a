import { ADMISSION_RULES, type WriteGuard, type WriteRefusal } from "../../domain/betting/placement/admission-rules.ts";
import { ASSERTION_FAILED } from "./statements.ts";

/**
 * The placement write's refusals, read off the admission rules' guards (domain/betting/placement/
 * admission-rules.ts): a trigger's RAISE text, a named CHECK, a table's key, or a failed assertion
 * of the write. A posting to a wallet that does not exist may also fail its foreign key.
 */
const REFUSAL_BY_ERROR = new Map<string, WriteRefusal>(
  Object.values(ADMISSION_RULES).flatMap((rule): [string, WriteRefusal][] => {
    if (!("refusal" in rule)) return [];
    const g: WriteGuard = rule.guard;
    if (g.kind === "trigger") return [[g.raise, rule.refusal]];
    if (g.kind === "check") return [[`CHECK constraint failed: ${g.name}`, rule.refusal]];
    if (g.kind === "unique") return [[`UNIQUE constraint failed: ${g.table}`, rule.refusal]];
    if (g.kind === "assertion") return [[ASSERTION_FAILED, rule.refusal]];
    return [];
  }),
);

/** The refusal a constraint text stands for (a UNIQUE failure names the table then its columns), or null for a bug. */
export function writeRefusalOf(c: string): WriteRefusal | null {
  if (c === "FOREIGN KEY constraint failed") return "no_wallet";
  const unique = /^UNIQUE constraint failed: (\w+)\./.exec(c);
  return REFUSAL_BY_ERROR.get(unique ? `UNIQUE constraint failed: ${unique[1]}` : c) ?? null;
}
