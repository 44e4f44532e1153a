/** Responsible gambling and session activity on libSQL. */
import type { Client, InStatement, Row } from "@libsql/client";
import type { AuditEntry } from "../../domain/shared/types.ts";
import type { LimitWrite, ResponsibleGambling, ResponsibleSnapshot, WagerSnapshot } from "../../domain/ports/responsible-gambling.ts";
import type { SessionActivity, SessionRecord } from "../../domain/ports/session-activity.ts";
import {
  LIMIT_PERIODS, NET_LOSS_KINDS, noLimits, windowStart, type LimitPeriod, type LimitSetting, type LimitType, type PeriodAmounts,
} from "../../domain/responsible/limits.ts";
import type { Exclusion } from "../../domain/responsible/exclusion.ts";
import { sessionResult } from "../../domain/responsible/session-stats.ts";
import { auditStatement } from "./audit.ts";
import { ASSERTION_FAILED, assertStatement, constraintOf } from "./database.ts";
import { oneRow } from "./rows.ts";
import type { WagerGateVersions } from "./wager-gate-cache.ts";
import { VersionedCache } from "./versioned-cache.ts";

/**
 * An exclusion row in force at the time bound to `at` (an SQL parameter such as "?" or "?2"): its
 * period runs, or it is a self-exclusion whose return (plus cooling-off) has not come. The same
 * rule as domain/responsible/exclusion.ts inForce; the in-write guards use it too (wallet.ts).
 */
export const exclusionInForceSql = (at: string, alias = "") =>
  `(${alias}ends_at IS NULL OR ${alias}ends_at > ${at} OR (${alias}kind = 'self_exclusion' AND (${alias}return_access_at IS NULL OR ${alias}return_access_at > ${at})))`;

export const exclusionOfRow = (r: Row): Exclusion => ({
  id: String(r.id),
  kind: r.kind as Exclusion["kind"],
  startedAt: new Date(Number(r.started_at)),
  endsAt: r.ends_at === null ? null : new Date(Number(r.ends_at)),
  reason: r.reason === null ? null : String(r.reason),
  returnRequestedAt: r.return_requested_at == null ? null : new Date(Number(r.return_requested_at)),
  returnAccessAt: r.return_access_at == null ? null : new Date(Number(r.return_access_at)),
  sourceUserId: r.source_user_id == null ? null : String(r.source_user_id),
});

