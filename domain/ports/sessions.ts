/** Sign-in sessions: created at sign-in, found by the hash of the cookie's token, deleted at sign-out. */
import type { User } from "../shared/types.ts";
import type { SuspensionCategory } from "../accounts/suspension.ts";

export interface NewSession {
  /** Hash of the opaque token; the token is only ever in the cookie. */
  id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  /** The client's address when the session started (for abuse and fraud rules); null if unknown. */
  ip: string | null;
}

export interface Sessions {
  create(session: NewSession): Promise<void>;
  /** The session and its user when the session exists and has not expired at `now`. */
  findActive(id: string, now: Date): Promise<{ user: User; expiresAt: Date } | null>;
  delete(id: string): Promise<void>;
  /**
   * Why a session that no longer exists was ended, while it would still be valid at `now`: its
   * account's suspension, with the category and whether it is a demo account; null when unknown.
   */
  endedBecause(id: string, now: Date): Promise<EndedSession | null>;
  /** Why this (suspended) account is suspended; the default category when nobody said. */
  suspensionOf(userId: string): Promise<SuspensionCategory>;
}

/** A session a suspension ended (a tombstone), as the next request with its cookie is told. */
export interface EndedSession {
  reason: "suspended";
  category: SuspensionCategory;
  isDemo: boolean;
}
