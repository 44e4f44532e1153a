/**
 * Person keys as stored (migration 0055): HMAC-SHA256 of the key material (domain/responsible/person.ts)
 * under a server secret, hex. A name and a date of birth are guessable: an unkeyed hash of them, in
 * a copy of the database, can be tested against lists of names and dates in seconds; a keyed one
 * cannot without the secret. A person key is compared, never reversed, so a fast keyed hash is
 * right here; a password hash (memory-hard, salted per value) would cost a registration hundreds of
 * milliseconds and could not be looked up by equality.
 *
 * The secret: PERSON_KEY_SECRET when set (at least 32 characters; required by api/bootstrap.ts
 * with DEMO_MODE off, so that a copy of the database alone does not carry it); otherwise one
 * generated at first use and kept in `server_secrets`, so keys are stable across restarts and
 * across every instance of one database. `version` (a fingerprint of the secret and of this key
 * scheme, not the secret) is stored with each row; rows of another version are recomputed from the
 * account's stored name, date of birth and address by `rekeyPersonKeys` at start.
 */
import { Buffer } from "node:buffer";
import { createHash, createHmac, randomBytes } from "node:crypto";
import type { Client } from "@libsql/client";
import { personKeyMaterial, type PersonKeyMaterial, type PersonKeys } from "../../domain/responsible/person.ts";

export const PERSON_KEY_SECRET_MIN_LENGTH = 32;
const SCHEME = "person-keys/v2 skeleton+hmac-sha256";
const SECRET_NAME = "person_keys";

export class PersonKeyHasher {
  private readonly client: Client;
  private readonly configured: string | undefined;
  private loaded: Promise<{ key: Buffer; version: string }> | null = null;

  constructor(client: Client, secret?: string) {
    if (secret !== undefined && secret.length < PERSON_KEY_SECRET_MIN_LENGTH)
      throw new Error(`PERSON_KEY_SECRET must be at least ${PERSON_KEY_SECRET_MIN_LENGTH} characters`);
    this.client = client;
    this.configured = secret;
  }

  private secret() {
    this.loaded ??= (async () => {
      let secret = this.configured;
      if (secret === undefined) {
        // Two instances starting together both insert; the first row wins and both read it.
        await this.client.execute({
          sql: "INSERT INTO server_secrets (name, value, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING",
          args: [SECRET_NAME, randomBytes(32).toString("base64url"), Date.now()],
        });
        const rs = await this.client.execute({ sql: "SELECT value FROM server_secrets WHERE name = ?", args: [SECRET_NAME] });
        secret = String(rs.rows[0].value);
      }
      const key = Buffer.from(secret, "utf8");
      return { key, version: createHmac("sha256", key).update(SCHEME).digest("hex").slice(0, 16) };
    })();
    this.loaded.catch(() => (this.loaded = null));
    return this.loaded;
  }

  /** Which secret and scheme keys are made with (stored with each row). */
  async version(): Promise<string> {
    return (await this.secret()).version;
  }

  async keys(m: PersonKeyMaterial): Promise<PersonKeys> {
    const { key, version } = await this.secret();
    const mac = (s: string | null) => (s === null ? null : createHmac("sha256", key).update(s).digest("hex"));
    return {
      version,
      identity: mac(m.identity)!,
      identityUpper: mac(m.identityUpper)!,
      address: mac(m.address),
      document: mac(m.document),
      // How document keys were written before (plain SHA-256): only ever compared with stored legacy keys.
      legacyDocument: m.legacyDocument === null ? null : createHash("sha256").update(m.legacyDocument).digest("hex"),
    };
  }
}

/**
 * Recompute the keys of every row made with another secret or scheme (rows from before migration
 * 0055 have none) from what the account stores: its name, date of birth and address. A document
 * key cannot be recomputed (the number is not stored): a pre-0055 one moves to
 * `legacy_document_key`, still matched against new documents in its old form; one made under
 * another secret is dropped (its account keeps its verification; it is only not found as a
 * duplicate). Welcome-offer claims are append-only and keep the key they were made with; the
 * claim trigger also finds a claim through its account's current keys, which this recomputes.
 * Returns how many rows were rekeyed. Idempotent; safe to run on every start.
 */
export async function rekeyPersonKeys(client: Client, hasher: PersonKeyHasher): Promise<number> {
  const version = await hasher.version();
  const rs = await client.execute({
    sql: `SELECT pk.user_id, pk.document_key, pk.key_version, u.first_name, u.last_name, u.date_of_birth, u.address_line1, u.address_postcode
          FROM person_keys pk JOIN users u ON u.id = pk.user_id WHERE pk.key_version IS NOT ?`,
    args: [version],
  });
  for (const r of rs.rows) {
    const line1 = r.address_line1 === null ? null : String(r.address_line1);
    const postcode = r.address_postcode === null ? null : String(r.address_postcode);
    const keys = await hasher.keys(
      personKeyMaterial({
        firstName: String(r.first_name),
        lastName: String(r.last_name),
        dateOfBirth: r.date_of_birth === null ? "" : String(r.date_of_birth),
        address: line1 && postcode ? { line1, postcode } : null,
      }),
    );
    const legacy = r.key_version === null ? r.document_key : null;
    await client.execute({
      sql: `UPDATE person_keys SET identity_key = ?, identity_upper_key = ?, address_key = ?, document_key = NULL,
              legacy_document_key = COALESCE(?, legacy_document_key), key_version = ? WHERE user_id = ? AND key_version IS ?`,
      args: [keys.identity, keys.identityUpper, keys.address, legacy, version, r.user_id, r.key_version],
    });
  }
  return rs.rows.length;
}
