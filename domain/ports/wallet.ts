/** The wallet, responsible gambling, cash out and same game multi ports, one file each. */
export type * from "./payment-provider.ts";
export type * from "./payments.ts";
export type * from "./responsible-gambling.ts";
export type * from "./session-activity.ts";
export type * from "./cash-outs.ts";
export type * from "./same-game-multis.ts";
