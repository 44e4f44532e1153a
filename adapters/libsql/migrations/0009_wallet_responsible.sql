-- Customer wallet and responsible gambling (issue 3): payment records (deposits, withdrawals and
-- their reversals; append-only), deposit and loss limits with their pending changes, the
-- first-deposit limit prompt, exclusions (time-outs and self-exclusions; append-only, so none can
-- be lifted or shortened), session activity for reality-check statistics, and cash-out quotes.
CREATE TABLE `payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`direction` text NOT NULL,
	`method` text NOT NULL,
	`amount` integer NOT NULL,
	`fee` integer DEFAULT 0 NOT NULL,
	`bonus` integer DEFAULT 0 NOT NULL,
	`provider_reference` text,
	`transaction_id` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transaction_id`) REFERENCES `ledger_transactions`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payments_direction_ck" CHECK("direction" IN ('deposit','withdrawal','withdrawal_reversal')),
	CONSTRAINT "payments_method_ck" CHECK("method" IN ('card','paypal','crypto','bank')),
	CONSTRAINT "payments_amounts_ck" CHECK("amount" > 0 AND "fee" >= 0 AND "fee" < "amount" AND "bonus" >= 0)
);
--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`,`direction`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_tx_idx` ON `payments` (`transaction_id`);--> statement-breakpoint
CREATE TRIGGER payments_no_update BEFORE UPDATE ON payments
BEGIN SELECT RAISE(ABORT, 'LEDGER.IMMUTABLE'); END;
--> statement-breakpoint
CREATE TRIGGER payments_no_delete BEFORE DELETE ON payments
BEGIN SELECT RAISE(ABORT, 'LEDGER.IMMUTABLE'); END;
--> statement-breakpoint
CREATE TABLE `responsible_limits` (
	`user_id` text NOT NULL,
	`type` text NOT NULL,
	`period` text NOT NULL,
	`amount` integer,
	`pending_amount` integer,
	`pending_effective_at` integer,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `type`, `period`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "responsible_limits_type_ck" CHECK("type" IN ('deposit','loss')),
	CONSTRAINT "responsible_limits_period_ck" CHECK("period" IN ('daily','weekly','monthly')),
	CONSTRAINT "responsible_limits_amount_ck" CHECK("amount" IS NULL OR "amount" > 0),
	CONSTRAINT "responsible_limits_pending_ck" CHECK(("pending_effective_at" IS NULL AND "pending_amount" IS NULL) OR ("pending_effective_at" IS NOT NULL AND ("pending_amount" IS NULL OR "pending_amount" > 0)))
);
--> statement-breakpoint
CREATE TABLE `responsible_profiles` (
	`user_id` text PRIMARY KEY NOT NULL,
	`limit_prompt_answered_at` integer,
	`limit_prompt_declined` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `responsible_exclusions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`started_at` integer NOT NULL,
	`ends_at` integer,
	`reason` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "responsible_exclusions_kind_ck" CHECK("kind" IN ('timeout','self_exclusion')),
	CONSTRAINT "responsible_exclusions_end_ck" CHECK("ends_at" IS NULL OR "ends_at" > "started_at")
);
--> statement-breakpoint
CREATE INDEX `responsible_exclusions_user_idx` ON `responsible_exclusions` (`user_id`,`ends_at`);--> statement-breakpoint
CREATE TRIGGER responsible_exclusions_no_update BEFORE UPDATE ON responsible_exclusions
BEGIN SELECT RAISE(ABORT, 'RG.EXCLUSION_IMMUTABLE'); END;
--> statement-breakpoint
CREATE TRIGGER responsible_exclusions_no_delete BEFORE DELETE ON responsible_exclusions
BEGIN SELECT RAISE(ABORT, 'RG.EXCLUSION_IMMUTABLE'); END;
--> statement-breakpoint
CREATE TABLE `session_activity` (
	`session_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`started_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `session_activity_user_idx` ON `session_activity` (`user_id`,`last_seen_at`);--> statement-breakpoint
CREATE TABLE `cash_out_quotes` (
	`id` text PRIMARY KEY NOT NULL,
	`bet_id` text NOT NULL,
	`user_id` text NOT NULL,
	`amount` integer NOT NULL,
	`leg_prices` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`bet_id`) REFERENCES `bets`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "cash_out_quotes_amount_ck" CHECK("amount" >= 0)
);
--> statement-breakpoint
CREATE INDEX `cash_out_quotes_bet_idx` ON `cash_out_quotes` (`bet_id`);--> statement-breakpoint
CREATE INDEX `cash_out_quotes_expires_idx` ON `cash_out_quotes` (`expires_at`);--> statement-breakpoint
-- Same game multis are looked up by type for the popular list.
CREATE INDEX `bets_type_idx` ON `bets` (`bet_type`,`status`);
