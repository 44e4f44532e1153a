/**
 * What "Set Finished" says before it acts (PATCH /api/admin/events/{id}): finishing, or a final
 * score, before the event's start time needs an override with a reason (the server refuses it
 * without one, SETTLE.EVENT_NOT_FINISHED); and what happens to the open bets, which depends on the
 * score the event finishes with.
 */
export interface FinishingEvent {
  sport: string;
  startTime: string;
  homeScore: number | null;
  awayScore: number | null;
}

/** Finishing it now is a result before its start: the dialog asks for the override's reason. */
export const finishesEarly = (e: Pick<FinishingEvent, "startTime">, now: Date): boolean => now.getTime() < new Date(e.startTime).getTime();

const bets = (n: number | null) => (n === null ? "its open bets" : n === 1 ? "its 1 open bet" : `its ${n} open bets`);
const are = (n: number | null) => (n === 1 ? "is" : "are");

/** What happens to the markets and the open bets when the event finishes with `score` (null: none entered). */
export function finishConsequence(e: FinishingEvent, score: { home: number; away: number } | null, openBets: number | null): string {
  if (e.sport === "racing")
    return `A race is graded from its finishing order, not a score: its markets close without a result and ${bets(openBets)} ${openBets === 1 ? "stays" : "stay"} pending until each market is settled.`;
  if (score) return `Every market is graded from the final score ${score.home}–${score.away} and ${bets(openBets)} ${are(openBets)} settled and paid at once.`;
  if (e.homeScore !== null && e.awayScore !== null)
    return `No final score given: every market is graded from the current score ${e.homeScore}–${e.awayScore} and ${bets(openBets)} ${are(openBets)} settled and paid at once.`;
  return `No score: its markets close without a result, and ${bets(openBets)} ${openBets === 1 ? "stays" : "stay"} pending until each market is settled or voided.`;
}

/** A score box's text as a score, or null when empty; undefined when it is not a whole number 0..10000. */
export function scoreOf(text: string): number | null | undefined {
  const t = text.trim();
  if (t === "") return null;
  return /^\d{1,5}$/.test(t) && Number(t) <= 10_000 ? Number(t) : undefined;
}
