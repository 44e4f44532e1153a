import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase, type Database } from "./database.ts";
import { DatabaseLease } from "./lease.ts";

let dir: string;
let a: Database;
let b: Database;
let now = 1_000_000;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "lease-"));
  a = await openDatabase({ url: `file:${join(dir, "l.db")}` });
  b = await openDatabase({ url: `file:${join(dir, "l.db")}` }); // a second process's connection
});
afterEach(() => {
  a.close();
  b.close();
  rmSync(dir, { recursive: true, force: true });
});

const lease = (d: Database, holder: string) => new DatabaseLease(d.client, { name: "feed", holder, ttlMs: 9000, now: () => now });

describe("DatabaseLease", () => {
  it("one holder at a time; renewals keep it; expiry or release hands it over", async () => {
    const first = lease(a, "p1");
    const second = lease(b, "p2");
    expect(await first.tryAcquire()).toBe(true);
    expect(await second.tryAcquire()).toBe(false);
    now += 8999;
    expect(await first.tryAcquire()).toBe(true); // renewed until now + 9000
    now += 8999;
    expect(await second.tryAcquire()).toBe(false);
    now += 1; // first's lease has now expired (it crashed and stopped renewing)
    expect(await second.tryAcquire()).toBe(true);
    expect(await first.tryAcquire()).toBe(false);
    await second.release();
    expect(await first.tryAcquire()).toBe(true);
  });

  it("of two processes racing for a free lease exactly one wins", async () => {
    const results = await Promise.all([lease(a, "p1").tryAcquire(), lease(b, "p2").tryAcquire()]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});
