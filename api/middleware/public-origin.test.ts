import { describe, expect, it } from "vitest";
import { isLoopbackHost, originOfRequest, parsePublicOrigin } from "./public-origin.ts";
import { parseTrustProxy } from "./proxy-trust.ts";

const none = parseTrustProxy(undefined);
const oneHop = parseTrustProxy("1");
const req = (url: string, headers: Record<string, string> = {}, peer: string | null = null) => ({ url, headers: new Headers(headers), peer });

describe("PUBLIC_ORIGIN", () => {
  it("unset or empty: loopback hosts only", () => {
    expect(parsePublicOrigin(undefined)).toBeNull();
    expect(parsePublicOrigin(" ")).toBeNull();
  });

  it("one origin or several, normalised (default ports dropped)", () => {
    expect(parsePublicOrigin("https://Book.Example:443, http://admin.book.example:8080/")).toEqual({
      entries: [
        { origin: "https://book.example", protocol: "https:", host: "book.example" },
        { origin: "http://admin.book.example:8080", protocol: "http:", host: "admin.book.example:8080" },
      ],
    });
  });

  it("fails the start on anything that is not a bare http(s) origin", () => {
    for (const v of ["book.example", "ftp://book.example", "https://book.example/app", "https://u:p@book.example", "https://book.example?x=1", "https://"])
      expect(() => parsePublicOrigin(v), v).toThrow(/PUBLIC_ORIGIN/);
  });
});

describe("loopback hosts", () => {
  it("localhost, *.localhost, 127.0.0.0/8 and [::1], any port", () => {
    for (const h of ["localhost", "localhost:4321", "app.localhost", "127.0.0.1", "127.1.2.3:80", "[::1]", "[::1]:3000", "LOCALHOST"])
      expect(isLoopbackHost(h.toLowerCase()), h).toBe(true);
    for (const h of ["evil.example", "localhost.evil.example", "10.0.0.5:3000", "[::2]", "127.0.0.1.nip.io", "localhost/x", "a@localhost"])
      expect(isLoopbackHost(h), h).toBe(false);
  });
});

describe("originOfRequest", () => {
  const published = parsePublicOrigin("https://book.example");

  it("unset: a loopback host is ours with the request's scheme; any other host is not (null)", () => {
    expect(originOfRequest(null, none, req("http://localhost:3000/x", { host: "localhost:3000" }))).toBe("http://localhost:3000");
    expect(originOfRequest(null, none, req("http://localhost/x"))).toBe("http://localhost");
    expect(originOfRequest(null, none, req("http://evil.example/x", { host: "evil.example" }))).toBeNull();
    expect(originOfRequest(null, none, req("http://localhost/x", { host: "evil.example" }))).toBeNull();
  });

  it("set: the configured origin for its host (its scheme, whatever reached us); loopback stays ours", () => {
    expect(originOfRequest(published, none, req("http://book.example/x", { host: "book.example" }))).toBe("https://book.example");
    expect(originOfRequest(published, none, req("http://book.example/x", { host: "BOOK.EXAMPLE:443" }))).toBe("https://book.example");
    expect(originOfRequest(published, none, req("http://book.example:8443/x", { host: "book.example:8443" }))).toBeNull();
    expect(originOfRequest(published, none, req("http://localhost:3000/x", { host: "localhost:3000" }))).toBe("http://localhost:3000");
  });

  it("X-Forwarded-Host and -Proto count only under TRUST_PROXY", () => {
    const forwarded = { host: "10.0.0.5:3000", "x-forwarded-host": "book.example", "x-forwarded-proto": "https" };
    expect(originOfRequest(published, oneHop, req("http://10.0.0.5:3000/x", forwarded))).toBe("https://book.example");
    expect(originOfRequest(published, none, req("http://10.0.0.5:3000/x", forwarded))).toBeNull();
    expect(originOfRequest(null, none, req("http://localhost/x", { "x-forwarded-proto": "https" }))).toBe("http://localhost");
    expect(originOfRequest(null, oneHop, req("http://localhost/x", { "x-forwarded-proto": "https" }))).toBe("https://localhost");
    expect(originOfRequest(null, oneHop, req("http://localhost/x", { "x-forwarded-proto": "gopher" }))).toBe("http://localhost");
  });
});
