-- An event's own liability limit (docs/trading.md "Event limit"). An event's liability, per book,
-- is the sum over its markets of each market's worst outcome liability (outcome_liability). It is
-- kept as a running total in event_liability by a trigger on outcome_liability, so it moves with
-- every placement, settlement, void, cash-out, unsettlement and deletion that moves an outcome's
-- figure, and placement refuses a leg that takes its event's total past the event's limit.
--
-- The limit is events.liability_limit, or when that is NULL the house default, risk_settings
-- event_liability_limit (5,000,000.00), editable like the other risk settings.
ALTER TABLE `events` ADD `liability_limit` integer CHECK (`liability_limit` IS NULL OR `liability_limit` > 0);
--> statement-breakpoint
INSERT INTO `risk_settings` (`key`, `value`) VALUES ('event_liability_limit', 500000000);
--> statement-breakpoint
CREATE TABLE `event_liability` (
	`event_id` text NOT NULL,
	`demo` integer DEFAULT 0 NOT NULL,
	`worst_sum` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`event_id`, `demo`),
	CONSTRAINT "event_liability_demo_ck" CHECK("demo" IN (0, 1))
);
--> statement-breakpoint
INSERT INTO `event_liability` (`event_id`, `demo`, `worst_sum`)
SELECT m.event_id, w.demo, SUM(w.worst)
FROM (SELECT market_id, demo, MAX(0, MAX(liability)) AS worst FROM outcome_liability GROUP BY market_id, demo) w
JOIN markets m ON m.id = w.market_id
GROUP BY m.event_id, w.demo;
--> statement-breakpoint
-- An outcome's figure moved: its market's worst outcome may have moved with it. The market's other
-- outcomes in the same book (an index range of a handful of rows, outcome_liability_market_idx)
-- give the worst before and after; the difference goes to the event's total (one row by key).
CREATE TRIGGER outcome_liability_event_on_insert AFTER INSERT ON outcome_liability
BEGIN
  INSERT INTO event_liability (event_id, demo, worst_sum)
    SELECT m.event_id, NEW.demo, MAX(o.others, NEW.liability, 0) - MAX(o.others, 0)
    FROM markets m,
      (SELECT COALESCE(MAX(liability), 0) AS others FROM outcome_liability
        WHERE market_id = NEW.market_id AND demo = NEW.demo AND outcome_id <> NEW.outcome_id) o
    WHERE m.id = NEW.market_id
    ON CONFLICT (event_id, demo) DO UPDATE SET worst_sum = worst_sum + excluded.worst_sum;
END;
--> statement-breakpoint
CREATE TRIGGER outcome_liability_event_on_update AFTER UPDATE OF liability ON outcome_liability
WHEN NEW.liability <> OLD.liability
BEGIN
  INSERT INTO event_liability (event_id, demo, worst_sum)
    SELECT m.event_id, NEW.demo, MAX(o.others, NEW.liability, 0) - MAX(o.others, OLD.liability, 0)
    FROM markets m,
      (SELECT COALESCE(MAX(liability), 0) AS others FROM outcome_liability
        WHERE market_id = NEW.market_id AND demo = NEW.demo AND outcome_id <> NEW.outcome_id) o
    WHERE m.id = NEW.market_id
    ON CONFLICT (event_id, demo) DO UPDATE SET worst_sum = worst_sum + excluded.worst_sum;
END;
--> statement-breakpoint
CREATE TRIGGER outcome_liability_event_on_delete AFTER DELETE ON outcome_liability
BEGIN
  UPDATE event_liability
    SET worst_sum = worst_sum - (MAX(
      (SELECT COALESCE(MAX(liability), 0) FROM outcome_liability WHERE market_id = OLD.market_id AND demo = OLD.demo), OLD.liability, 0)
      - MAX((SELECT COALESCE(MAX(liability), 0) FROM outcome_liability WHERE market_id = OLD.market_id AND demo = OLD.demo), 0))
    WHERE event_id = (SELECT event_id FROM markets WHERE id = OLD.market_id) AND demo = OLD.demo;
