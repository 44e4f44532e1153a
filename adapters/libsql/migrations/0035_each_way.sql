-- Each way and Rule 4 for racing (issue 18 item 3; docs/money.md "Each way and Rule 4").
-- A market's each-way place terms: the place odds fraction ew_fraction_num / ew_fraction_den and the
-- number of places paid; all three NULL = no each way. An each-way bet keeps the terms it was struck
-- at on its own row (so a later change of terms does not touch it); NULL = a win-only bet. Its stake
-- is the full 2 x unit stake.
ALTER TABLE `markets` ADD `ew_fraction_num` integer;--> statement-breakpoint
ALTER TABLE `markets` ADD `ew_fraction_den` integer;--> statement-breakpoint
ALTER TABLE `markets` ADD `ew_places` integer CONSTRAINT `markets_each_way_ck` CHECK (
  (`ew_fraction_num` IS NULL AND `ew_fraction_den` IS NULL AND `ew_places` IS NULL)
  OR (`ew_fraction_num` > 0 AND `ew_fraction_den` >= `ew_fraction_num` AND `ew_fraction_den` <= 100 AND `ew_places` BETWEEN 1 AND 10)
);--> statement-breakpoint
-- The placed runners of a settled market, JSON [{ "outcomeId", "deadHeat"?: { "num", "den" } }]; NULL = none recorded.
ALTER TABLE `markets` ADD `placed_result` text;--> statement-breakpoint
ALTER TABLE `bets` ADD `ew_fraction_num` integer;--> statement-breakpoint
ALTER TABLE `bets` ADD `ew_fraction_den` integer;--> statement-breakpoint
ALTER TABLE `bets` ADD `ew_places` integer CONSTRAINT `bets_each_way_ck` CHECK (
  (`ew_fraction_num` IS NULL AND `ew_fraction_den` IS NULL AND `ew_places` IS NULL)
  OR (`ew_fraction_num` > 0 AND `ew_fraction_den` >= `ew_fraction_num` AND `ew_fraction_den` <= 100 AND `ew_places` BETWEEN 1 AND 10)
);--> statement-breakpoint
-- Rule 4: a runner withdrawn from a race, with its price and the Tattersalls deduction (pence per
-- pound) at the time. Winning bets on the other runners struck before withdrawn_at lose that much of
-- their winnings (several withdrawals add up, at most 90p). One withdrawal per runner.
CREATE TABLE `runner_withdrawals` (
  `market_id` text NOT NULL REFERENCES `markets`(`id`),
  `outcome_id` text NOT NULL PRIMARY KEY REFERENCES `outcomes`(`id`),
  `price_milli` integer NOT NULL,
  `deduction` integer NOT NULL CHECK (`deduction` BETWEEN 0 AND 90),
  `withdrawn_at` integer NOT NULL,
  `withdrawn_by` text NOT NULL
);--> statement-breakpoint
CREATE INDEX `runner_withdrawals_market_idx` ON `runner_withdrawals` (`market_id`, `withdrawn_at`);--> statement-breakpoint
-- Racing's race-winner markets already open get the standard terms by field size.
UPDATE `markets` SET
  `ew_fraction_num` = 1,
  `ew_fraction_den` = CASE WHEN (SELECT COUNT(*) FROM `outcomes` o WHERE o.`market_id` = `markets`.`id`) >= 8 THEN 5 ELSE 4 END,
  `ew_places` = CASE WHEN (SELECT COUNT(*) FROM `outcomes` o WHERE o.`market_id` = `markets`.`id`) >= 8 THEN 3 ELSE 2 END
WHERE `type` = 'full_time_result' AND `result_kind` IS NULL
  AND (SELECT COUNT(*) FROM `outcomes` o WHERE o.`market_id` = `markets`.`id`) >= 5
  AND `event_id` IN (SELECT `id` FROM `events` WHERE `sport` = 'racing');