export const exclusionInsert = (userId: string, e: Exclusion): InStatement => ({
  sql: `INSERT INTO responsible_exclusions (id, user_id, kind, started_at, ends_at, reason, return_requested_at, return_access_at, source_user_id)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  args: [e.id, userId, e.kind, e.startedAt.getTime(), e.endsAt?.getTime() ?? null, e.reason,
    e.returnRequestedAt?.getTime() ?? null, e.returnAccessAt?.getTime() ?? null, e.sourceUserId ?? null],
});

const registerOf = (listed: unknown, checkedAt: unknown) =>
  checkedAt === null || checkedAt === undefined ? null : { listed: Number(listed) === 1, checkedAt: new Date(Number(checkedAt)) };

const KIND_LIST = NET_LOSS_KINDS.map((k) => `'${k}'`).join(",");

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

function settingOf(r: Row): LimitSetting {
  const effectiveAt = num(r.pending_effective_at);
  return {
    amount: num(r.amount),
    pending: effectiveAt === null ? null : { amount: num(r.pending_amount), effectiveAt: new Date(effectiveAt) },
  };
}

const periodSums = (r: Row | undefined, sign = 1): PeriodAmounts => ({
  daily: sign * Number(r?.daily ?? 0),
  weekly: sign * Number(r?.weekly ?? 0),
  monthly: sign * Number(r?.monthly ?? 0),
});

/** SUM over the three rolling windows ending at `now` in one pass (the monthly window holds the others). */
const windowSums = (column: string, at: string) =>
  LIMIT_PERIODS.map((p) => `COALESCE(SUM(CASE WHEN ${at} > ? THEN ${column} ELSE 0 END), 0) AS ${p}`).join(", ");
const windowArgs = (now: Date) => LIMIT_PERIODS.map((p) => windowStart(p, now).getTime());

export class LibsqlResponsible implements ResponsibleGambling {
  private readonly client: Client;
  /** Wager snapshots of customers with no loss limit and no exclusion, kept while current (wager-gate-cache.ts). */
  private readonly unrestricted: VersionedCache<WagerSnapshot>;
  constructor(client: Client, gateVersions: WagerGateVersions) {
    this.client = client;
    this.unrestricted = new VersionedCache(gateVersions);
  }

  async snapshot(userId: string, now: Date): Promise<ResponsibleSnapshot> {
    const t = now.getTime();
    const monthly = windowStart("monthly", now).getTime();
    const [limits, profile, exclusions, deposits, losses, register] = await this.client.batch(
      [
        { sql: "SELECT * FROM responsible_limits WHERE user_id = ?", args: [userId] },
        { sql: "SELECT limit_prompt_answered_at FROM responsible_profiles WHERE user_id = ?", args: [userId] },
        {
          sql: `SELECT * FROM responsible_exclusions WHERE user_id = ?1 AND ${exclusionInForceSql("?2")} ORDER BY started_at`,
          args: [userId, t],
        },
        {
          sql: `SELECT ${windowSums("amount", "created_at")} FROM payments
                WHERE user_id = ? AND direction = 'deposit' AND state IN ('pending', 'completed') AND created_at > ?`,
          args: [...windowArgs(now), userId, monthly],
        },
        {
          sql: `SELECT ${windowSums("p.amount", "t.created_at")}
                FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
                WHERE p.account_id = ? AND t.kind IN (${KIND_LIST}) AND t.created_at > ?`,
          args: [...windowArgs(now), `wallet:${userId}`, monthly],
        },
        { sql: "SELECT listed, checked_at FROM register_checks WHERE user_id = ?", args: [userId] },
      ],
      "read",
    );
    const out = { deposit: noLimits(), loss: noLimits() };
    for (const r of limits.rows) out[r.type as LimitType][r.period as LimitPeriod] = settingOf(r);
    return {
      limits: out,
      limitPromptAnswered: profile.rows[0]?.limit_prompt_answered_at != null,
      exclusions: exclusions.rows.map(exclusionOfRow),
      deposited: periodSums(deposits.rows[0]),
      // Stakes are negative postings on the wallet: net loss is minus their sum with the returns.
      netLoss: periodSums(losses.rows[0], -1),
      register: register.rows[0] ? registerOf(register.rows[0].listed, register.rows[0].checked_at) : null,
    };
  }

  /**
   * One statement (placement runs it for every bet): loss limits and exclusions as JSON, and the
   * net-loss sums only when a loss limit is stored (CASE evaluates the subquery only then).
   */
  async wagerSnapshot(userId: string, now: Date): Promise<WagerSnapshot> {
    const kept = this.unrestricted.get(userId);
    if (kept) return kept;
    const t = now.getTime();
    const rs = await this.client.execute(oneRow({
      sql: `SELECT
          (SELECT json_group_array(json_array(period, amount, pending_amount, pending_effective_at))
             FROM responsible_limits WHERE user_id = ?1 AND type = 'loss') AS limits,
          (SELECT json_group_array(json_array(id, kind, started_at, ends_at, reason, return_requested_at, return_access_at, source_user_id)) FROM
             (SELECT * FROM responsible_exclusions WHERE user_id = ?1 AND ${exclusionInForceSql("?2")} ORDER BY started_at)) AS exclusions,
          (SELECT json_array(listed, checked_at) FROM register_checks WHERE user_id = ?1) AS register,
          CASE WHEN EXISTS (SELECT 1 FROM responsible_limits WHERE user_id = ?1 AND type = 'loss') THEN
            (SELECT json_array(${LIMIT_PERIODS.map((p, i) => `COALESCE(SUM(CASE WHEN t.created_at > ?${i + 4} THEN p.amount ELSE 0 END), 0)`).join(", ")})
               FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
              WHERE p.account_id = ?3 AND t.kind IN (${KIND_LIST}) AND t.created_at > ?${LIMIT_PERIODS.indexOf("monthly") + 4})
          END AS losses,
          (SELECT wager_gate_version FROM users WHERE id = ?1) AS gate_version`,
      args: [userId, t, `wallet:${userId}`, ...windowArgs(now)],
    }));
    const r = rs.rows[0];
    const lossLimits = noLimits();
    const limitRows = JSON.parse(String(r.limits)) as [LimitPeriod, number | null, number | null, number | null][];
    for (const [period, amount, pendingAmount, pendingAt] of limitRows)
      lossLimits[period] = {
        amount,
        pending: pendingAt === null ? null : { amount: pendingAmount, effectiveAt: new Date(pendingAt) },
      };
    type Cols = [string, Exclusion["kind"], number, number | null, string | null, number | null, number | null, string | null];
    const exclusions = (JSON.parse(String(r.exclusions)) as Cols[]).map(
      ([id, kind, startedAt, endsAt, reason, returnRequestedAt, returnAccessAt, sourceUserId]): Exclusion => ({
        id,
        kind,
        startedAt: new Date(startedAt),
        endsAt: endsAt === null ? null : new Date(endsAt),
        reason,
        returnRequestedAt: returnRequestedAt === null ? null : new Date(returnRequestedAt),
        returnAccessAt: returnAccessAt === null ? null : new Date(returnAccessAt),
        sourceUserId,
      }),
    );
    const reg = r.register === null ? null : (JSON.parse(String(r.register)) as [number, number]);
    const sums = r.losses === null ? [0, 0, 0] : (JSON.parse(String(r.losses)) as number[]);
    const netLoss = { daily: 0, weekly: 0, monthly: 0 };
    LIMIT_PERIODS.forEach((p, i) => (netLoss[p] = sums[i] === 0 ? 0 : -sums[i]));
    const snapshot: WagerSnapshot = { exclusions, lossLimits, netLoss, register: reg ? registerOf(reg[0], reg[1]) : null };
    // Kept only with no loss limit and no exclusion: then nothing in it moves with time or with other
    // writes (net losses are summed only under a limit; an exclusion starts only by a new row).
    if (limitRows.length === 0 && exclusions.length === 0 && r.gate_version !== null)
      this.unrestricted.set(userId, Number(r.gate_version), snapshot);
    return snapshot;
  }

  async saveLimit(w: LimitWrite): Promise<boolean> {
    const e = w.expected;
    const at = w.at.getTime();
    const statements: InStatement[] = [
      // Compare-and-set: the stored row is still what the decision was based on (no row = no limit).
      assertStatement(
        `COALESCE((SELECT amount IS ? AND pending_amount IS ? AND pending_effective_at IS ?
                   FROM responsible_limits WHERE user_id = ? AND type = ? AND period = ?), ?)`,
        [e.amount, e.pending?.amount ?? null, e.pending?.effectiveAt.getTime() ?? null, w.userId, w.type, w.period,
          e.amount === null && e.pending === null ? 1 : 0],
      ),
      {
        sql: `INSERT INTO responsible_limits (user_id, type, period, amount, pending_amount, pending_effective_at, updated_at)
              VALUES (?, ?, ?, ?, ?, ?, ?)
              ON CONFLICT (user_id, type, period) DO UPDATE SET amount = excluded.amount, pending_amount = excluded.pending_amount,
                pending_effective_at = excluded.pending_effective_at, updated_at = excluded.updated_at`,
        args: [w.userId, w.type, w.period, w.next.amount, w.next.pending?.amount ?? null, w.next.pending?.effectiveAt.getTime() ?? null, at],
      },
      auditStatement(w.audit),
    ];
    if (w.type === "deposit" && w.next.amount !== null)
      statements.push({
        sql: `INSERT INTO responsible_profiles (user_id, limit_prompt_answered_at, limit_prompt_declined, updated_at) VALUES (?, ?, 0, ?)
              ON CONFLICT (user_id) DO UPDATE SET limit_prompt_answered_at = COALESCE(limit_prompt_answered_at, excluded.limit_prompt_answered_at),
                updated_at = excluded.updated_at`,
        args: [w.userId, at, at],
      });
    try {
      await this.client.batch(statements, "write");
      return true;
    } catch (err) {
      if (constraintOf(err) === ASSERTION_FAILED) return false;
      throw err;
    }
  }

  async declineLimitPrompt(userId: string, at: Date, audit: AuditEntry): Promise<void> {
    await this.client.batch(
      [
        {
          sql: `INSERT INTO responsible_profiles (user_id, limit_prompt_answered_at, limit_prompt_declined, updated_at) VALUES (?, ?, 1, ?)
                ON CONFLICT (user_id) DO UPDATE SET limit_prompt_answered_at = COALESCE(limit_prompt_answered_at, excluded.limit_prompt_answered_at),
                  limit_prompt_declined = 1, updated_at = excluded.updated_at`,
          args: [userId, at.getTime(), at.getTime()],
        },
        auditStatement(audit),
      ],
      "write",
    );
  }

  async addExclusion(userId: string, e: Exclusion, audit: AuditEntry, linked: { userId: string; exclusion: Exclusion }[] = []): Promise<void> {
    await this.client.batch(
      [exclusionInsert(userId, e), ...linked.map((l) => exclusionInsert(l.userId, l.exclusion)), auditStatement(audit)],
      "write",
    );
  }

  async requestReturn(userId: string, r: { exclusionIds: string[]; requestedAt: Date; accessAt: Date }, audit: AuditEntry): Promise<boolean> {
    const at = r.requestedAt.getTime();
    try {
      await this.client.batch(
        [
          ...r.exclusionIds.flatMap((id): InStatement[] => [
            {
              sql: `UPDATE responsible_exclusions SET return_requested_at = ?, return_access_at = ?
                    WHERE id = ? AND user_id = ? AND kind = 'self_exclusion' AND ends_at IS NOT NULL AND ends_at <= ? AND return_requested_at IS NULL`,
              args: [at, r.accessAt.getTime(), id, userId, at],
            },
            assertStatement("changes() = 1", []),
          ]),
          auditStatement(audit),
        ],
        "write",
      );
      return true;
    } catch (err) {
      if (constraintOf(err) === ASSERTION_FAILED) return false;
      throw err;
    }
  }
}

/** Touches closer together than this write nothing. */
const TOUCH_EVERY_MS = 60_000;

export class LibsqlSessionActivity implements SessionActivity {
  private readonly client: Client;
  /** Per-process memo of the last touch, only to save writes; the database decides. */
  private readonly lastTouch = new Map<string, number>();
  constructor(client: Client) {
    this.client = client;
  }

  async touch(sessionId: string, at: Date): Promise<void> {
    const t = at.getTime();
    const last = this.lastTouch.get(sessionId);
    if (last !== undefined && t >= last && t - last < TOUCH_EVERY_MS) return;
    if (this.lastTouch.size > 10_000) this.lastTouch.clear();
    this.lastTouch.set(sessionId, t);
    await this.client.execute({
      sql: `INSERT INTO session_activity (session_id, user_id, started_at, last_seen_at)
            SELECT id, user_id, created_at, MAX(?, created_at) FROM sessions WHERE id = ?
            ON CONFLICT (session_id) DO UPDATE SET last_seen_at = excluded.last_seen_at
            WHERE excluded.last_seen_at > session_activity.last_seen_at`,
      args: [t, sessionId],
    });
  }

  async startOf(sessionId: string): Promise<Date | null> {
    const rs = await this.client.execute({
      sql: `SELECT COALESCE((SELECT created_at FROM sessions WHERE id = ?), (SELECT started_at FROM session_activity WHERE session_id = ?)) AS s`,
      args: [sessionId, sessionId],
    });
    const v = rs.rows[0]?.s;
    return v === null || v === undefined ? null : new Date(Number(v));
  }

  async recent(userId: string, since: Date): Promise<{ sessions: SessionRecord[]; longestMs: number }> {
    const [recent, longest] = await this.client.batch(
      [
        {
          sql: "SELECT session_id, started_at, last_seen_at FROM session_activity WHERE user_id = ? AND last_seen_at >= ? ORDER BY started_at",
          args: [userId, since.getTime()],
        },
        { sql: "SELECT COALESCE(MAX(last_seen_at - started_at), 0) AS ms FROM session_activity WHERE user_id = ?", args: [userId] },
      ],
      "read",
    );
    return {
      sessions: recent.rows.map((r) => ({
        sessionId: String(r.session_id),
        startedAt: new Date(Number(r.started_at)),
        lastSeenAt: new Date(Number(r.last_seen_at)),
      })),
      longestMs: Number(longest.rows[0]?.ms ?? 0),
    };
  }

  async netWinLossSince(userId: string, since: Date): Promise<{ net: number; openStakes: number }> {
    // Money not decided yet is not a loss (domain/responsible/session-stats.ts sessionResult): the
    // stake of a pending bet, and the fee of a contest entry not resolved yet.
    const rs = await this.client.execute({
      sql: `SELECT (b.status = 'pending' OR e.status = 'active') AS open, COALESCE(SUM(p.amount), 0) AS amount
            FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
            LEFT JOIN bets b ON t.kind = 'bet_stake' AND b.id = t.reference
            LEFT JOIN fantasy_entries e ON t.kind = 'contest_entry' AND e.id = t.reference
            WHERE p.account_id = ? AND t.kind IN (${KIND_LIST}) AND t.created_at >= ?
            GROUP BY 1`,
      args: [`wallet:${userId}`, since.getTime()],
    });
    return sessionResult(rs.rows.map((r) => ({ amount: Number(r.amount), open: Number(r.open) === 1 })));
  }
}
