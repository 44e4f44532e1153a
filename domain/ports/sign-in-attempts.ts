/** Sign-in attempts, for throttling failed ones. */
export interface SignInAttempt {
  email: string;
  ip: string | null;
  success: boolean;
  at: Date;
}

export interface SignInAttempts {
  record(attempt: SignInAttempt): Promise<void>;
  /**
   * Times (ms) of failed attempts at or after `since` for the account and for the address, each
   * counted only after the last success for that account / from that address.
   */
  recentFailures(q: { email: string; ip: string | null; since: Date }): Promise<{ byAccount: number[]; byAddress: number[] }>;
}
