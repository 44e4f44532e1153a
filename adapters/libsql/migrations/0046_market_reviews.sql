-- A market an operator unsettled is "under review": its result was withdrawn because it is disputed,
-- so nothing may settle it again by itself. The results job (settle-decided.ts) and bulk settlement
-- leave it alone until an operator resettles it (a result recorded by a person clears the hold in
-- the same write) or releases it back to automatic settlement.
CREATE TABLE `market_reviews` (
	`market_id` text PRIMARY KEY NOT NULL,
	`opened_at` integer NOT NULL,
	`opened_by` text NOT NULL,
	`reason` text NOT NULL,
	FOREIGN KEY (`market_id`) REFERENCES `markets`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
-- The hold is kept by the database, whoever sends the SQL: the system settler (settled_by 'system')
-- cannot record a result on a market under review, even if it read the market before the hold.
CREATE TRIGGER markets_review_holds_system BEFORE UPDATE OF result_kind ON markets
WHEN NEW.result_kind IS NOT NULL AND NEW.settled_by = 'system'
  AND EXISTS (SELECT 1 FROM market_reviews WHERE market_id = NEW.id)
BEGIN SELECT RAISE(ABORT, 'MARKET.UNDER_REVIEW'); END;
