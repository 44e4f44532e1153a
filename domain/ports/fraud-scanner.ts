/**
 * Where a fraud scan runs when not in process (the libSQL adapter's worker thread:
 * adapters/libsql/perf/fraud-scan-thread.ts). It rejects with FraudScanThreadUnavailable when it could not
 * run the scan at all (it did not start, or it died): the caller may then scan in process.
 */
export class FraudScanThreadUnavailable extends Error {}
