/**
 * Person protection on libSQL: hashed person keys and the accounts of the same person,
 * the register's cached answers, refused verification attempts, and the operators'
 * responsible-gambling screen (facts and the interaction log). Person keys are stored only as keyed
 * hashes of the normalised key material (person-keys.ts, domain/responsible/person.ts), never in plain.
 */
import type { Reach } from "../../domain/shared/reach.ts";
import { inReach } from "./reach.ts";
import type { Client, InStatement, Row } from "@libsql/client";
import type { AuditEntry, VerificationLevel } from "../../domain/shared/types.ts";
import type {
  InteractionRecord, InteractionView, LinkedAccount, PersonRegistry, RegisterAnswer, RegisterCache, RgFacts, RgOperations,
} from "../../domain/ports/protection.ts";
import type { PersonKeyMaterial, PersonKeys, PersonMatch } from "../../domain/responsible/person.ts";
import type { PersonKeyHasher } from "./person-keys.ts";
import type { Exclusion } from "../../domain/responsible/exclusion.ts";
import { LIMIT_PERIODS } from "../../domain/responsible/limits.ts";
import { auditStatement } from "./audit.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";
import { exclusionInForceSql, exclusionOfRow } from "./responsible.ts";

/** Store (or refresh) the account's keys: a known address or document is kept when not given again. */
export function personKeyStatement(userId: string, keys: PersonKeys, at: Date): InStatement {
  return {
    sql: `INSERT INTO person_keys (user_id, identity_key, identity_upper_key, address_key, document_key, key_version, updated_at)
          VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (user_id) DO UPDATE SET identity_key = excluded.identity_key, identity_upper_key = excluded.identity_upper_key,
            address_key = COALESCE(excluded.address_key, person_keys.address_key),
            document_key = COALESCE(excluded.document_key, person_keys.document_key),
            key_version = excluded.key_version, updated_at = excluded.updated_at`,
    args: [userId, keys.identity, keys.identityUpper, keys.address, keys.document, keys.version, at.getTime()],
  };
}

/** Inside the document verification's write: no other active, fully verified account holds this document. */
export function documentUnusedAssertion(userId: string, keys: PersonKeys): InStatement {
  return assertStatement(
    `NOT EXISTS (SELECT 1 FROM person_keys pk JOIN users u ON u.id = pk.user_id
                 WHERE (pk.document_key = ?1 OR pk.legacy_document_key = ?2) AND pk.user_id <> ?3 AND u.is_active = 1 AND u.verification_level = 'full')`,
    [keys.document, keys.legacyDocument, userId],
  );
}

export const clearRejectionStatement = (userId: string): InStatement => ({
  sql: "DELETE FROM verification_rejections WHERE user_id = ?",
  args: [userId],
});

const MATCH_COLUMNS = `u.id, u.email, u.is_active, u.is_demo, u.verification_level`;

export class LibsqlPersonRegistry implements PersonRegistry {
  private readonly client: Client;
  private readonly hasher: PersonKeyHasher;
  constructor(client: Client, hasher: PersonKeyHasher) {
    this.client = client;
    this.hasher = hasher;
  }

  hashKeys(material: PersonKeyMaterial): Promise<PersonKeys> {
    return this.hasher.keys(material);
  }

