/** Sign-in attempts, for throttling failed ones (domain/accounts/throttle.ts). */
export interface SignInAttempt {
  email: string;
  /** The address key (domain/shared/address.ts addressKey), null when unknown. */
  ip: string | null;
  success: boolean;
  at: Date;
}

export interface SignInAttempts {
  record(attempt: SignInAttempt): Promise<void>;
  /**
   * What the throttle decides from, times in ms:
   * - byPair: failures for the account from this address (null matches null) at or after `since`,
   *   after the account's last success from it;
   * - byAddress: failures from this address at or after `since`, any account (none for null);
   * - byAccount: failures for the account at or after `accountSince`, with their address keys;
   * - knownAddresses: every address the account's sessions started from (sign-in, registration),
   *   as recorded (full addresses, not keys).
   */
  recentFailures(q: { email: string; ip: string | null; since: Date; accountSince: Date }): Promise<{
    byPair: number[];
    byAddress: number[];
    byAccount: { ip: string | null; at: number }[];
    knownAddresses: string[];
  }>;
}
