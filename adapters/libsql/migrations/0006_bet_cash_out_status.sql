-- A bet can end cashed out (the customer took the cash-out quote). SQLite cannot alter a CHECK, so
-- the table is rebuilt with its indexes and guards (foreign keys are off during migrations).
CREATE TABLE `__new_bets` (
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
	CONSTRAINT "bets_stake_ck" CHECK("stake" > 0),
	CONSTRAINT "bets_status_ck" CHECK("status" IN ('pending','won','lost','void','cashed_out'))
);
--> statement-breakpoint
INSERT INTO `__new_bets` SELECT `id`, `user_id`, `bet_type`, `stake`, `total_odds_milli`, `potential_return`, `actual_return`, `status`, `placed_at`, `settled_at`, `settled_by` FROM `bets`;--> statement-breakpoint
DROP TABLE `bets`;--> statement-breakpoint
ALTER TABLE `__new_bets` RENAME TO `bets`;--> statement-breakpoint
CREATE INDEX `bets_user_placed_idx` ON `bets` (`user_id`,`placed_at`);--> statement-breakpoint
CREATE INDEX `bets_status_idx` ON `bets` (`status`);--> statement-breakpoint
CREATE INDEX `bets_placed_idx` ON `bets` (`placed_at`);--> statement-breakpoint
CREATE TRIGGER bets_settle_once BEFORE UPDATE OF status ON bets
WHEN OLD.status <> 'pending'
BEGIN SELECT RAISE(ABORT, 'BET.NOT_PENDING'); END;
--> statement-breakpoint
CREATE TRIGGER bets_terms_fixed BEFORE UPDATE OF stake, total_odds_milli, potential_return, user_id, placed_at ON bets
BEGIN SELECT RAISE(ABORT, 'BET.TERMS_IMMUTABLE'); END;