  private async withExclusions(rows: Row[], now: Date): Promise<LinkedAccount[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => String(r.id));
    const rs = await this.client.execute({
      sql: `SELECT * FROM responsible_exclusions WHERE user_id IN (${ids.map(() => "?").join(",")}) AND ${exclusionInForceSql("?")} ORDER BY started_at`,
      args: [...ids, now.getTime()],
    });
    const byUser = new Map<string, Exclusion[]>();
    for (const r of rs.rows) {
      const list = byUser.get(String(r.user_id)) ?? [];
      list.push(exclusionOfRow(r));
      byUser.set(String(r.user_id), list);
    }
    return rows.map((r) => {
      const matchedOn: PersonMatch[] = [];
      if (Number(r.m_identity) === 1) matchedOn.push("identity");
      if (Number(r.m_address) === 1) matchedOn.push("address");
      if (Number(r.m_document) === 1) matchedOn.push("document");
      return {
        userId: String(r.id),
        email: String(r.email),
        isActive: Number(r.is_active) === 1,
        isDemo: Number(r.is_demo) === 1,
        verificationLevel: r.verification_level as VerificationLevel,
        matchedOn,
        exclusions: byUser.get(String(r.id)) ?? [],
      };
    });
  }

  async accountsMatching(keys: PersonKeys, userId: string | null, now: Date): Promise<LinkedAccount[]> {
    const rs = await this.client.execute({
      sql: `SELECT ${MATCH_COLUMNS}, (pk.identity_key = ?1 OR COALESCE(pk.identity_upper_key = ?5, 0)) AS m_identity,
              COALESCE(pk.address_key = ?2, 0) AS m_address,
              (COALESCE(pk.document_key = ?3, 0) OR COALESCE(pk.legacy_document_key = ?6, 0)) AS m_document
            FROM person_keys pk JOIN users u ON u.id = pk.user_id
            WHERE (pk.identity_key = ?1 OR pk.identity_upper_key = ?5 OR pk.address_key = ?2 OR pk.document_key = ?3
                   OR pk.legacy_document_key = ?6) AND pk.user_id IS NOT ?4`,
      args: [keys.identity, keys.address, keys.document, userId, keys.identityUpper, keys.legacyDocument],
    });
    return this.withExclusions(rs.rows, now);
  }

  async linkedTo(userId: string, now: Date): Promise<LinkedAccount[]> {
    const rs = await this.client.execute({
      sql: `SELECT ${MATCH_COLUMNS}, (pk.identity_key = me.identity_key OR COALESCE(pk.identity_upper_key = me.identity_upper_key, 0)) AS m_identity,
              COALESCE(pk.address_key = me.address_key, 0) AS m_address,
              (COALESCE(pk.document_key = me.document_key, 0) OR COALESCE(pk.legacy_document_key = me.legacy_document_key, 0)) AS m_document
            FROM person_keys me JOIN person_keys pk ON pk.user_id <> me.user_id
              AND (pk.identity_key = me.identity_key OR pk.identity_upper_key = me.identity_upper_key OR pk.address_key = me.address_key
                   OR pk.document_key = me.document_key OR pk.legacy_document_key = me.legacy_document_key)
            JOIN users u ON u.id = pk.user_id
            WHERE me.user_id = ?`,
      args: [userId],
    });
    return this.withExclusions(rs.rows, now);
  }

  async recordRejection(userId: string, step: "basic" | "document", reason: string, at: Date): Promise<void> {
    await this.client.execute({
      sql: `INSERT INTO verification_rejections (user_id, step, reason, rejected_at) VALUES (?, ?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET step = excluded.step, reason = excluded.reason, rejected_at = excluded.rejected_at`,
      args: [userId, step, reason.slice(0, 200), at.getTime()],
    });
  }

  async lastRejection(userId: string): Promise<{ step: string; reason: string; at: Date } | null> {
    const rs = await this.client.execute({ sql: "SELECT * FROM verification_rejections WHERE user_id = ?", args: [userId] });
    const r = rs.rows[0];
    return r ? { step: String(r.step), reason: String(r.reason), at: new Date(Number(r.rejected_at)) } : null;
  }
}

export class LibsqlRegisterCache implements RegisterCache {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async of(userId: string): Promise<{ listed: boolean; checkedAt: Date } | null> {
    const rs = await this.client.execute({ sql: "SELECT listed, checked_at FROM register_checks WHERE user_id = ?", args: [userId] });
    const r = rs.rows[0];
    return r ? { listed: Number(r.listed) === 1, checkedAt: new Date(Number(r.checked_at)) } : null;
  }

  async save(userId: string, answer: RegisterAnswer, at: Date): Promise<void> {
    await this.client.execute({
      sql: `INSERT INTO register_checks (user_id, listed, checked_at, reference) VALUES (?, ?, ?, ?)
            ON CONFLICT (user_id) DO UPDATE SET listed = excluded.listed, checked_at = excluded.checked_at, reference = excluded.reference`,
      args: [userId, answer.listed ? 1 : 0, at.getTime(), answer.reference],
    });
  }
}

const DAY = 86_400_000;
const customerOf = (r: Row) => ({
  userId: String(r.user_id),
  email: String(r.email),
  firstName: String(r.first_name),
  lastName: String(r.last_name),
});
const dateOrNull = (v: unknown) => (v === null || v === undefined ? null : new Date(Number(v)));

