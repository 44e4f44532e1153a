/**
 * Overload seen from the slip: the server refuses a bet with 503 BET.BUSY (admission control, its
 * wait budget exceeded). A browser journey cannot overload the shared e2e server on purpose without
 * disturbing every other journey, so the one busy answer is given by intercepting the first
 * placement, in the exact shape the server sends (tests/api/admission-overload.test.ts proves the
 * server sends it); the retry goes to the real server. The slip says the bet was not placed, the
 * balance is untouched, and Retry places the same bet under the same Idempotency-Key.
 */
import { expect, test } from "@playwright/test";
import { money, showEventOnBoard, upcomingEvents } from "./helpers.ts";

test("a busy book says the bet was not placed and Retry places it once", async ({ page }) => {
  const res = await page.request.post("/api/demo/login", { data: { role: "customer" } });
  expect(res.ok()).toBe(true);
  const keys: (string | undefined)[] = [];
  let refused = false;
  await page.route("**/api/bets", async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    keys.push(route.request().headers()["idempotency-key"]);
    if (refused) return route.continue();
    refused = true;
    await route.fulfill({
      status: 503,
      headers: { "content-type": "application/json", "retry-after": "1" },
      body: JSON.stringify({
        error: { code: "BET.BUSY", message: "Busy right now: your bet was not placed. Try again in a moment.", requestId: "e2e", details: { retryAfterSeconds: 1 } },
      }),
    });
  });
  await page.goto("/betting");
  await expect(page.getByTestId("balance")).toHaveText(money(100000));

  const event = (await upcomingEvents(page.request, 20)).find((e) => e.sport !== "racing")!;
  const market = event.markets.find((m) => m.type === "full_time_result") ?? event.markets[0];
  await showEventOnBoard(page, event);
  await page.getByTestId(`event-${event.id}`).getByTestId(`price-${market.outcomes[0].id}`).click();
  const slip = page.getByTestId("bet-slip");
  await slip.getByTestId("stake-input").fill("5");
  await slip.getByTestId("place-bet").click();

  await expect(slip.getByTestId("slip-refusal")).toContainText("Busy right now");
  await expect(slip.getByTestId("slip-refusal")).toContainText("not placed");
  await expect(page.getByTestId("balance")).toHaveText(money(100000));
  await expect(slip.getByTestId("slip-selection")).toHaveCount(1);

  await slip.getByTestId("slip-busy-retry").click();
  await expect(slip.getByTestId("slip-selection")).toHaveCount(0);
  await expect(page.getByTestId("balance")).toHaveText(money(99500));
  expect(keys).toHaveLength(2);
  expect(keys[0]).toBeTruthy();
  expect(keys[1]).toBe(keys[0]);
});
