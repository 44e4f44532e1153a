-- The live book (issue 17): events carry the match state and model the feed plays and prices them
-- from, and a suspension (after a score change, or while a race runs); markets a line; outcomes a
-- code (what the outcome is: home, over, 2-1 ...) and a result once the state decides them.
ALTER TABLE `events` ADD `state` text;--> statement-breakpoint
ALTER TABLE `events` ADD `model` text;--> statement-breakpoint
ALTER TABLE `events` ADD `state_at` integer;--> statement-breakpoint
ALTER TABLE `events` ADD `suspended_until` integer;--> statement-breakpoint
ALTER TABLE `markets` ADD `line` real;--> statement-breakpoint
ALTER TABLE `outcomes` ADD `code` text;--> statement-breakpoint
ALTER TABLE `outcomes` ADD `result` text CHECK (`result` IS NULL OR `result` IN ('won','lost','void'));--> statement-breakpoint
-- Codes for the outcomes that exist (demo data and markets created before this migration).
UPDATE outcomes SET code = CASE
  WHEN (SELECT e.sport FROM markets m JOIN events e ON e.id = m.event_id WHERE m.id = outcomes.market_id) = 'racing'
       AND (SELECT m.type FROM markets m WHERE m.id = outcomes.market_id) = 'full_time_result'
    THEN 'r' || (sort_order + 1)
  WHEN (SELECT m.type FROM markets m WHERE m.id = outcomes.market_id) = 'full_time_result'
    THEN CASE
      WHEN lower(name) = 'draw' THEN 'draw'
      WHEN name = (SELECT e.home_team FROM markets m JOIN events e ON e.id = m.event_id WHERE m.id = outcomes.market_id) THEN 'home'
      WHEN name = (SELECT e.away_team FROM markets m JOIN events e ON e.id = m.event_id WHERE m.id = outcomes.market_id) THEN 'away'
      WHEN sort_order = 0 THEN 'home'
      ELSE 'away' END
  WHEN (SELECT m.type FROM markets m WHERE m.id = outcomes.market_id) = 'over_under'
    THEN CASE WHEN lower(name) LIKE 'over%' THEN 'over' ELSE 'under' END
  WHEN (SELECT m.type FROM markets m WHERE m.id = outcomes.market_id) = 'handicap'
    THEN CASE WHEN name LIKE (SELECT e.home_team FROM markets m JOIN events e ON e.id = m.event_id WHERE m.id = outcomes.market_id) || ' %' THEN 'home' ELSE 'away' END
  WHEN (SELECT m.type FROM markets m WHERE m.id = outcomes.market_id) = 'both_teams_score'
    THEN CASE WHEN lower(name) = 'yes' THEN 'yes' ELSE 'no' END
  WHEN (SELECT m.type FROM markets m WHERE m.id = outcomes.market_id) = 'correct_score'
    THEN CASE WHEN name GLOB '[0-9]*-[0-9]*' THEN replace(name, ' ', '') ELSE 'other' END
  ELSE 'o' || (sort_order + 1) END;
--> statement-breakpoint
-- Lines: the total of an over/under (from "Over 2.5"), the home side's handicap (from "Arsenal -1").
UPDATE markets SET line = CASE type
  WHEN 'over_under' THEN (SELECT CAST(trim(substr(o.name, 5)) AS REAL) FROM outcomes o WHERE o.market_id = markets.id AND o.code = 'over')
  WHEN 'handicap' THEN (SELECT CAST(replace(substr(o.name, length(e.home_team) + 2), '+', '') AS REAL)
                          FROM outcomes o JOIN events e ON e.id = markets.event_id WHERE o.market_id = markets.id AND o.code = 'home')
  ELSE NULL END;
--> statement-breakpoint
-- A correct-score market lists a few scores and "Any other", so it always has a winner.
INSERT INTO outcomes (id, market_id, name, price_milli, sort_order, updated_at, code)
SELECT m.id || '-other', m.id, 'Any other', 15000, 1 + (SELECT MAX(sort_order) FROM outcomes WHERE market_id = m.id), m.updated_at, 'other'
FROM markets m WHERE m.type = 'correct_score' AND NOT EXISTS (SELECT 1 FROM outcomes o WHERE o.market_id = m.id AND o.code = 'other');
--> statement-breakpoint
CREATE INDEX `outcomes_undecided_idx` ON `outcomes` (`market_id`) WHERE `result` IS NULL;--> statement-breakpoint
CREATE INDEX `events_live_idx` ON `events` (`status`) WHERE `status` IN ('upcoming','live');--> statement-breakpoint
-- The placement guard, now also: no bet on an outcome the state has decided; none while the
-- event is suspended (a score change, a race running) at the bet's time; and none on a pre-match
-- event at or after its start (past-post): an event past its start is bettable only once the feed
-- has turned it live and priced it in play. The bet's placed_at (written first in the same batch)
-- is the time of acceptance.
DROP TRIGGER IF EXISTS bet_legs_price_guard;--> statement-breakpoint
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
)
BEGIN SELECT RAISE(ABORT, 'BET.ODDS_CHANGED'); END;
