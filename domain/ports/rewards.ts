/** The rewards posted to a customer's wallet. */
export type RewardKind = "deposit_bonus" | "adjustment" | "demo_grant";

export interface RewardPosting {
  transactionId: string;
  kind: RewardKind;
  amount: number;
  createdAt: Date;
  reference: string | null;
}

export interface Rewards {
  /** Postings of the reward kinds to the user's wallet, newest first, and their total. */
  listForUser(userId: string, limit: number): Promise<{ items: RewardPosting[]; total: number }>;
}
