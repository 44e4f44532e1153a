/** Password hashing (scrypt: adapters/system/password.ts). */
export interface PasswordHasher {
  /** A self-describing hash (algorithm, parameters, salt, hash) of the password. */
  hash(password: string): Promise<string>;
  /** Constant-time comparison; a null `stored` still takes the time of a check, and is false. */
  verify(password: string, stored: string | null): Promise<boolean>;
}

