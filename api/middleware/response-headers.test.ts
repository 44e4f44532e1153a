import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { setResponseHeader } from "./response-headers.ts";

describe("setResponseHeader", () => {
  const app = new Hono();
  app.use("*", async (c, next) => {
    await next();
    setResponseHeader(c, "X-Added", "yes");
  });
  app.get("/json", (c) => c.json({ ok: true }, 201));
  app.get("/redirect", () => Response.redirect("http://localhost/json", 302));

  it("adds the header to the handler's response and keeps its status, body and type", async () => {
    const res = await app.request("/json");
    expect(res.status).toBe(201);
    expect(res.headers.get("x-added")).toBe("yes");
    expect(res.headers.get("content-type")).toMatch(/application\/json/);
    expect(await res.json()).toEqual({ ok: true });
  });

  it("adds it to a response whose headers are immutable too (Response.redirect)", async () => {
    const res = await app.request("/redirect");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("http://localhost/json");
    expect(res.headers.get("x-added")).toBe("yes");
  });
});
