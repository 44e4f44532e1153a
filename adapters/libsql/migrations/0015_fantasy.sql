-- Fantasy sports: sports with their roster and salary cap, leagues, players, contests with their
-- prize-pool ledger accounts (created with the contest, kind fantasy_pool), entries with lineups,
-- and the points the stats feed awards per contest. Money columns are integer cents; salaries are
-- whole fantasy dollars; points are integer hundredths.
CREATE TABLE `fantasy_sports` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`season` text NOT NULL,
	`status` text NOT NULL,
	`settings` text DEFAULT '{}' NOT NULL,
	`roster` text NOT NULL,
	`salary_cap` integer NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text,
	CONSTRAINT "fantasy_sports_status_ck" CHECK("fantasy_sports"."status" IN ('active','inactive','completed')),
	CONSTRAINT "fantasy_sports_cap_ck" CHECK("fantasy_sports"."salary_cap" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fantasy_sports_name_season_uq` ON `fantasy_sports` (lower("name"),lower("season"));--> statement-breakpoint
CREATE TABLE `fantasy_leagues` (
	`id` text PRIMARY KEY NOT NULL,
	`sport_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`format` text NOT NULL,
	`max_teams` integer NOT NULL,
	`entry_fee` integer NOT NULL,
	`prize_pool` integer NOT NULL,
	`season_start` text,
	`season_end` text,
	`status` text NOT NULL,
	`settings` text DEFAULT '{}' NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text,
	FOREIGN KEY (`sport_id`) REFERENCES `fantasy_sports`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "fantasy_leagues_teams_ck" CHECK("fantasy_leagues"."max_teams" BETWEEN 4 AND 20),
	CONSTRAINT "fantasy_leagues_money_ck" CHECK("fantasy_leagues"."entry_fee" >= 0 AND "fantasy_leagues"."prize_pool" >= 0),
	CONSTRAINT "fantasy_leagues_status_ck" CHECK("fantasy_leagues"."status" IN ('active','upcoming','completed'))
);
--> statement-breakpoint
CREATE INDEX `fantasy_leagues_sport_idx` ON `fantasy_leagues` (`sport_id`);--> statement-breakpoint
CREATE TABLE `fantasy_players` (
	`id` text PRIMARY KEY NOT NULL,
	`sport_id` text NOT NULL,
	`name` text NOT NULL,
	`team` text NOT NULL,
	`position` text NOT NULL,
	`salary` integer NOT NULL,
	`projected_x100` integer,
	`injury_status` text DEFAULT 'healthy' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`sport_id`) REFERENCES `fantasy_sports`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "fantasy_players_salary_ck" CHECK("fantasy_players"."salary" >= 0),
	CONSTRAINT "fantasy_players_projection_ck" CHECK("fantasy_players"."projected_x100" IS NULL OR "fantasy_players"."projected_x100" >= 0),
	CONSTRAINT "fantasy_players_injury_ck" CHECK("fantasy_players"."injury_status" IN ('healthy','questionable','doubtful','out'))
);
--> statement-breakpoint
CREATE INDEX `fantasy_players_sport_position_idx` ON `fantasy_players` (`sport_id`,`position`);--> statement-breakpoint
CREATE TABLE `fantasy_contests` (
	`id` text PRIMARY KEY NOT NULL,
	`sport_id` text NOT NULL,
	`name` text NOT NULL,
	`type` text NOT NULL,
	`entry_fee` integer NOT NULL,
	`guaranteed_prize` integer DEFAULT 0 NOT NULL,
	`max_entries` integer NOT NULL,
	`min_entries` integer NOT NULL,
	`current_entries` integer DEFAULT 0 NOT NULL,
	`rake_percent` integer NOT NULL,
	`payout_table` text NOT NULL,
	`roster` text NOT NULL,
	`salary_cap` integer NOT NULL,
	`start_time` integer NOT NULL,
	`end_time` integer NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`settings` text DEFAULT '{}' NOT NULL,
	`is_private` integer DEFAULT false NOT NULL,
	`invite_code` text,
	`created_by` text,
	`created_at` integer NOT NULL,
	`locked_at` integer,
	`live_at` integer,
	`scored_at` integer,
	`resolved_at` integer,
	FOREIGN KEY (`sport_id`) REFERENCES `fantasy_sports`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "fantasy_contests_status_ck" CHECK("fantasy_contests"."status" IN ('open','locked','live','settled','cancelled')),
	CONSTRAINT "fantasy_contests_money_ck" CHECK("fantasy_contests"."entry_fee" >= 0 AND "fantasy_contests"."guaranteed_prize" >= 0),
	CONSTRAINT "fantasy_contests_entries_ck" CHECK("fantasy_contests"."max_entries" >= 1 AND "fantasy_contests"."min_entries" BETWEEN 1 AND "fantasy_contests"."max_entries"),
	CONSTRAINT "fantasy_contests_full_ck" CHECK("fantasy_contests"."current_entries" BETWEEN 0 AND "fantasy_contests"."max_entries"),
	CONSTRAINT "fantasy_contests_rake_ck" CHECK("fantasy_contests"."rake_percent" BETWEEN 0 AND 50),
	CONSTRAINT "fantasy_contests_times_ck" CHECK("fantasy_contests"."end_time" > "fantasy_contests"."start_time")
);
--> statement-breakpoint
CREATE INDEX `fantasy_contests_status_start_idx` ON `fantasy_contests` (`status`,`start_time`);--> statement-breakpoint
CREATE INDEX `fantasy_contests_sport_idx` ON `fantasy_contests` (`sport_id`);--> statement-breakpoint
CREATE TABLE `fantasy_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`contest_id` text NOT NULL,
	`user_id` text NOT NULL,
	`lineup` text NOT NULL,
	`salary_used` integer NOT NULL,
	`fee` integer NOT NULL,
	`points_x100` integer DEFAULT 0 NOT NULL,
	`rank` integer,
	`payout` integer,
	`status` text DEFAULT 'active' NOT NULL,
	`entered_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`contest_id`) REFERENCES `fantasy_contests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "fantasy_entries_fee_ck" CHECK("fantasy_entries"."fee" >= 0),
	CONSTRAINT "fantasy_entries_payout_ck" CHECK("fantasy_entries"."payout" IS NULL OR "fantasy_entries"."payout" >= 0),
	CONSTRAINT "fantasy_entries_status_ck" CHECK("fantasy_entries"."status" IN ('active','won','lost','refunded'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fantasy_entries_contest_user_uq` ON `fantasy_entries` (`contest_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `fantasy_entries_user_idx` ON `fantasy_entries` (`user_id`,`entered_at`);--> statement-breakpoint
CREATE TABLE `fantasy_contest_player_points` (
	`contest_id` text NOT NULL,
	`player_id` text NOT NULL,
	`points_x100` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`contest_id`, `player_id`),
	FOREIGN KEY (`contest_id`) REFERENCES `fantasy_contests`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`player_id`) REFERENCES `fantasy_players`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- A settlement or cancellation ends by asserting (here) that the contest's pool is empty: what it
-- pays out is exactly what went in. Like write_assertions, the table is always empty.
CREATE TABLE `fantasy_pool_checks` (
	`ok` integer NOT NULL,
	CONSTRAINT "fantasy_pool_must_be_empty" CHECK("ok" = 1)
);
--> statement-breakpoint
CREATE TRIGGER fantasy_pool_checks_keep_empty AFTER INSERT ON fantasy_pool_checks
BEGIN DELETE FROM fantasy_pool_checks WHERE rowid = NEW.rowid; END;
--> statement-breakpoint
-- Contest status moves forward only: open -> locked | cancelled; locked -> live | settled |
-- cancelled; live -> settled | cancelled. Settled and cancelled are final, so a second settlement
-- (or a cancel after it) aborts its whole write and pays nothing.
CREATE TRIGGER fantasy_contests_status_forward BEFORE UPDATE OF status ON fantasy_contests
WHEN NOT (
  (OLD.status = 'open' AND NEW.status IN ('locked','cancelled')) OR
  (OLD.status = 'locked' AND NEW.status IN ('live','settled','cancelled')) OR
  (OLD.status = 'live' AND NEW.status IN ('settled','cancelled'))
)
BEGIN SELECT RAISE(ABORT, 'FANTASY.INVALID_TRANSITION'); END;
--> statement-breakpoint
-- The money terms of a contest are fixed when it is created.
CREATE TRIGGER fantasy_contests_terms_fixed BEFORE UPDATE OF entry_fee, guaranteed_prize, rake_percent, payout_table, max_entries, sport_id ON fantasy_contests
BEGIN SELECT RAISE(ABORT, 'FANTASY.TERMS_IMMUTABLE'); END;
--> statement-breakpoint
-- An entry's fee and owner are fixed, and its lineup changes only while the contest is open.
CREATE TRIGGER fantasy_entries_terms_fixed BEFORE UPDATE OF fee, user_id, contest_id ON fantasy_entries
BEGIN SELECT RAISE(ABORT, 'FANTASY.TERMS_IMMUTABLE'); END;
--> statement-breakpoint
CREATE TRIGGER fantasy_entries_lineup_while_open BEFORE UPDATE OF lineup ON fantasy_entries
WHEN (SELECT status FROM fantasy_contests WHERE id = NEW.contest_id) <> 'open'
BEGIN SELECT RAISE(ABORT, 'FANTASY.LINEUP_LOCKED'); END;
