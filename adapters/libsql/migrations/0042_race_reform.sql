-- Non-runners re-form the race (docs/trading.md "Non-runners re-form the race"; docs/money.md "Each
-- way and Rule 4"). Withdrawing a runner re-prices the rest of the field in the same write, and:
--
-- markets.reformed_at: when the market last reopened after a re-form (ms; NULL = never re-formed).
-- The placement guard refuses a leg on a market whose bet was struck (bets.placed_at, written first
-- in the same batch) at or before it: a price read before the re-form, or during the short
-- suspension that follows it, is never written after it, whatever the customer's price-change
-- setting. It is one more column of the market row the guard already reads by key.
ALTER TABLE `markets` ADD `reformed_at` integer;
--> statement-breakpoint
DROP TRIGGER IF EXISTS bet_legs_price_guard;
--> statement-breakpoint
CREATE TRIGGER bet_legs_price_guard BEFORE INSERT ON bet_legs
WHEN NOT EXISTS (
  SELECT 1 FROM outcomes o
  JOIN markets m ON m.id = o.market_id
  JOIN events e ON e.id = m.event_id
  JOIN bets b ON b.id = NEW.bet_id
  WHERE o.id = NEW.outcome_id AND m.id = NEW.market_id AND e.id = NEW.event_id
    AND o.price_milli = NEW.odds_milli AND o.result IS NULL AND m.status = 'open' AND e.status <> 'finished'
    AND (e.suspended_until IS NULL OR e.suspended_until <= b.placed_at)
    AND NOT (e.status = 'upcoming' AND e.start_time <= b.placed_at)
    AND (m.reformed_at IS NULL OR m.reformed_at < b.placed_at)
)
BEGIN SELECT RAISE(ABORT, 'BET.ODDS_CHANGED'); END;
--> statement-breakpoint
-- Rule 4 across re-forms: each remaining runner's price in the market a re-form closed (its price
-- just before the re-form) with that price's deduction. A runner withdrawn later takes, from a bet
-- struck in that earlier market, the deduction of its price there, not of its re-formed price.
CREATE TABLE `race_reform_prices` (
  `market_id` text NOT NULL REFERENCES `markets`(`id`),
  `outcome_id` text NOT NULL REFERENCES `outcomes`(`id`),
  `reformed_at` integer NOT NULL,
  `price_milli` integer NOT NULL,
  `deduction` integer NOT NULL CHECK (`deduction` BETWEEN 0 AND 90),
  PRIMARY KEY (`outcome_id`, `reformed_at`)
) WITHOUT ROWID;
--> statement-breakpoint
-- An each-way bet's potential return may rise (and only rise) while it is pending, up to both parts
-- at full odds (stake x odds): a withdrawal that moves the field into a lower band settles it on
-- better terms (win only in a field of 2-4), and the potential return then says so. Everything else
-- about a bet's terms stays fixed.
DROP TRIGGER bets_terms_fixed;
--> statement-breakpoint
-- The running totals follow a change of potential return in the same write: the market liability
-- (outcome_liability, migration 0026) of a pending bet and the customer's hourly payout total
-- (customer_payout_hours, migration 0034) of a bet that is not void.
CREATE TRIGGER bets_potential_return_totals AFTER UPDATE OF potential_return ON bets
WHEN NEW.potential_return <> OLD.potential_return
BEGIN
  UPDATE outcome_liability SET liability = liability + (NEW.potential_return - OLD.potential_return)
  WHERE OLD.status = 'pending' AND outcome_id IN (SELECT outcome_id FROM bet_legs WHERE bet_id = OLD.id);
  UPDATE customer_payout_hours SET total = total + (NEW.potential_return - OLD.potential_return)
  WHERE OLD.status <> 'void' AND user_id = OLD.user_id AND hour = OLD.placed_at / 3600000;
END;
--> statement-breakpoint
-- Bets struck before this migration: a pending each-way bet whose field has already fallen into a
-- lower band is raised to stake x odds (the most it can return), and a settled bet that returned
-- more than its potential return (allowed by migration 0041) is raised to what it returned.
UPDATE bets SET potential_return = MAX(potential_return, stake * total_odds_milli / 1000)
WHERE status = 'pending' AND ew_places IS NOT NULL AND (
  WITH f AS (
    SELECT (SELECT COUNT(*) FROM outcomes o WHERE o.market_id = l.market_id) AS runners,
           (SELECT COUNT(*) FROM runner_withdrawals w WHERE w.market_id = l.market_id AND w.withdrawn_at <= bets.placed_at) AS gone_at_strike,
           (SELECT COUNT(*) FROM runner_withdrawals w WHERE w.market_id = l.market_id) AS gone
    FROM bet_legs l WHERE l.bet_id = bets.id LIMIT 1
  )
  SELECT CASE WHEN runners - gone >= 8 THEN 3 WHEN runners - gone >= 5 THEN 2 ELSE 1 END
       < CASE WHEN runners - gone_at_strike >= 8 THEN 3 WHEN runners - gone_at_strike >= 5 THEN 2 ELSE 1 END
  FROM f
);
--> statement-breakpoint
UPDATE bets SET potential_return = actual_return WHERE actual_return IS NOT NULL AND actual_return > potential_return;
--> statement-breakpoint
CREATE TRIGGER bets_terms_fixed BEFORE UPDATE OF stake, total_odds_milli, potential_return, user_id, placed_at ON bets
WHEN NOT (
  NEW.stake = OLD.stake AND NEW.total_odds_milli = OLD.total_odds_milli AND NEW.user_id = OLD.user_id AND NEW.placed_at = OLD.placed_at
  AND OLD.status = 'pending' AND OLD.ew_places IS NOT NULL
  AND NEW.potential_return >= OLD.potential_return AND NEW.potential_return <= NEW.stake * NEW.total_odds_milli / 1000
)
BEGIN SELECT RAISE(ABORT, 'BET.TERMS_IMMUTABLE'); END;
--> statement-breakpoint
-- With the potential return raised where the field made it so, every bet, each way included, again
-- never returns more than its potential return: migration 0041's allowance for each-way bets goes.
DROP TRIGGER bets_return_within_potential_insert;
--> statement-breakpoint
DROP TRIGGER bets_return_within_potential_update;
--> statement-breakpoint
CREATE TRIGGER bets_return_within_potential_insert BEFORE INSERT ON bets
WHEN NEW.actual_return IS NOT NULL AND NEW.actual_return > NEW.potential_return
BEGIN SELECT RAISE(ABORT, 'BET.RETURN_ABOVE_POTENTIAL'); END;
--> statement-breakpoint
CREATE TRIGGER bets_return_within_potential_update BEFORE UPDATE OF actual_return, potential_return ON bets
WHEN NEW.actual_return IS NOT NULL AND NEW.actual_return > NEW.potential_return
BEGIN SELECT RAISE(ABORT, 'BET.RETURN_ABOVE_POTENTIAL'); END;
