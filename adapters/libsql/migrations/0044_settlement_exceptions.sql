-- Settlement exceptions (docs/trading.md "Settlement exceptions"): a bet whose settlement a database
-- guard refuses (its return above its potential return, a ledger check) is not a 500 and does not
-- stop the rest of its market: the refusal is recorded here, with the guard that refused and what
-- settlement tried to write, for an operator to look at. One open exception per bet and guard
-- (a retry of the same settlement adds nothing); it is resolved when the bet settles by any path.
CREATE TABLE `settlement_exceptions` (
	`id` text PRIMARY KEY NOT NULL,
	`bet_id` text NOT NULL,
	`market_id` text,
	`code` text NOT NULL,
	`message` text NOT NULL,
	`attempted_status` text NOT NULL,
	`attempted_return` integer NOT NULL,
	`via` text NOT NULL,
	`created_at` integer NOT NULL,
	`resolved_at` integer,
	FOREIGN KEY (`bet_id`) REFERENCES `bets`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`market_id`) REFERENCES `markets`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "settlement_exceptions_status_ck" CHECK("attempted_status" IN ('won','lost','void')),
	CONSTRAINT "settlement_exceptions_return_ck" CHECK("attempted_return" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `settlement_exceptions_open_uq` ON `settlement_exceptions` (`bet_id`, `code`) WHERE `resolved_at` IS NULL;
--> statement-breakpoint
CREATE INDEX `settlement_exceptions_created_idx` ON `settlement_exceptions` (`created_at`);
--> statement-breakpoint
-- A bet that leaves pending (settled by hand, corrected, cashed out) resolves its open exceptions.
-- Only an UPDATE OF status fires it: placement inserts bets and never runs it.
CREATE TRIGGER `settlement_exceptions_resolve` AFTER UPDATE OF `status` ON `bets`
WHEN OLD.`status` = 'pending' AND NEW.`status` <> 'pending'
BEGIN
  UPDATE `settlement_exceptions` SET `resolved_at` = COALESCE(NEW.`settled_at`, OLD.`placed_at`)
  WHERE `bet_id` = NEW.`id` AND `resolved_at` IS NULL;
END;
