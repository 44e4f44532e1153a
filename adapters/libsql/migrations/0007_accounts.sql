-- Accounts (issue 3): identity details on the user (date of birth from registration, address from
-- basic verification), per-user settings, followed teams, and every sign-in attempt (so throttling
-- counts the same failures on every server instance).
ALTER TABLE `users` ADD `date_of_birth` text;--> statement-breakpoint
ALTER TABLE `users` ADD `address_line1` text;--> statement-breakpoint
ALTER TABLE `users` ADD `address_city` text;--> statement-breakpoint
ALTER TABLE `users` ADD `address_postcode` text;--> statement-breakpoint
ALTER TABLE `users` ADD `address_country` text;--> statement-breakpoint
CREATE TABLE `user_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`odds_format` text DEFAULT 'decimal' NOT NULL,
	`price_change_policy` text DEFAULT 'refuse' NOT NULL,
	`reality_check_minutes` integer DEFAULT 60 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "user_settings_odds_format_ck" CHECK("odds_format" IN ('decimal','fractional','american')),
	CONSTRAINT "user_settings_price_policy_ck" CHECK("price_change_policy" IN ('refuse','accept_higher','accept_any')),
	CONSTRAINT "user_settings_reality_check_ck" CHECK("reality_check_minutes" IN (0,30,60,90,120))
);
--> statement-breakpoint
CREATE TABLE `follows` (
	`user_id` text NOT NULL,
	`team` text NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `team`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `sign_in_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`ip` text,
	`success` integer NOT NULL,
	`at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sign_in_attempts_email_idx` ON `sign_in_attempts` (`email`,`at`);--> statement-breakpoint
CREATE INDEX `sign_in_attempts_ip_idx` ON `sign_in_attempts` (`ip`,`at`);--> statement-breakpoint
CREATE INDEX `sign_in_attempts_at_idx` ON `sign_in_attempts` (`at`);--> statement-breakpoint
-- The live-odds stream asks every half second what changed since a moment: index the change times.
CREATE INDEX `events_updated_idx` ON `events` (`updated_at`);--> statement-breakpoint
CREATE INDEX `markets_updated_idx` ON `markets` (`updated_at`);--> statement-breakpoint
CREATE INDEX `outcomes_updated_idx` ON `outcomes` (`updated_at`);
