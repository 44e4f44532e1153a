-- Price history: every change of an outcome's price is appended here by the database itself, in
-- the same write that changed it, whoever changed it. Append-only like the ledger.
CREATE TABLE `price_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`outcome_id` text NOT NULL,
	`market_id` text NOT NULL,
	`old_price_milli` integer NOT NULL,
	`new_price_milli` integer NOT NULL,
	`changed_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `price_changes_outcome_idx` ON `price_changes` (`outcome_id`,`changed_at`);--> statement-breakpoint
CREATE INDEX `price_changes_at_idx` ON `price_changes` (`changed_at`);--> statement-breakpoint
CREATE TRIGGER outcomes_price_history AFTER UPDATE OF price_milli ON outcomes
WHEN NEW.price_milli <> OLD.price_milli
BEGIN
  INSERT INTO price_changes (outcome_id, market_id, old_price_milli, new_price_milli, changed_at)
  VALUES (NEW.id, NEW.market_id, OLD.price_milli, NEW.price_milli, NEW.updated_at);
END;
--> statement-breakpoint
CREATE TRIGGER price_changes_no_update BEFORE UPDATE ON price_changes
BEGIN SELECT RAISE(ABORT, 'LEDGER.IMMUTABLE'); END;
--> statement-breakpoint
CREATE TRIGGER price_changes_no_delete BEFORE DELETE ON price_changes
BEGIN SELECT RAISE(ABORT, 'LEDGER.IMMUTABLE'); END;
