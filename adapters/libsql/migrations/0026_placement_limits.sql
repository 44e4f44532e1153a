-- Placement limits inside the placement write (issue 18 item 1; docs/trading.md "Placement limits").
--
-- outcome_liability: per outcome, the sum over PENDING bets with a leg on it of
-- (potential_return - stake). A multiple counts once, in full, on every outcome it touches. Kept by
-- the triggers below in the same write as the bet, so the limit check is one primary-key read.
CREATE TABLE `outcome_liability` (
	`outcome_id` text PRIMARY KEY NOT NULL,
	`market_id` text NOT NULL,
	`liability` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX `outcome_liability_market_idx` ON `outcome_liability` (`market_id`);
--> statement-breakpoint
INSERT INTO `outcome_liability` (`outcome_id`, `market_id`, `liability`)
SELECT l.outcome_id, l.market_id, SUM(b.potential_return - b.stake)
FROM bet_legs l JOIN bets b ON b.id = l.bet_id
WHERE b.status = 'pending'
GROUP BY l.outcome_id, l.market_id;
--> statement-breakpoint
-- A new leg adds its bet's liability to its outcome and refuses the whole write when that takes the
-- outcome past its market's limit.
CREATE TRIGGER bet_legs_liability_limit AFTER INSERT ON bet_legs
BEGIN
  INSERT INTO outcome_liability (outcome_id, market_id, liability)
    SELECT NEW.outcome_id, NEW.market_id, b.potential_return - b.stake FROM bets b WHERE b.id = NEW.bet_id AND b.status = 'pending'
    ON CONFLICT (outcome_id) DO UPDATE SET liability = liability + excluded.liability;
  SELECT RAISE(ABORT, 'BET.LIABILITY_LIMIT')
    WHERE (SELECT liability FROM outcome_liability WHERE outcome_id = NEW.outcome_id)
      > (SELECT liability_limit FROM markets WHERE id = NEW.market_id);
END;
--> statement-breakpoint
-- Any way a bet leaves pending (settled, voided, cashed out) releases its liability; any way back to
-- pending (unsettle) restores it.
CREATE TRIGGER bets_liability_release AFTER UPDATE OF status ON bets
WHEN OLD.status = 'pending' AND NEW.status <> 'pending'
BEGIN
  UPDATE outcome_liability SET liability = liability - (OLD.potential_return - OLD.stake)
  WHERE outcome_id IN (SELECT outcome_id FROM bet_legs WHERE bet_id = OLD.id);
END;
--> statement-breakpoint
CREATE TRIGGER bets_liability_restore AFTER UPDATE OF status ON bets
WHEN OLD.status <> 'pending' AND NEW.status = 'pending'
BEGIN
  INSERT INTO outcome_liability (outcome_id, market_id, liability)
    SELECT outcome_id, market_id, NEW.potential_return - NEW.stake FROM bet_legs WHERE bet_id = NEW.id
    ON CONFLICT (outcome_id) DO UPDATE SET liability = liability + excluded.liability;
END;
--> statement-breakpoint
CREATE TRIGGER bets_liability_on_delete AFTER DELETE ON bets
WHEN OLD.status = 'pending'
BEGIN
  UPDATE outcome_liability SET liability = liability - (OLD.potential_return - OLD.stake)
  WHERE outcome_id IN (SELECT outcome_id FROM bet_legs WHERE bet_id = OLD.id);
END;
--> statement-breakpoint
CREATE TRIGGER bet_legs_liability_on_delete AFTER DELETE ON bet_legs
BEGIN
  UPDATE outcome_liability SET liability = liability - (SELECT b.potential_return - b.stake FROM bets b WHERE b.id = OLD.bet_id)
  WHERE outcome_id = OLD.outcome_id AND EXISTS (SELECT 1 FROM bets b WHERE b.id = OLD.bet_id AND b.status = 'pending');
END;
--> statement-breakpoint
-- Maximum payout: per bet, and per customer over the 24 h before the bet (potential returns of the
-- bets placed then, voided ones left out). Refused, never truncated.
INSERT INTO `risk_settings` (`key`, `value`) VALUES ('max_payout_per_bet', 25000000);
--> statement-breakpoint
INSERT INTO `risk_settings` (`key`, `value`) VALUES ('max_payout_per_day', 100000000);
--> statement-breakpoint
CREATE TRIGGER bets_max_payout BEFORE INSERT ON bets
WHEN NEW.potential_return > COALESCE((SELECT value FROM risk_settings WHERE key = 'max_payout_per_bet'), 25000000)
  OR NEW.potential_return + (SELECT COALESCE(SUM(potential_return), 0) FROM bets
       WHERE user_id = NEW.user_id AND placed_at > NEW.placed_at - 86400000 AND status <> 'void')
     > COALESCE((SELECT value FROM risk_settings WHERE key = 'max_payout_per_day'), 100000000)
BEGIN SELECT RAISE(ABORT, 'BET.MAX_PAYOUT'); END;
--> statement-breakpoint
-- A bet never returns more than its potential return (a CHECK, as triggers: SQLite cannot add a
-- CHECK to an existing table without rebuilding it).
CREATE TRIGGER bets_return_within_potential_insert BEFORE INSERT ON bets
WHEN NEW.actual_return IS NOT NULL AND NEW.actual_return > NEW.potential_return
BEGIN SELECT RAISE(ABORT, 'BET.RETURN_ABOVE_POTENTIAL'); END;
--> statement-breakpoint
CREATE TRIGGER bets_return_within_potential_update BEFORE UPDATE OF actual_return, potential_return ON bets
WHEN NEW.actual_return IS NOT NULL AND NEW.actual_return > NEW.potential_return
BEGIN SELECT RAISE(ABORT, 'BET.RETURN_ABOVE_POTENTIAL'); END;
--> statement-breakpoint
-- Stake factors in basis points (1 = 0.01 %, 10000 = 100 %), so a trader can limit a sharp to a few
-- dollars. Rebuilt: SQLite cannot alter a CHECK.
CREATE TABLE `__new_customer_stake_factors` (
	`user_id` text PRIMARY KEY NOT NULL,
	`factor_bp` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "customer_stake_factors_bp_ck" CHECK("factor_bp" BETWEEN 1 AND 10000)
);
--> statement-breakpoint
INSERT INTO `__new_customer_stake_factors` SELECT `user_id`, `factor_pct` * 100, `updated_at`, `updated_by` FROM `customer_stake_factors`;
--> statement-breakpoint
DROP TABLE `customer_stake_factors`;
--> statement-breakpoint
ALTER TABLE `__new_customer_stake_factors` RENAME TO `customer_stake_factors`;
