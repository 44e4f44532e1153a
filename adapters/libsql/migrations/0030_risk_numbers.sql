-- Trading alerts de-duplicate per subject (market or event + type) and level, and clear
-- themselves (issue 18 item 6): subject and level of each alert; resolved_at / resolved_by
-- ('system') when the exposure falls below the level or the event finishes or settles. The dedupe
-- key is unique among OPEN alerts only, so a situation that clears and comes back is raised again.
ALTER TABLE `trading_alerts` ADD `subject` text;
--> statement-breakpoint
ALTER TABLE `trading_alerts` ADD `level` integer;
--> statement-breakpoint
ALTER TABLE `trading_alerts` ADD `resolved_at` integer;
--> statement-breakpoint
ALTER TABLE `trading_alerts` ADD `resolved_by` text;
--> statement-breakpoint
DROP INDEX `trading_alerts_dedupe_uq`;
--> statement-breakpoint
CREATE UNIQUE INDEX `trading_alerts_dedupe_uq` ON `trading_alerts` (`dedupe_key`) WHERE `resolved_at` IS NULL;
--> statement-breakpoint
DROP TRIGGER trading_alerts_ack_once;
--> statement-breakpoint
-- Alerts are kept: only the acknowledgement and the resolution may be set, each once.
CREATE TRIGGER trading_alerts_ack_once BEFORE UPDATE ON trading_alerts
WHEN NEW.id <> OLD.id OR NEW.dedupe_key <> OLD.dedupe_key OR NEW.type <> OLD.type
  OR NEW.severity <> OLD.severity OR NEW.message <> OLD.message OR NEW.created_at <> OLD.created_at
  OR NEW.subject IS NOT OLD.subject OR NEW.level IS NOT OLD.level
  OR (OLD.acknowledged_at IS NOT NULL AND (NEW.acknowledged_at IS NOT OLD.acknowledged_at OR NEW.acknowledged_by IS NOT OLD.acknowledged_by))
  OR (OLD.resolved_at IS NOT NULL AND (NEW.resolved_at IS NOT OLD.resolved_at OR NEW.resolved_by IS NOT OLD.resolved_by))
BEGIN SELECT RAISE(ABORT, 'ALERT.IMMUTABLE'); END;
