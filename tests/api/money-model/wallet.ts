/**
 * The money model's wallet commands (tests/api/money-model.test.ts): deposits (with the welcome
 * bonus on the first qualifying one), withdrawals (bonus money is not withdrawable) and the
 * customer's view of their bonus.
 */
import { expect } from "vitest";
import {
  command, declinesCharge, declinesPayout, depositBonus, depositFee, expectOutcome, hit, json, limitRefusal, requiredOf, upkeep, wageredOf,
  WAGERING_MULTIPLE, type Method,
} from "../../fixtures/money-model.ts";

export const deposit = (w: number, method: Method, amount: number) =>
  command(`deposit(c${w}, ${method}, ${amount})`, () => true, async (m, r) => {
    const res = await json(await r.customers[w].s.post("/api/wallet/deposits", { method, amount }));
    const refusal = limitRefusal(method, amount);
    if (refusal) return expectOutcome(res, 422, refusal);
    if (declinesCharge(amount)) return expectOutcome(res, 422, "WALLET.PAYMENT_DECLINED");
    expectOutcome(res, 201);
    const fee = depositFee(method, amount);
    const bo = m.bonuses[w];
    const bonus = bo.claimed ? 0 : depositBonus(amount);
    m.balances[w] += amount - fee;
    if (bonus > 0) {
      bo.claimed = true;
      bo.balance += bonus;
      bo.grants.push({ required: bonus * WAGERING_MULTIPLE, at: r.world.now });
    }
    expect(res.body).toMatchObject({ amount, fee, bonus, credited: amount - fee + bonus, balance: m.balances[w] });
    hit(r, bonus > 0 ? "deposited with bonus" : "deposited");
  });

export const withdraw = (w: number, method: Method, amount: number) =>
  command(`withdraw(c${w}, ${method}, ${amount})`, () => true, async (m, r) => {
    const res = await json(await r.customers[w].s.post("/api/wallet/withdrawals", { method, amount }));
    const refusal = limitRefusal(method, amount);
    if (refusal) return expectOutcome(res, 422, refusal);
    // Asking to withdraw runs the bonus upkeep first: a bonus whose wagering is met becomes cash.
    upkeep(m, w, r);
    if (amount > m.balances[w]) {
      const bo = m.bonuses[w];
      if (bo.balance > 0 && amount <= m.balances[w] + bo.balance) {
        expectOutcome(res, 422, "WALLET.BONUS_NOT_WITHDRAWABLE");
        expect(res.body.error.details).toEqual({ cash: m.balances[w], bonus: bo.balance });
        return void hit(r, "bonus not withdrawable");
      }
      return expectOutcome(res, 422, "WALLET.INSUFFICIENT_FUNDS");
    }
    // The wallet is debited, the provider declines, the money is booked back.
    if (declinesPayout(amount)) return expectOutcome(res, 422, "WALLET.PAYMENT_DECLINED");
    expectOutcome(res, 201);
    m.balances[w] -= amount;
    expect(res.body).toMatchObject({ amount, balance: m.balances[w] });
    hit(r, "withdrawn");
  });

/** The customer opens their bonus: the upkeep runs (release when wagering is met) and the view shows the model's figures. */
export const openBonus = (w: number) =>
  command(`openBonus(c${w})`, () => true, async (m, r) => {
    upkeep(m, w, r);
    const res = await json(await r.customers[w].s.get("/api/wallet/bonus"));
    expectOutcome(res, 200);
    const required = requiredOf(m, w);
    const wagered = Math.min(wageredOf(m, w), required);
    const dollars = (c: number) => `$${(c / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    expect(res.body).toMatchObject({
      cash: m.balances[w], bonus: m.bonuses[w].balance, active: m.bonuses[w].grants.length > 0, required, wagered,
      progressText: required > 0 ? `${dollars(wagered)} of ${dollars(required)} wagered at 1.50+` : null,
    });
  });
