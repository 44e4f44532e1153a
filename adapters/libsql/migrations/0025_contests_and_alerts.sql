-- Issue 18, items 7 and 8: fantasy contests as a book; fraud alerts an operator can trust.
--
-- Contests: a guarantee is now a floor on the prize pool (max(guarantee, fees - rake)), the house
-- paying only the overlay at settlement. Contests created before this migration had their whole
-- guarantee moved into the pool at creation: guarantee_funded records that, so their settlement
-- gives the house back what the overlay did not use, and their cancellation returns it.
ALTER TABLE `fantasy_contests` ADD `guarantee_funded` integer DEFAULT 0 NOT NULL CHECK (`guarantee_funded` >= 0);--> statement-breakpoint
UPDATE `fantasy_contests` SET `guarantee_funded` = `guaranteed_prize`;--> statement-breakpoint
-- Multi-entry cap per contest: how many entries one customer may have (1 = single entry, as before).
-- Enforced inside the entry write (a count of the customer's entries against this column), which
-- replaces the unique (contest, user) index.
ALTER TABLE `fantasy_contests` ADD `max_entries_per_user` integer DEFAULT 1 NOT NULL
  CHECK (`max_entries_per_user` >= 1 AND `max_entries_per_user` <= `max_entries`);--> statement-breakpoint
DROP INDEX `fantasy_entries_contest_user_uq`;--> statement-breakpoint
CREATE INDEX `fantasy_entries_contest_user_idx` ON `fantasy_entries` (`contest_id`,`user_id`);--> statement-breakpoint
DROP TRIGGER `fantasy_contests_terms_fixed`;--> statement-breakpoint
CREATE TRIGGER fantasy_contests_terms_fixed BEFORE UPDATE OF entry_fee, guaranteed_prize, guarantee_funded, rake_percent, payout_table, max_entries, max_entries_per_user, sport_id ON fantasy_contests
BEGIN SELECT RAISE(ABORT, 'FANTASY.TERMS_IMMUTABLE'); END;
--> statement-breakpoint
-- Fraud alerts: how an operator resolved one. 'confirmed' (real fraud) and 'false_positive' give
-- each rule its precision on the fraud screen; 'resolved' is the spec's unclassified resolution.
-- Alerts resolved before this migration have none (NULL). The resolved_final trigger keeps it fixed.
ALTER TABLE `fraud_alerts` ADD `resolution` text
  CHECK (`resolution` IS NULL OR `resolution` IN ('confirmed','false_positive','resolved'));--> statement-breakpoint
CREATE INDEX `fraud_alerts_type_resolution_idx` ON `fraud_alerts` (`alert_type`,`resolution`);
