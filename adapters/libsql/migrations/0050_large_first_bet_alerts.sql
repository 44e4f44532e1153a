-- A new fraud rule, a large first bet soon after the first deposit (domain/fraud/rules/
-- large-first-bet.ts), raises alerts of type 'large_first_bet'. SQLite cannot change a CHECK, so
-- fraud_alerts is rebuilt with the same columns, rows, indexes and triggers and the wider type list.
-- The libSQL migrator runs this with foreign keys off, in one transaction; no table references
-- fraud_alerts.
DROP TRIGGER IF EXISTS `fraud_alerts_resolved_final`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `fraud_alerts_no_delete`;--> statement-breakpoint
CREATE TABLE `__new_fraud_alerts` (
  `id` text PRIMARY KEY NOT NULL,
  `user_id` text NOT NULL REFERENCES `users`(`id`),
  `alert_type` text NOT NULL,
  `severity` text NOT NULL,
  `status` text NOT NULL DEFAULT 'open',
  `description` text NOT NULL,
  `dedupe_key` text NOT NULL,
  `confidence` integer,
  `evidence` text NOT NULL DEFAULT '{}',
  `created_at` integer NOT NULL,
  `resolved_at` integer,
  `resolved_by` text,
  `notes` text,
  `resolution` text CHECK (`resolution` IS NULL OR `resolution` IN ('confirmed','false_positive','resolved')),
  CONSTRAINT `fraud_alerts_type_ck` CHECK (`alert_type` IN ('rapid_betting','stake_spike','deposit_withdrawal','shared_address','bonus_abuse','large_first_bet','manual_flag')),
  CONSTRAINT `fraud_alerts_severity_ck` CHECK (`severity` IN ('critical','high','medium','low')),
  CONSTRAINT `fraud_alerts_status_ck` CHECK (`status` IN ('open','investigating','resolved')),
  CONSTRAINT `fraud_alerts_confidence_ck` CHECK (`confidence` IS NULL OR (`confidence` BETWEEN 0 AND 100))
);
--> statement-breakpoint
INSERT INTO `__new_fraud_alerts` (`id`, `user_id`, `alert_type`, `severity`, `status`, `description`, `dedupe_key`, `confidence`, `evidence`,
  `created_at`, `resolved_at`, `resolved_by`, `notes`, `resolution`)
SELECT `id`, `user_id`, `alert_type`, `severity`, `status`, `description`, `dedupe_key`, `confidence`, `evidence`,
  `created_at`, `resolved_at`, `resolved_by`, `notes`, `resolution` FROM `fraud_alerts`;
--> statement-breakpoint
DROP TABLE `fraud_alerts`;--> statement-breakpoint
ALTER TABLE `__new_fraud_alerts` RENAME TO `fraud_alerts`;--> statement-breakpoint
CREATE UNIQUE INDEX `fraud_alerts_dedupe_uq` ON `fraud_alerts` (`dedupe_key`);--> statement-breakpoint
CREATE INDEX `fraud_alerts_created_idx` ON `fraud_alerts` (`created_at`);--> statement-breakpoint
CREATE INDEX `fraud_alerts_user_idx` ON `fraud_alerts` (`user_id`);--> statement-breakpoint
CREATE INDEX `fraud_alerts_type_resolution_idx` ON `fraud_alerts` (`alert_type`,`resolution`);--> statement-breakpoint
-- A resolved alert stays resolved: the engine cannot reopen it, nobody can rewrite its resolution.
CREATE TRIGGER `fraud_alerts_resolved_final` BEFORE UPDATE ON `fraud_alerts`
WHEN OLD.`status` = 'resolved'
BEGIN SELECT RAISE(ABORT, 'FRAUD.ALERT_NOT_OPEN'); END;
--> statement-breakpoint
CREATE TRIGGER `fraud_alerts_no_delete` BEFORE DELETE ON `fraud_alerts`
BEGIN SELECT RAISE(ABORT, 'FRAUD.IMMUTABLE'); END;
