/** The one helper for what every API answer carries, as the chain and the answers ahead of it use it. */
import { describe, expect, it } from "vitest";
import { API_SECURITY_HEADERS, apiHeaders, requestIdFor, setSecurityHeaders } from "./request-trail.ts";

describe("request trail", () => {
  it("sets every security header on a routed answer, over one a handler set, and drops X-Powered-By", () => {
    const headers = new Headers({ "x-frame-options": "SAMEORIGIN", "x-powered-by": "something", "content-type": "text/plain" });
    setSecurityHeaders(headers, undefined);
    const set = Object.fromEntries([...headers].filter(([k]) => k !== "content-type"));
    expect(set).toEqual(API_SECURITY_HEADERS);
    expect(headers.get("content-type")).toBe("text/plain");
  });

  it("allows a page's inline scripts by their hashes in script-src, and only there", () => {
    const headers = new Headers();
    setSecurityHeaders(headers, ["sha256-abc", "sha256-def"]);
    const csp = headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self' 'sha256-abc' 'sha256-def';");
    expect(csp.replace(" 'sha256-abc' 'sha256-def'", "")).toBe(API_SECURITY_HEADERS["content-security-policy"]);
  });

  it("gives an answer made ahead of the chain the same headers and its request id, in a fresh object", () => {
    const a = apiHeaders("req-1");
    expect(a).toEqual({ ...API_SECURITY_HEADERS, "x-request-id": "req-1" });
    a["cache-control"] = "no-cache";
    expect(apiHeaders("req-2")).not.toHaveProperty("cache-control");
  });

  it("keeps a sane caller's request id and replaces any other", () => {
    expect(requestIdFor("poll-42")).toBe("poll-42");
    expect(requestIdFor("not a token!")).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestIdFor(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});
