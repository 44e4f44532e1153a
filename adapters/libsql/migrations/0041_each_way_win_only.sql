-- Each-way terms after withdrawals (docs/money.md "Each-way terms after withdrawals"): when the field
-- falls to 2-4 runners after an each-way bet was struck, its place part is placed on the win, so a
-- winner returns up to stake x odds (both parts at full odds), above the potential return struck
-- (win part + place part at the place fraction). An each-way bet's return may therefore reach
-- stake x odds; every other bet still never returns more than its potential return (0026).
DROP TRIGGER bets_return_within_potential_insert;
--> statement-breakpoint
DROP TRIGGER bets_return_within_potential_update;
--> statement-breakpoint
CREATE TRIGGER bets_return_within_potential_insert BEFORE INSERT ON bets
WHEN NEW.actual_return IS NOT NULL AND NEW.actual_return > NEW.potential_return
  AND (NEW.ew_places IS NULL OR NEW.actual_return > NEW.stake * NEW.total_odds_milli / 1000)
BEGIN SELECT RAISE(ABORT, 'BET.RETURN_ABOVE_POTENTIAL'); END;
--> statement-breakpoint
CREATE TRIGGER bets_return_within_potential_update BEFORE UPDATE OF actual_return, potential_return ON bets
WHEN NEW.actual_return IS NOT NULL AND NEW.actual_return > NEW.potential_return
  AND (NEW.ew_places IS NULL OR NEW.actual_return > NEW.stake * NEW.total_odds_milli / 1000)
BEGIN SELECT RAISE(ABORT, 'BET.RETURN_ABOVE_POTENTIAL'); END;
