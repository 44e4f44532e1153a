/**
 * Two selections of one event on the slip. Two outcomes of one market: no plain multiple (no
 * "Multiple" bet type, no total odds, no return), the conflict said in words and Place Bet disabled;
 * the same on a phone's bottom sheet, which passes axe at 375 px. Removing one brings the single
 * back. Two markets of one event: the slip offers the same game multi instead, priced by the server
 * once taken. A selection of another event then forms an ordinary multiple at the product of the odds.
 */
import { expect, test } from "@playwright/test";
import { seriousViolations } from "./axe.ts";
import { money, oddsMilli, oddsText, showEventOnBoard, upcomingEvents } from "./helpers.ts";

const CONFLICT = "A multiple may not hold two selections of the same event: remove one of them, or bet them as singles.";
const SGM_OFFER = "Selections from one game cannot form a multiple: combine them as a Same Game Multi, priced together. Make it a Same Game Multi";

test("two selections of one event never form a plain multiple; the slip says why, offers a same game multi, and recovers", async ({ page }) => {
  test.setTimeout(90_000);
  expect((await page.request.post("/api/demo/login", { data: { role: "customer" } })).ok()).toBe(true);
  // The same kind of event the same game multi journey prices: soccer, a result market and another.
  const soccer = (await upcomingEvents(page.request, 20)).filter((e) => e.sport === "soccer" && e.markets.length >= 2);
  const [event, other] = soccer;
  expect(other).toBeTruthy();
  const result = event.markets.find((m) => m.type === "full_time_result")!;
  // A second market the joint model prices beside the result (a correct score would decide it).
  const second = event.markets.find((m) => m.id !== result.id && !/correct score/i.test(m.name))!;
  const [home, away] = result.outcomes;
  const otherPick = other.markets[0].outcomes[0];

  await page.goto("/betting");
  await expect(page.getByTestId("balance")).toHaveText(money(100000));
  await showEventOnBoard(page, event);
  const card = page.getByTestId(`event-${event.id}`);
  const slip = page.getByTestId("bet-slip");
  await card.getByTestId(`price-${home.id}`).click();
  await expect(slip.getByTestId("bet-type")).toHaveText("Single");
  await card.getByTestId(`price-${away.id}`).click();
  await expect(slip.getByTestId("slip-selection")).toHaveCount(2);

  // Two outcomes of one market: the conflict in words, and nothing that reads as a multiple.
  await expect(slip.getByTestId("same-event-warning")).toHaveText(CONFLICT);
  await expect(slip.getByTestId("bet-type")).toHaveCount(0);
  await expect(slip).not.toContainText("Multiple");
  await expect(slip.getByTestId("total-odds")).toHaveText("–");
  await expect(slip.getByTestId("sgm-offer")).toHaveCount(0);
  await slip.getByTestId("stake-input").fill("5");
  await expect(slip.getByTestId("potential-return")).toHaveCount(0);
  await expect(slip.getByTestId("place-bet")).toBeDisabled();

  // On a phone the slip is a bottom sheet: the same words, and it passes axe.
  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByTestId("slip-bar").click();
  const sheet = page.getByTestId("slip-sheet");
  await expect(sheet.getByTestId("same-event-warning")).toHaveText(CONFLICT);
  await expect(sheet.getByTestId("bet-type")).toHaveCount(0);
  await expect(sheet.getByTestId("total-odds")).toHaveText("–");
  expect(await seriousViolations(page, { failOn: ["heading-order"] })).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(sheet).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 900 });

  // Removing one selection brings back the single, priced.
  await slip.getByRole("button", { name: `Remove ${away.name}`, exact: true }).click();
  await expect(slip.getByTestId("same-event-warning")).toHaveCount(0);
  await expect(slip.getByTestId("bet-type")).toHaveText("Single");
  await expect(slip.getByTestId("total-odds")).not.toHaveText("–");
  await expect(slip.getByTestId("place-bet")).toBeEnabled();

  // Two markets of one event: the slip offers the same game multi, which the server prices.
  await card.getByRole("button", { name: /markets/i }).click();
  await card.getByTestId(`price-${second.outcomes[0].id}`).click();
  await expect(slip.getByTestId("sgm-offer")).toHaveText(SGM_OFFER);
  await expect(slip.getByTestId("same-event-warning")).toHaveCount(0);
  await expect(slip.getByTestId("bet-type")).toHaveCount(0);
  await expect(slip.getByTestId("total-odds")).toHaveText("–");
  await expect(slip.getByTestId("place-bet")).toBeDisabled();
  await slip.getByTestId("make-sgm").click();
  await expect(slip.getByTestId("bet-type")).toHaveText("Same Game Multi");
  await expect(slip.getByTestId("sgm-offer")).toHaveCount(0);
  // The total is the server's joint price for these two legs.
  const legs = [
    { eventId: event.id, marketId: result.id, outcomeId: home.id },
    { eventId: event.id, marketId: second.id, outcomeId: second.outcomes[0].id },
  ];
  await expect
    .poll(async () => {
      const quote = await page.request.post("/api/betting/same-game-multis/quote", { data: { selections: legs } });
      if (!quote.ok()) return `quote refused: ${quote.status()}`;
      const total = await slip.getByTestId("total-odds").innerText();
      const { odds } = (await quote.json()) as { odds: string };
      return oddsMilli(total) === oddsMilli(odds) ? "priced" : `${odds} -> ${total}`;
    })
    .toBe("priced");
  await expect(slip.getByTestId("place-bet")).toBeEnabled();

  // Back to one selection, then a selection of another event: an ordinary multiple.
  await slip.getByRole("button", { name: `Remove ${second.outcomes[0].name}`, exact: true }).click();
  await expect(slip.getByTestId("bet-type")).toHaveText("Single");
  await showEventOnBoard(page, other);
  await page.getByTestId(`event-${other.id}`).getByTestId(`price-${otherPick.id}`).click();
  await expect(slip.getByTestId("bet-type")).toHaveText("Multiple");
  await expect(slip.getByTestId("same-event-warning")).toHaveCount(0);
  await expect(slip.getByTestId("sgm-offer")).toHaveCount(0);
  const product = Math.floor((oddsMilli(home.odds) * oddsMilli(otherPick.odds)) / 1000);
  await expect(slip.getByTestId("total-odds")).toHaveText(oddsText(product));
  await expect(slip.getByTestId("place-bet")).toBeEnabled();
});
