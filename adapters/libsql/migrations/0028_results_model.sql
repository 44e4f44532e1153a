-- The results model (issue 18 item 3): a dead heat is a win on a divided stake. An outcome (and a
-- bet leg graded from it) that dead-heated keeps result 'won' and records the factor as an exact
-- fraction dead_heat_num / dead_heat_den, 0 < num < den (e.g. 1/2 for two runners tied for one
-- place; a factor of 1 is a plain win and stores no fraction). Widening the result CHECK to a
-- 'dead_heat' value would need outcomes (referenced by bet_legs and the placement guard) rebuilt;
-- 'won' + factor keeps every reader that counts won legs right, and the grader multiplies the factor in.
-- The grader reads the factor only on a won leg, so a correction that rewrites result alone (unsettle,
-- resettle) is not refused by these CHECKs; the settlement writes set or clear the factor with the result.
ALTER TABLE `outcomes` ADD `dead_heat_den` integer;--> statement-breakpoint
ALTER TABLE `outcomes` ADD `dead_heat_num` integer CONSTRAINT `outcomes_dead_heat_ck` CHECK (
  (`dead_heat_num` IS NULL AND `dead_heat_den` IS NULL)
  OR (`dead_heat_num` > 0 AND `dead_heat_den` > `dead_heat_num` AND `dead_heat_den` <= 1000000)
);--> statement-breakpoint
ALTER TABLE `bet_legs` ADD `dead_heat_den` integer;--> statement-breakpoint
ALTER TABLE `bet_legs` ADD `dead_heat_num` integer CONSTRAINT `bet_legs_dead_heat_ck` CHECK (
  (`dead_heat_num` IS NULL AND `dead_heat_den` IS NULL)
  OR (`dead_heat_num` > 0 AND `dead_heat_den` > `dead_heat_num` AND `dead_heat_den` <= 1000000)
);
