import { describe, expect, it } from "vitest";
import { DEFAULT_SCRYPT_COST, parseScryptHash, ScryptPasswordHasher } from "./password.ts";

const cheap = new ScryptPasswordHasher({ N: 2 ** 12, r: 8, p: 1 });

describe("scrypt password hashing", () => {
  it("stores scrypt$N$r$p$salt$hash and verifies only the right password", async () => {
    const stored = await cheap.hash("correct horse battery");
    expect(stored).toMatch(/^scrypt\$4096\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await cheap.verify("correct horse battery", stored)).toBe(true);
    expect(await cheap.verify("correct horse batterY", stored)).toBe(false);
    expect(await cheap.verify("", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    const [a, b] = await Promise.all([cheap.hash("same password"), cheap.hash("same password")]);
    expect(a).not.toBe(b);
    expect(await cheap.verify("same password", a)).toBe(true);
    expect(await cheap.verify("same password", b)).toBe(true);
  });

  it("verifies a hash made with other parameters by its own parameters", async () => {
    const other = new ScryptPasswordHasher({ N: 2 ** 11, r: 4, p: 2 });
    const stored = await other.hash("p4ssw0rd-long-enough");
    expect(await cheap.verify("p4ssw0rd-long-enough", stored)).toBe(true);
  });

  it("answers false for no stored hash (unknown or demo user) and for malformed or absurd hashes", async () => {
    expect(await cheap.verify("anything at all", null)).toBe(false);
    expect(await cheap.verify("x", "plain-text-password")).toBe(false);
    expect(await cheap.verify("x", "scrypt$3$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA")).toBe(false);
    expect(parseScryptHash(`scrypt$${2 ** 24}$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`)).toBeNull();
  });

  it("normalises Unicode so the same password typed differently still matches", async () => {
    const stored = await cheap.hash("caf\u00e9-password");
    expect(await cheap.verify("cafe\u0301-password", stored)).toBe(true);
  });

  it("defaults to one of OWASP's equivalent scrypt costs (N=2^14, r=8, p=5: 16 MiB), and still verifies hashes made at 128 MiB", async () => {
    expect(DEFAULT_SCRYPT_COST).toEqual({ N: 16384, r: 8, p: 5 });
    const before = "scrypt$131072$8$1$" + "AAAAAAAAAAAAAAAAAAAAAA$";
    expect(parseScryptHash(before + "A".repeat(43))).toMatchObject({ cost: { N: 131072, r: 8, p: 1 } });
  });

  it("checks an unknown account against a made-up hash of the configured cost: false, with no hash computed beforehand", async () => {
    expect(await cheap.verify("anything", null)).toBe(false);
    expect(await cheap.verify("", null)).toBe(false);
  });
});
