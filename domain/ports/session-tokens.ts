/**
 * Session tokens: the secret given to the browser, and the id the database stores for it (a hash, so
 * a leaked sessions table does not leak sessions). Implemented in adapters/system/session-token.ts.
 */
export interface SessionTokens {
  newToken(): string;
  idFor(token: string): Promise<string>;
}
