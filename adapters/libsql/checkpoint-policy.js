// @ts-check
/**
 * The background checkpoints' one rule, shared by the checkpoint thread (checkpoint-worker.js) and
 * the writer thread (writer-run.ts), whichever runs them: every tick a PASSIVE checkpoint, which
 * never waits; then, if the log still holds more than `restartFrames` frames, a RESTART so that the
 * next write starts it over, or past 4 x `restartFrames` a TRUNCATE, which also empties the file.
 * The connection that runs them has no busy timeout meanwhile, so neither waits for anyone.
 * See checkpointer.ts for why.
 *
 * @param {number} frames frames in the log after the PASSIVE checkpoint
 * @param {number} restartFrames
 * @returns {"RESTART" | "TRUNCATE" | null}
 */
export function followUpCheckpoint(frames, restartFrames) {
  if (frames > restartFrames * 4) return "TRUNCATE";
  if (frames > restartFrames) return "RESTART";
  return null;
}
