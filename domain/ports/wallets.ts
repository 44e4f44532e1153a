/** The customer wallet's balance. */
export interface Wallets {
  /** The customer's wallet balance in cents, or null when they have no wallet. */
  balanceOf(userId: string): Promise<number | null>;
}
