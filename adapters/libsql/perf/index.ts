/**
 * The performance machinery of the libSQL adapters, behind one seam. Each part makes the same
 * writes and reads as the plain @libsql/client path, faster or off the serving thread:
 * - embedded-client.ts: the client for an embedded file on the driver's own classes (kept prepared
 *   statements, cheap rows, one-row reads);
 * - group-commit.ts: the bets of one event-loop turn share one transaction, each in a savepoint;
 * - checkpointer.ts (+ checkpoint-worker.js): WAL checkpoints on a thread of their own;
 * - fraud-scan-thread.ts (+ fraud-scan-worker.js, fraud-scan-run.ts): the fraud scan on a thread.
 * Only the composition chooses it (adapters/libsql/database.ts for the client, group commit and
 * checkpoints; api/bootstrap.ts for the scan thread); ordinary adapters import nothing from here,
 * and tests/contract runs the same adapters over both paths (openDatabase's `plain`).
 */
export { embeddedFileClient } from "./embedded-client.ts";
export { GroupCommitter, MAX_GROUP } from "./group-commit.ts";
export { startBackgroundCheckpoints, type BackgroundCheckpoints } from "./checkpointer.ts";
export { fraudScanThread } from "./fraud-scan-thread.ts";