/**
 * A withdrawal reversed in the 30 days before ?1: a paid-out withdrawal marked reversed (by an
 * operator's "Mark reversed" or the reconciler, which set state and reversed_at), counted from when
 * it was reversed; and a legacy `withdrawal_reversal` row from before payments had states.
 */
const REVERSED_WITHDRAWAL_30 = `((p.direction = 'withdrawal' AND p.state = 'reversed' AND p.reversed_at > ?1 - 30 * ${DAY})
  OR (p.direction = 'withdrawal_reversal' AND p.created_at > ?1 - 30 * ${DAY}))`;

export class LibsqlRgOperations implements RgOperations {
  private readonly client: Client;
  constructor(client: Client) {
    this.client = client;
  }

  async facts(now: Date, reach: Reach): Promise<RgFacts> {
    const t = now.getTime();
    const mine = inReach(reach, "u.id");
    const USER = "u.id AS user_id, u.email, u.first_name, u.last_name";
    const [limits, exclusions, reality, activity] = await this.client.batch(
      [
        {
          sql: `SELECT ${USER}, rl.type, rl.period, rl.amount, rl.pending_amount, rl.pending_effective_at, rl.updated_at
                FROM responsible_limits rl JOIN users u ON u.id = rl.user_id
                WHERE (rl.amount IS NOT NULL OR rl.pending_effective_at IS NOT NULL) AND ${mine} ORDER BY u.email, rl.type, rl.period`,
          args: [],
        },
        {
          sql: `SELECT ${USER}, e.* FROM responsible_exclusions e JOIN users u ON u.id = e.user_id
                WHERE e.started_at <= ?1 AND ${exclusionInForceSql("?1", "e.")} AND ${mine} ORDER BY e.started_at DESC`,
          args: [t],
        },
        {
          sql: `SELECT ${USER}, COALESCE(s.reality_check_minutes, 60) AS minutes,
                  (SELECT COUNT(*) FROM responsible_exclusions b WHERE b.user_id = u.id AND b.reason = 'Reality check break') AS breaks,
                  (SELECT MAX(started_at) FROM responsible_exclusions b WHERE b.user_id = u.id AND b.reason = 'Reality check break') AS last_break
                FROM users u LEFT JOIN user_settings s ON s.user_id = u.id
                WHERE u.role = 'customer' AND ${mine} AND (s.user_id IS NOT NULL
                  OR EXISTS (SELECT 1 FROM responsible_exclusions b WHERE b.user_id = u.id AND b.reason = 'Reality check break'))
                ORDER BY breaks DESC, u.email`,
          args: [],
        },
        {
          // Per customer: deposits and net losses in the last 7 days and the 7 before, bets in the
          // last 30 days and those placed between 00:00 and 05:59 UTC, withdrawals reversed in the
          // last 30 days (REVERSED_WITHDRAWAL_30).
          sql: `SELECT ${USER},
                  (SELECT COALESCE(SUM(amount), 0) FROM payments p WHERE p.user_id = u.id AND p.direction = 'deposit' AND p.created_at > ?1 - 7 * ${DAY}) AS dep7,
                  (SELECT COALESCE(SUM(amount), 0) FROM payments p WHERE p.user_id = u.id AND p.direction = 'deposit'
                     AND p.created_at > ?1 - 14 * ${DAY} AND p.created_at <= ?1 - 7 * ${DAY}) AS dep_prior7,
                  (SELECT COALESCE(SUM(stake - COALESCE(actual_return, 0)), 0) FROM bets b WHERE b.user_id = u.id AND b.status <> 'pending'
                     AND b.placed_at > ?1 - 7 * ${DAY}) AS loss7,
                  (SELECT COALESCE(SUM(stake - COALESCE(actual_return, 0)), 0) FROM bets b WHERE b.user_id = u.id AND b.status <> 'pending'
                     AND b.placed_at > ?1 - 14 * ${DAY} AND b.placed_at <= ?1 - 7 * ${DAY}) AS loss_prior7,
                  (SELECT COUNT(*) FROM bets b WHERE b.user_id = u.id AND b.placed_at > ?1 - 30 * ${DAY}
                     AND (b.placed_at % ${DAY}) < 6 * 3600000) AS night30,
                  (SELECT COUNT(*) FROM bets b WHERE b.user_id = u.id AND b.placed_at > ?1 - 30 * ${DAY}) AS bets30,
                  (SELECT COUNT(*) FROM payments p WHERE p.user_id = u.id AND ${REVERSED_WITHDRAWAL_30}) AS rev30,
                  (SELECT MIN(created_at) FROM payments p WHERE p.user_id = u.id AND p.direction = 'deposit' AND p.created_at > ?1 - 7 * ${DAY}) AS dep_first7,
                  (SELECT MIN(placed_at) FROM bets b WHERE b.user_id = u.id AND b.status <> 'pending' AND b.placed_at > ?1 - 7 * ${DAY}) AS loss_first7,
                  (SELECT MIN(placed_at) FROM bets b WHERE b.user_id = u.id AND b.placed_at > ?1 - 30 * ${DAY}
                     AND (b.placed_at % ${DAY}) < 6 * 3600000) AS night_first30,
                  (SELECT MIN(COALESCE(p.reversed_at, p.created_at)) FROM payments p WHERE p.user_id = u.id AND ${REVERSED_WITHDRAWAL_30}) AS rev_first30
                FROM users u WHERE u.role = 'customer' AND ${mine}`,
          args: [t],
        },
      ],
      "read",
    );
    return {
      limits: limits.rows.map((r) => ({
        ...customerOf(r),
        type: r.type as "deposit" | "loss",
        period: r.period as (typeof LIMIT_PERIODS)[number],
        amount: r.amount === null ? null : Number(r.amount),
        pendingAmount: r.pending_amount === null ? null : Number(r.pending_amount),
        pendingEffectiveAt: dateOrNull(r.pending_effective_at),
        updatedAt: new Date(Number(r.updated_at)),
      })),
      exclusions: exclusions.rows.map((r) => ({ ...customerOf(r), exclusion: exclusionOfRow(r) })),
      realityChecks: reality.rows.map((r) => ({
        ...customerOf(r),
        minutes: Number(r.minutes),
        breaks: Number(r.breaks),
        lastBreakAt: dateOrNull(r.last_break),
      })),
      activity: activity.rows.map((r) => ({
        ...customerOf(r),
        depositsLast7: Number(r.dep7),
        depositsPrior7: Number(r.dep_prior7),
        lossLast7: Number(r.loss7),
        lossPrior7: Number(r.loss_prior7),
        nightBets30: Number(r.night30),
        bets30: Number(r.bets30),
        reversedWithdrawals30: Number(r.rev30),
        firstDeposit7: dateOrNull(r.dep_first7),
        firstLoss7: dateOrNull(r.loss_first7),
        firstNightBet30: dateOrNull(r.night_first30),
        firstReversal30: dateOrNull(r.rev_first30),
      })),
    };
  }

