/**
 * Results control in the console, on an event of the journey's own: voiding a bet asks for a reason
 * code; "Set Finished" on an event that has not started asks for confirmation, says what happens to
 * the open bets (with and without a final score) and asks for the reason before it settles; a
 * resettlement against the market's recorded result asks for the override's reason.
 */
import { expect, test } from "@playwright/test";
import { choose, openSection } from "./admin-helpers.ts";
import { betOn, fundedCustomer, ownEvent, showBet } from "./admin-helpers-results.ts";
import { staffApiSignIn } from "./helpers.ts";

test("an admin voids a bet with a reason, finishes an event early with its score and a reason, and resettles against the market with an override", async ({ page, browser }) => {
  test.setTimeout(150_000);
  await staffApiSignIn(page.request, "admin");
  const event = await ownEvent(page.request, "Finish");
  const customer = await fundedCustomer(browser, "finish-early");
  const homeBet = await betOn(customer.page.request, event, 0, 1000);
  const awayBet = await betOn(customer.page.request, event, 2, 1000);

  await page.goto("/admin");
  await openSection(page, "dashboard");

  // --- Void by hand: nothing is sent until a reason is chosen ("other" needs words).
  await showBet(page, homeBet);
  await page.getByTestId(`settle-void-${homeBet}`).click();
  const voidDialog = page.getByTestId("void-bet-dialog");
  await expect(voidDialog).toContainText("refunded whatever the result");
  await expect(voidDialog.getByTestId("void-bet-confirm")).toBeDisabled();
  await choose(page, voidDialog.getByTestId("void-reason-code"), "Other");
  await voidDialog.getByTestId("void-reason-text").fill("too short");
  await expect(voidDialog.getByTestId("void-bet-confirm")).toBeDisabled();
  await voidDialog.getByTestId("void-reason-text").fill("Customer placed it on the wrong fixture");
  await voidDialog.getByTestId("void-bet-confirm").click();
  await expect(page.getByTestId("toast")).toContainText("Bet settled");
  await expect(page.getByTestId(`bet-row-${homeBet}`)).toContainText(/void/i);

  // --- Set Finished: before its start, it asks; without a score the open bet stays pending.
  await page.getByTestId("events-search").fill(event.name);
  await page.getByTestId(`set-finished-${event.id}`).click();
  const finish = page.getByTestId("finish-event-dialog");
  await expect(finish.getByTestId("finish-event-early")).toContainText("It has not started yet");
  await expect(finish.getByTestId("finish-event-consequence")).toHaveText(
    "No score: its markets close without a result, and its 1 open bet stays pending until each market is settled or voided.",
  );
  // With the final score every market is graded and the open bet settled.
  await finish.getByTestId("finish-home-score").fill("0");
  await finish.getByTestId("finish-away-score").fill("2");
  await expect(finish.getByTestId("finish-event-consequence")).toHaveText("Every market is graded from the final score 0–2 and its 1 open bet is settled and paid at once.");
  await expect(finish.getByTestId("finish-event-confirm")).toBeDisabled();
  await finish.getByTestId("finish-event-reason").fill("Played early by agreement of both clubs");
  await finish.getByTestId("finish-event-confirm").click();
  await expect(page.getByTestId("toast")).toContainText("Event updated");
  await expect(finish).toHaveCount(0);
  const mine = async () => ((await (await customer.page.request.get("/api/bets")).json()) as { id: string; status: string }[]).find((b) => b.id === awayBet)?.status;
  await expect.poll(mine).toBe("won");
  const audit = (await (await page.request.get(`/api/admin/audit?entityId=${event.id}`)).json()) as { action: string; after: { override?: { reason: string } } }[];
  expect(audit.find((a) => a.action === "event.update")?.after.override?.reason).toBe("Played early by agreement of both clubs");

  // --- Resettling the winner lost contradicts the market's result: the override's reason is asked for.
  await showBet(page, awayBet);
  await page.getByTestId(`resettle-${awayBet}`).click();
  const resettle = page.getByTestId("resettle-dialog");
  await resettle.getByRole("radio", { name: /^Lost/ }).click();
  await choose(page, resettle.getByTestId("resettle-reason-code"), "Palpable error");
  await resettle.getByTestId("resettle-confirm").click();
  await expect(resettle.getByTestId("resettle-contradiction")).toContainText("contradicts the result recorded");
  await expect(resettle.getByTestId("resettle-confirm")).toBeDisabled();
  await resettle.getByTestId("resettle-override").fill("Score keyed the wrong way round by the trader");
  await resettle.getByTestId("resettle-confirm").click();
  await expect(page.getByTestId("toast")).toContainText("Bet resettled");
  await expect(page.getByTestId(`bet-row-${awayBet}`)).toContainText(/lost/i);
  await expect.poll(mine).toBe("lost");
  await customer.close();
});
