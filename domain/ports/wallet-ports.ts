/** The wallet ports' set. */
import type { CashOuts } from "./cash-outs.ts";
import type { Ctx } from "../shared/context.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import type { Payments } from "./payments.ts";
import type { Ports } from "./index.ts";
import type { ResponsibleGambling } from "./responsible-gambling.ts";
import type { SameGameMultis } from "./same-game-multis.ts";
import type { SessionActivity } from "./session-activity.ts";

export interface WalletPorts {
  paymentProvider: PaymentProvider;
  payments: Payments;
  responsible: ResponsibleGambling;
  sessionActivity: SessionActivity;
  cashOuts: CashOuts;
  sameGameMultis: SameGameMultis;
}

/** The context of the wallet, responsible gambling and cash-out use cases. */
export type WalletCtx = Ctx & { ports: Ports & WalletPorts };

/**
 * A port that the context must carry. libsqlPorts wires all of them; a context without one is a
 * wiring bug, so this throws rather than letting a use case skip a check.
 */
export function portOf<K extends keyof WalletPorts>(ctx: Ctx, name: K): WalletPorts[K] {
  const p = (ctx.ports as Partial<WalletPorts>)[name];
  if (!p) throw new Error(`The ${name} port is not wired`);
  return p as WalletPorts[K];
}
