CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`actor_id` text,
	`actor_role` text NOT NULL,
	`action` text NOT NULL,
	`entity_type` text NOT NULL,
	`entity_id` text NOT NULL,
	`before` text,
	`after` text,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `audit_entity_idx` ON `audit_log` (`entity_type`,`entity_id`);--> statement-breakpoint
CREATE INDEX `audit_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `bet_legs` (
	`id` text PRIMARY KEY NOT NULL,
	`bet_id` text NOT NULL,
	`leg_no` integer NOT NULL,
	`event_id` text NOT NULL,
	`market_id` text NOT NULL,
	`outcome_id` text NOT NULL,
	`odds_milli` integer NOT NULL,
	`result` text NOT NULL,
	`event_name` text NOT NULL,
	`market_name` text NOT NULL,
	`selection_name` text NOT NULL,
	FOREIGN KEY (`bet_id`) REFERENCES `bets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`market_id`) REFERENCES `markets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`outcome_id`) REFERENCES `outcomes`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `bet_legs_bet_idx` ON `bet_legs` (`bet_id`);--> statement-breakpoint
CREATE INDEX `bet_legs_event_idx` ON `bet_legs` (`event_id`);--> statement-breakpoint
CREATE TABLE `bets` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`bet_type` text NOT NULL,
	`stake` integer NOT NULL,
	`total_odds_milli` integer NOT NULL,
	`potential_return` integer NOT NULL,
	`actual_return` integer,
	`status` text NOT NULL,
	`placed_at` integer NOT NULL,
	`settled_at` integer,
	`settled_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "bets_stake_ck" CHECK("bets"."stake" > 0),
	CONSTRAINT "bets_status_ck" CHECK("bets"."status" IN ('pending','won','lost','void'))
);
--> statement-breakpoint
CREATE INDEX `bets_user_placed_idx` ON `bets` (`user_id`,`placed_at`);--> statement-breakpoint
CREATE INDEX `bets_status_idx` ON `bets` (`status`);--> statement-breakpoint
CREATE INDEX `bets_placed_idx` ON `bets` (`placed_at`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` text PRIMARY KEY NOT NULL,
	`sport` text NOT NULL,
	`league` text NOT NULL,
	`home_team` text NOT NULL,
	`away_team` text NOT NULL,
	`name` text NOT NULL,
	`description` text NOT NULL,
	`start_time` integer NOT NULL,
	`status` text NOT NULL,
	`minute` integer,
	`home_score` integer,
	`away_score` integer,
	`featured` integer DEFAULT false NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`sport`) REFERENCES `sports`(`code`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "events_status_ck" CHECK("events"."status" IN ('upcoming','live','finished'))
);
--> statement-breakpoint
CREATE INDEX `events_status_start_idx` ON `events` (`status`,`start_time`);--> statement-breakpoint
CREATE TABLE `idempotency_keys` (
	`user_id` text NOT NULL,
	`key` text NOT NULL,
	`request_hash` text NOT NULL,
	`response_status` integer NOT NULL,
	`response_body` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `key`)
);
--> statement-breakpoint
CREATE TABLE `ledger_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`user_id` text,
	`balance` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "ledger_accounts_kind_ck" CHECK("ledger_accounts"."kind" IN ('wallet','house','promotions')),
	CONSTRAINT "ledger_accounts_wallet_nonneg_ck" CHECK("ledger_accounts"."kind" <> 'wallet' OR "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_accounts_user_wallet_uq` ON `ledger_accounts` (`user_id`,`kind`);--> statement-breakpoint
CREATE TABLE `ledger_postings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`transaction_id` text NOT NULL,
	`account_id` text NOT NULL,
	`amount` integer NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`transaction_id`) REFERENCES `ledger_transactions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`account_id`) REFERENCES `ledger_accounts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "ledger_postings_nonzero_ck" CHECK("ledger_postings"."amount" <> 0)
);
--> statement-breakpoint
CREATE INDEX `ledger_postings_account_idx` ON `ledger_postings` (`account_id`);--> statement-breakpoint
CREATE INDEX `ledger_postings_tx_idx` ON `ledger_postings` (`transaction_id`);--> statement-breakpoint
CREATE TABLE `ledger_transactions` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`reference` text,
	`created_at` integer NOT NULL,
	`created_by` text
);
--> statement-breakpoint
CREATE INDEX `ledger_tx_reference_idx` ON `ledger_transactions` (`reference`);--> statement-breakpoint
CREATE TABLE `markets` (
	`id` text PRIMARY KEY NOT NULL,
	`event_id` text NOT NULL,
	`type` text NOT NULL,
	`name` text NOT NULL,
	`status` text NOT NULL,
	`sort_order` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "markets_status_ck" CHECK("markets"."status" IN ('open','suspended','closed'))
);
--> statement-breakpoint
CREATE INDEX `markets_event_idx` ON `markets` (`event_id`);--> statement-breakpoint
CREATE TABLE `outcomes` (
	`id` text PRIMARY KEY NOT NULL,
	`market_id` text NOT NULL,
	`name` text NOT NULL,
	`price_milli` integer NOT NULL,
	`sort_order` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`market_id`) REFERENCES `markets`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "outcomes_price_ck" CHECK("outcomes"."price_milli" >= 1010)
);
--> statement-breakpoint
CREATE INDEX `outcomes_market_idx` ON `outcomes` (`market_id`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `sports` (
	`code` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`sort_order` integer NOT NULL,
	`has_draw` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `users` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`first_name` text NOT NULL,
	`last_name` text NOT NULL,
	`role` text NOT NULL,
	`is_demo` integer DEFAULT false NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`verification_level` text DEFAULT 'none' NOT NULL,
	`password_hash` text,
	`created_at` integer NOT NULL,
	CONSTRAINT "users_role_ck" CHECK("users"."role" IN ('admin','customer','trader')),
	CONSTRAINT "users_verification_ck" CHECK("users"."verification_level" IN ('none','basic','full'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_uq` ON `users` (`email`);