END;
--> statement-breakpoint
-- The placement trigger of migration 0049, written again with one more check after the market's:
-- the event's running total in the bettor's book against the event's limit (two reads by key).
DROP TRIGGER IF EXISTS bet_legs_liability_limit;
--> statement-breakpoint
CREATE TRIGGER bet_legs_liability_limit AFTER INSERT ON bet_legs
BEGIN
  INSERT INTO outcome_liability (outcome_id, demo, market_id, liability)
    SELECT NEW.outcome_id, u.is_demo, NEW.market_id, b.potential_return - b.stake
    FROM bets b JOIN users u ON u.id = b.user_id
    WHERE b.id = NEW.bet_id AND b.status = 'pending'
    ON CONFLICT (outcome_id, demo) DO UPDATE SET liability = liability + excluded.liability;
  SELECT RAISE(ABORT, 'BET.LIABILITY_LIMIT')
    WHERE (SELECT l.liability FROM outcome_liability l
            WHERE l.outcome_id = NEW.outcome_id
              AND l.demo = (SELECT u.is_demo FROM users u WHERE u.id = (SELECT b.user_id FROM bets b WHERE b.id = NEW.bet_id)))
      > (SELECT liability_limit FROM markets WHERE id = NEW.market_id);
  SELECT RAISE(ABORT, 'BET.EVENT_LIMIT')
    WHERE (SELECT el.worst_sum FROM event_liability el
            WHERE el.event_id = NEW.event_id
              AND el.demo = (SELECT u.is_demo FROM users u WHERE u.id = (SELECT b.user_id FROM bets b WHERE b.id = NEW.bet_id)))
      > (SELECT COALESCE(e.liability_limit, (SELECT value FROM risk_settings WHERE key = 'event_liability_limit')) FROM events e WHERE e.id = NEW.event_id);
END;
--> statement-breakpoint
-- The approvals queue learns two more kinds of request: an event's limit raised past the four-eyes
-- threshold, and a four-eyes threshold (or the event limit default) loosened on the settings screen.
-- SQLite cannot change a CHECK in place: the table is copied into one with the wider check.
DROP TRIGGER approval_requests_decide_once;
--> statement-breakpoint
DROP TRIGGER approval_requests_fixed;
--> statement-breakpoint
DROP TRIGGER approval_requests_no_delete;
--> statement-breakpoint
DROP INDEX `approval_requests_open_uq`;
--> statement-breakpoint
DROP INDEX `approval_requests_state_idx`;
--> statement-breakpoint
ALTER TABLE `approval_requests` RENAME TO `approval_requests_0047`;
--> statement-breakpoint
CREATE TABLE `approval_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`subject_type` text NOT NULL,
	`subject_id` text NOT NULL,
	`amount` integer NOT NULL,
	`summary` text NOT NULL,
	`payload` text NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`requested_by` text NOT NULL,
	`requested_at` integer NOT NULL,
	`decided_by` text,
	`decided_at` integer,
	`decision_note` text,
	FOREIGN KEY (`requested_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`decided_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "approval_requests_kind_ck" CHECK("approval_requests"."kind" IN ('bet_resettle','market_resettle','market_unsettle','market_limit','bonus','event_limit','risk_setting')),
	CONSTRAINT "approval_requests_state_ck" CHECK("approval_requests"."state" IN ('pending','approved','rejected','stale')),
	CONSTRAINT "approval_requests_amount_ck" CHECK("approval_requests"."amount" >= 0),
	CONSTRAINT "approval_requests_decided_ck" CHECK(("approval_requests"."state" = 'pending') = ("approval_requests"."decided_by" IS NULL)),
	CONSTRAINT "approval_requests_four_eyes_ck" CHECK("approval_requests"."decided_by" IS NULL OR "approval_requests"."decided_by" <> "approval_requests"."requested_by")
);
--> statement-breakpoint
INSERT INTO `approval_requests` SELECT * FROM `approval_requests_0047`;
--> statement-breakpoint
DROP TABLE `approval_requests_0047`;
--> statement-breakpoint
CREATE INDEX `approval_requests_state_idx` ON `approval_requests` (`state`,`requested_at`);
--> statement-breakpoint
CREATE UNIQUE INDEX `approval_requests_open_uq` ON `approval_requests` (`kind`,`subject_id`) WHERE "approval_requests"."state" = 'pending' AND "approval_requests"."kind" <> 'bonus';
--> statement-breakpoint
CREATE TRIGGER approval_requests_decide_once BEFORE UPDATE ON approval_requests
WHEN OLD.state <> 'pending'
BEGIN SELECT RAISE(ABORT, 'APPROVAL.ALREADY_DECIDED'); END;
--> statement-breakpoint
CREATE TRIGGER approval_requests_fixed BEFORE UPDATE OF id, kind, subject_type, subject_id, amount, summary, payload, requested_by, requested_at ON approval_requests
BEGIN SELECT RAISE(ABORT, 'APPROVAL.IMMUTABLE'); END;
--> statement-breakpoint
CREATE TRIGGER approval_requests_no_delete BEFORE DELETE ON approval_requests
BEGIN SELECT RAISE(ABORT, 'APPROVAL.IMMUTABLE'); END;
