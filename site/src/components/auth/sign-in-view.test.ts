/**
 * The server's HTML of /sign-in cannot be submitted: until React takes the form over, a click on
 * Sign in would make the browser submit the form itself and reload the page without `next` (and
 * without what was typed). The journeys prove the buttons work once the page is live.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { SignInView } from "./sign-in-view.tsx";

/** The opening tag of the element with this test id. */
function tagOf(html: string, testId: string): string {
  const at = html.indexOf(`data-testid="${testId}"`);
  expect(at).toBeGreaterThan(-1);
  return html.slice(html.lastIndexOf("<", at), html.indexOf(">", at) + 1);
}

describe("the sign-in page before it is live", () => {
  it("renders the Sign in button disabled in the server's HTML", () => {
    const html = renderToStaticMarkup(createElement(QueryClientProvider, { client: new QueryClient() }, createElement(SignInView, { user: null })));
    expect(tagOf(html, "sign-in-form")).toMatch(/^<form /);
    expect(tagOf(html, "sign-in-submit")).toMatch(/^<button [^>]*\bdisabled=""/);
  });
});
