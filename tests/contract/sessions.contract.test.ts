/** The Sessions port: a session finds its user until (not at) its expiry time, and not once deleted. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Ports } from "../../domain/ports/index.ts";
import { adaptersUnderTest, type AdapterUnderTest, type Harness } from "./harness.ts";
import { aUser, at, T0 } from "./fixtures.ts";

export function sessionsContract(adapter: AdapterUnderTest) {
  let h: Harness;
  let p: Ports;
  const user = aUser("u1");
  beforeEach(async () => {
    h = await adapter.factory();
    p = h.ports;
    await p.users.create(user, { grant: null });
    await p.sessions.create({ id: "s1", userId: "u1", createdAt: T0, expiresAt: at(60), ip: null });
  });
  afterEach(() => h.close());

  it("findActive: the user and expiry while the session has not expired", async () => {
    expect(await p.sessions.findActive("s1", T0)).toEqual({ user, expiresAt: at(60) });
    expect(await p.sessions.findActive("s1", new Date(at(60).getTime() - 1))).toEqual({ user, expiresAt: at(60) });
  });

  it("findActive: null at the expiry time and after it", async () => {
    expect(await p.sessions.findActive("s1", at(60))).toBeNull();
    expect(await p.sessions.findActive("s1", at(61))).toBeNull();
  });

  it("findActive: null for an unknown session", async () => {
    expect(await p.sessions.findActive("nope", T0)).toBeNull();
  });

  it("returns the user as stored, active or not (the caller decides what a suspended user may do)", async () => {
    const suspended = aUser("u2", { isActive: false });
    await p.users.create(suspended, null);
    await p.sessions.create({ id: "s2", userId: "u2", createdAt: T0, expiresAt: at(60), ip: null });
    expect(await p.sessions.findActive("s2", T0)).toEqual({ user: suspended, expiresAt: at(60) });
  });

  it("delete ends that session only; deleting an unknown session is harmless", async () => {
    await p.sessions.create({ id: "s1b", userId: "u1", createdAt: T0, expiresAt: at(60), ip: null });
    await p.sessions.delete("s1");
    expect(await p.sessions.findActive("s1", T0)).toBeNull();
    expect(await p.sessions.findActive("s1b", T0)).toEqual({ user, expiresAt: at(60) });
    await expect(p.sessions.delete("nope")).resolves.toBeUndefined();
  });

  it("a session for an unknown user, or with a used id, is refused", async () => {
    const before = await h.rows();
    await expect(p.sessions.create({ id: "s9", userId: "ghost", createdAt: T0, expiresAt: at(60), ip: null })).rejects.toThrow();
    await expect(p.sessions.create({ id: "s1", userId: "u1", createdAt: T0, expiresAt: at(120), ip: null })).rejects.toThrow();
    expect(await h.rows()).toEqual(before);
  });
}

for (const adapter of adaptersUnderTest) describe(`Sessions contract (${adapter.name})`, () => sessionsContract(adapter));