  async recordInteraction(i: InteractionRecord, audit: AuditEntry): Promise<"recorded" | "not_customer"> {
    try {
      await this.client.batch(
        [
          assertStatement("EXISTS (SELECT 1 FROM users WHERE id = ? AND role = 'customer')", [i.userId]),
          {
            sql: "INSERT INTO rg_interactions (id, user_id, operator_id, channel, summary, created_at) VALUES (?, ?, ?, ?, ?, ?)",
            args: [i.id, i.userId, i.operatorId, i.channel, i.summary, i.createdAt.getTime()],
          },
          auditStatement(audit),
        ],
        "write",
      );
      return "recorded";
    } catch (e) {
      if (constraintOf(e) === ASSERTION_FAILED) return "not_customer";
      throw e;
    }
  }

  async interactions(filter: { userId?: string; limit: number; reach: Reach }): Promise<InteractionView[]> {
    const rs = await this.client.execute({
      sql: `SELECT i.*, u.email, u.first_name, u.last_name, o.first_name || ' ' || o.last_name AS operator_name
            FROM rg_interactions i JOIN users u ON u.id = i.user_id JOIN users o ON o.id = i.operator_id
            WHERE (?1 IS NULL OR i.user_id = ?1) AND ${inReach(filter.reach, "i.user_id")} ORDER BY i.created_at DESC, i.id DESC LIMIT ?2`,
      args: [filter.userId ?? null, filter.limit],
    });
    return rs.rows.map((r) => ({
      id: String(r.id),
      userId: String(r.user_id),
      operatorId: String(r.operator_id),
      channel: r.channel as InteractionRecord["channel"],
      summary: String(r.summary),
      createdAt: new Date(Number(r.created_at)),
      customer: { email: String(r.email), firstName: String(r.first_name), lastName: String(r.last_name) },
      operatorName: String(r.operator_name),
    }));
  }
}
