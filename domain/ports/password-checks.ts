/** One password check in flight per account. */
/**
 * At most one password check in flight per account (sign-in and change-password together): a
 * check holds the account's slot until it ends, or until `until` if its process died. Held in the
 * shared database, so every server instance sees the same slot.
 */
export interface PasswordCheckGate {
  /** Take the account's slot for `holder`; false when another check holds it (and has not expired). */
  tryBegin(q: { account: string; holder: string; now: Date; until: Date }): Promise<boolean>;
  /** Give the slot back (only `holder`'s). */
  end(q: { account: string; holder: string }): Promise<void>;
}
