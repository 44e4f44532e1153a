/** Helpers for the customer journeys: real accounts made through the API, as the site would. */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { toFractional } from "../../domain/shared/odds.ts";

export const PASSWORD = "correct horse battery";

let counter = 0;
export function uniqueEmail(tag: string): string {
  counter += 1;
  return `e2e-${tag}-${Date.now()}-${counter}@example.com`;
}

export type NewCustomer = { email: string; password: string; firstName: string; lastName: string; dateOfBirth: string };

/**
 * Each journey's customer is a person of their own: exclusions follow the person (name and date of
 * birth, address, document), so customers sharing them would share a time-out taken in another journey.
 */
export function uniqueDateOfBirth(): string {
  const d = new Date(Date.UTC(1960, 0, 1) + Math.floor(Math.random() * 14_000) * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** Registers (and signs in, through the response's cookie) a new customer. */
export async function registerCustomer(
  request: APIRequestContext, tag: string, firstName = "Sam", lastName = "Punter", dateOfBirth = uniqueDateOfBirth(),
): Promise<NewCustomer> {
  const email = uniqueEmail(tag);
  const res = await request.post("/api/auth/register", {
    data: { firstName, lastName, email, password: PASSWORD, dateOfBirth },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { email, password: PASSWORD, firstName, lastName, dateOfBirth };
}

/** Takes the signed-in customer to basic (and optionally full) verification through the API. */
export async function verifyCustomer(request: APIRequestContext, c: NewCustomer, level: "basic" | "full") {
  const basic = await request.post("/api/account/verification/basic", {
    data: {
      firstName: c.firstName, lastName: c.lastName, dateOfBirth: c.dateOfBirth,
      addressLine1: "1 Flinders Street", city: "Melbourne", postcode: "3000", country: "Australia",
    },
  });
  expect(basic.ok(), await basic.text()).toBe(true);
  if (level === "full") {
    const doc = await request.post("/api/account/verification/document", { data: { documentType: "passport", documentNumber: `PA${String(Math.floor(Math.random() * 1e9)).padStart(9, "0")}` } });
    expect(doc.ok(), await doc.text()).toBe(true);
  }
}

/** A first deposit through the API: declines the deposit-limit prompt, then deposits by bank transfer (no fee). */
export async function depositByApi(request: APIRequestContext, amountCents: number) {
  const prompt = await request.put("/api/responsible/limit-prompt", { data: { declined: true } });
  expect(prompt.ok(), await prompt.text()).toBe(true);
  const res = await request.post("/api/wallet/deposits", { data: { method: "bank", amount: amountCents } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { balance: number; credited: number };
}

/** Every price on the page that shows odds (data-odds marks them), as text. */
export async function shownPrices(page: Page): Promise<string[]> {
  return (await page.locator("[data-odds]").allInnerTexts()).map((t) => t.trim()).filter(Boolean);
}

/** The fractional form of decimal odds, on the traditional ladder as the site prints it (2.50 -> "6/4"). */
export function fractional(odds: string): string {
  return toFractional(Math.round(Number(odds) * 1000));
}
/** The American form: +150 at 2.50, -200 at 1.50. */
export function american(odds: string): string {
  const milli = Math.round(Number(odds) * 1000);
  return milli >= 2000 ? `+${Math.round((100 * (milli - 1000)) / 1000)}` : `-${Math.round(100_000 / (milli - 1000))}`;
}

/**
 * A real customer (not a demo account) signed in on /betting with 1,000.00 cash, as a demo customer
 * starts: registered, verified in full and funded by a bank deposit through the API. For journeys
 * in which operators watch the customer's bets: demo accounts never count in operator figures,
 * so a demo customer's bet is not on the ticker, the heatmap or the bet lists.
 */
export async function realCustomerOnBetting(page: Page, tag: string): Promise<NewCustomer> {
  const customer = await registerCustomer(page.request, tag, "Casey", "Punter");
  await verifyCustomer(page.request, customer, "full");
  await depositByApi(page.request, 100_000);
  await page.goto("/betting");
  return customer;
}
