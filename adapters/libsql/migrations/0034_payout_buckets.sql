-- The per-customer payout ceiling (max_payout_per_day, migration 0026) read from hourly running
-- totals instead of summing the customer's bets of the last 24 h on every placement: a busy
-- customer's placement cost grew with every bet they had placed that day (server CPU per bet went
-- from ~750 to ~1,400 µs in the benchmark). The window is the bet's own hour and the 24 whole hours
-- before it (25 rows at most, read by key): at most one hour longer than 24 h, never shorter, so
-- the ceiling errs on the house's side. A voided bet leaves the total; a bet un-voided returns to it.
CREATE TABLE `customer_payout_hours` (
	`user_id` text NOT NULL,
	`hour` integer NOT NULL,
	`total` integer NOT NULL,
	PRIMARY KEY(`user_id`, `hour`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `customer_payout_hours` (`user_id`, `hour`, `total`)
SELECT user_id, placed_at / 3600000, SUM(potential_return) FROM bets WHERE status <> 'void' GROUP BY user_id, placed_at / 3600000;
--> statement-breakpoint
CREATE TRIGGER bets_payout_hours_insert AFTER INSERT ON bets WHEN NEW.status <> 'void'
BEGIN
  INSERT INTO customer_payout_hours (user_id, hour, total) VALUES (NEW.user_id, NEW.placed_at / 3600000, NEW.potential_return)
  ON CONFLICT(user_id, hour) DO UPDATE SET total = total + excluded.total;
END;
--> statement-breakpoint
CREATE TRIGGER bets_payout_hours_void AFTER UPDATE OF status ON bets WHEN NEW.status = 'void' AND OLD.status <> 'void'
BEGIN
  UPDATE customer_payout_hours SET total = total - OLD.potential_return WHERE user_id = OLD.user_id AND hour = OLD.placed_at / 3600000;
END;
--> statement-breakpoint
CREATE TRIGGER bets_payout_hours_unvoid AFTER UPDATE OF status ON bets WHEN OLD.status = 'void' AND NEW.status <> 'void'
BEGIN
  INSERT INTO customer_payout_hours (user_id, hour, total) VALUES (NEW.user_id, NEW.placed_at / 3600000, NEW.potential_return)
  ON CONFLICT(user_id, hour) DO UPDATE SET total = total + excluded.total;
END;
--> statement-breakpoint
CREATE TRIGGER bets_payout_hours_delete AFTER DELETE ON bets WHEN OLD.status <> 'void'
BEGIN
  UPDATE customer_payout_hours SET total = total - OLD.potential_return WHERE user_id = OLD.user_id AND hour = OLD.placed_at / 3600000;
END;
--> statement-breakpoint
DROP TRIGGER `bets_max_payout`;
--> statement-breakpoint
CREATE TRIGGER bets_max_payout BEFORE INSERT ON bets
WHEN NEW.potential_return > COALESCE((SELECT value FROM risk_settings WHERE key = 'max_payout_per_bet'), 25000000)
  OR NEW.potential_return + (SELECT COALESCE(SUM(total), 0) FROM customer_payout_hours
       WHERE user_id = NEW.user_id AND hour >= NEW.placed_at / 3600000 - 24)
     > COALESCE((SELECT value FROM risk_settings WHERE key = 'max_payout_per_day'), 100000000)
BEGIN SELECT RAISE(ABORT, 'BET.MAX_PAYOUT'); END;
