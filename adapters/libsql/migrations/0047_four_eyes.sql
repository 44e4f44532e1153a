-- Four eyes: a change that moves more money than a threshold (a resettlement, an operator's bonus)
-- or raises a market's limit far above the default is a request, applied only when a second staff
-- member approves it. The decision is written in the same write as the change it applies, so two
-- approvers racing cannot both apply it: the second one's write hits a decided request and aborts.
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
	CONSTRAINT "approval_requests_kind_ck" CHECK("approval_requests"."kind" IN ('bet_resettle','market_resettle','market_unsettle','market_limit','bonus')),
	CONSTRAINT "approval_requests_state_ck" CHECK("approval_requests"."state" IN ('pending','approved','rejected','stale')),
	CONSTRAINT "approval_requests_amount_ck" CHECK("approval_requests"."amount" >= 0),
	CONSTRAINT "approval_requests_decided_ck" CHECK(("approval_requests"."state" = 'pending') = ("approval_requests"."decided_by" IS NULL)),
	CONSTRAINT "approval_requests_four_eyes_ck" CHECK("approval_requests"."decided_by" IS NULL OR "approval_requests"."decided_by" <> "approval_requests"."requested_by")
);
--> statement-breakpoint
CREATE INDEX `approval_requests_state_idx` ON `approval_requests` (`state`,`requested_at`);
--> statement-breakpoint
-- One open request per thing (a bet, a market's result, a market's limit); bonuses to one customer may queue.
CREATE UNIQUE INDEX `approval_requests_open_uq` ON `approval_requests` (`kind`,`subject_id`) WHERE "approval_requests"."state" = 'pending' AND "approval_requests"."kind" <> 'bonus';
--> statement-breakpoint
-- Decided once: any update of a request that is no longer pending aborts the write that tries it.
CREATE TRIGGER approval_requests_decide_once BEFORE UPDATE ON approval_requests
WHEN OLD.state <> 'pending'
BEGIN SELECT RAISE(ABORT, 'APPROVAL.ALREADY_DECIDED'); END;
--> statement-breakpoint
CREATE TRIGGER approval_requests_fixed BEFORE UPDATE OF id, kind, subject_type, subject_id, amount, summary, payload, requested_by, requested_at ON approval_requests
BEGIN SELECT RAISE(ABORT, 'APPROVAL.IMMUTABLE'); END;
--> statement-breakpoint
CREATE TRIGGER approval_requests_no_delete BEFORE DELETE ON approval_requests
BEGIN SELECT RAISE(ABORT, 'APPROVAL.IMMUTABLE'); END;
--> statement-breakpoint
-- Thresholds (cents), changed with an UPDATE like the other risk settings: money moved by one
-- resettlement (bet or market) or unsettlement, 1,000.00; an operator's bonus, 500.00; a market
-- limit raised above 10 x the default limit of 2,000,000.00.
INSERT INTO `risk_settings` (`key`, `value`) VALUES ('approval_money_threshold', 100000);
--> statement-breakpoint
INSERT INTO `risk_settings` (`key`, `value`) VALUES ('approval_bonus_threshold', 50000);
--> statement-breakpoint
INSERT INTO `risk_settings` (`key`, `value`) VALUES ('approval_limit_threshold', 2000000000);
