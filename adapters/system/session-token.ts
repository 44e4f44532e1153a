/**
 * Session tokens: 32 random bytes, base64url, given to the browser in an HttpOnly cookie. The
 * database stores only their SHA-256, so a leaked table does not leak sessions.
 */
import { createHash } from "node:crypto";
import type { SessionTokens } from "../../domain/ports/session-tokens.ts";

export function newSessionToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * The stored id of a session token: hex SHA-256. Computed with node:crypto (Node and Deno both
 * provide it) synchronously: this runs on every request, and WebCrypto's digest is a thread-pool job
 * that costs far more than hashing 43 bytes.
 */
export async function sessionIdFor(token: string): Promise<string> {
  return createHash("sha256").update(token).digest("hex");
}

export const sessionTokens: SessionTokens = { newToken: newSessionToken, idFor: sessionIdFor };
