import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { formatLocal } from "../lib/local-time.ts";
import { LocalTime } from "./local-time.tsx";

const AT = "2026-11-26T17:16:42.479Z";
const html = (props: Parameters<typeof LocalTime>[0]) => renderToStaticMarkup(createElement(LocalTime, props));

describe("an instant in a back-office table", () => {
  it("shows the words and keeps the exact ISO instant in dateTime and the hover title", () => {
    expect(html({ value: AT })).toBe(`<time dateTime="${AT}" title="${AT}">${formatLocal(AT, "stamp")}</time>`);
    expect(html({ value: Date.parse(AT), style: "date" })).toBe(`<time dateTime="${AT}" title="${AT}">${formatLocal(AT, "date")}</time>`);
  });
  it("a missing or unreadable value is the plain placeholder, with no <time>", () => {
    expect(html({ value: null })).toBe("—");
    expect(html({ value: "soon", empty: "Never" })).toBe("Never");
  });
});
