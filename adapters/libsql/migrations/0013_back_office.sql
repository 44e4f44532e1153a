-- Back office (issue 4, A-S2): fraud alerts, transaction monitoring, user risk profiles, tasks and
-- bulk operations.

-- An alert raised by the fraud rules engine (or an operator's Flag Account). dedupe_key is unique
-- per rule + subject + window, so a scan never raises the same alert twice.
CREATE TABLE `fraud_alerts` (
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
  CONSTRAINT `fraud_alerts_type_ck` CHECK (`alert_type` IN ('rapid_betting','stake_spike','deposit_withdrawal','shared_address','bonus_abuse','manual_flag')),
  CONSTRAINT `fraud_alerts_severity_ck` CHECK (`severity` IN ('critical','high','medium','low')),
  CONSTRAINT `fraud_alerts_status_ck` CHECK (`status` IN ('open','investigating','resolved')),
  CONSTRAINT `fraud_alerts_confidence_ck` CHECK (`confidence` IS NULL OR (`confidence` BETWEEN 0 AND 100))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `fraud_alerts_dedupe_uq` ON `fraud_alerts` (`dedupe_key`);
--> statement-breakpoint
CREATE INDEX `fraud_alerts_created_idx` ON `fraud_alerts` (`created_at`);
--> statement-breakpoint
CREATE INDEX `fraud_alerts_user_idx` ON `fraud_alerts` (`user_id`);
--> statement-breakpoint
-- A resolved alert stays resolved: the engine cannot reopen it, nobody can rewrite its resolution.
CREATE TRIGGER `fraud_alerts_resolved_final` BEFORE UPDATE ON `fraud_alerts`
WHEN OLD.`status` = 'resolved'
BEGIN SELECT RAISE(ABORT, 'FRAUD.ALERT_NOT_OPEN'); END;
--> statement-breakpoint
CREATE TRIGGER `fraud_alerts_no_delete` BEFORE DELETE ON `fraud_alerts`
BEGIN SELECT RAISE(ABORT, 'FRAUD.IMMUTABLE'); END;
--> statement-breakpoint
-- One scored record per monitored movement (a bet stake or a wallet payment), rescored by each scan.
CREATE TABLE `transaction_monitoring` (
  `id` text PRIMARY KEY NOT NULL,
  `user_id` text NOT NULL REFERENCES `users`(`id`),
  `monitoring_type` text NOT NULL,
  `reference` text NOT NULL,
  `amount` integer NOT NULL,
  `risk_score` integer NOT NULL,
  `reasons` text NOT NULL DEFAULT '[]',
  `created_at` integer NOT NULL,
  `scored_at` integer NOT NULL,
  CONSTRAINT `transaction_monitoring_type_ck` CHECK (`monitoring_type` IN ('bet_stake','deposit','withdrawal','deposit_bonus')),
  CONSTRAINT `transaction_monitoring_score_ck` CHECK (`risk_score` BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `transaction_monitoring_ref_uq` ON `transaction_monitoring` (`monitoring_type`, `reference`);
--> statement-breakpoint
CREATE INDEX `transaction_monitoring_created_idx` ON `transaction_monitoring` (`created_at`);
--> statement-breakpoint
CREATE TABLE `user_risk_profiles` (
  `user_id` text PRIMARY KEY NOT NULL REFERENCES `users`(`id`),
  `risk_level` text NOT NULL,
  `risk_score` integer NOT NULL,
  `factors` text NOT NULL DEFAULT '[]',
  `last_reviewed` integer NOT NULL,
  CONSTRAINT `user_risk_profiles_level_ck` CHECK (`risk_level` IN ('low','medium','high','critical')),
  CONSTRAINT `user_risk_profiles_score_ck` CHECK (`risk_score` BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE TABLE `tasks` (
  `id` text PRIMARY KEY NOT NULL,
  `title` text NOT NULL,
  `description` text NOT NULL DEFAULT '',
  `priority` text NOT NULL,
  `status` text NOT NULL,
  `category` text NOT NULL,
  `assigned_to` text REFERENCES `users`(`id`),
  `created_by` text NOT NULL REFERENCES `users`(`id`),
  `due_date` integer,
  `created_at` integer NOT NULL,
  `updated_at` integer NOT NULL,
  `completed_at` integer,
  CONSTRAINT `tasks_priority_ck` CHECK (`priority` IN ('low','medium','high','critical')),
  CONSTRAINT `tasks_status_ck` CHECK (`status` IN ('pending','in_progress','completed','cancelled')),
  CONSTRAINT `tasks_category_ck` CHECK (`category` IN ('bet_settlement','risk_review','system_maintenance'))
);
--> statement-breakpoint
CREATE INDEX `tasks_status_idx` ON `tasks` (`status`);
--> statement-breakpoint
CREATE INDEX `tasks_assignee_idx` ON `tasks` (`assigned_to`);
--> statement-breakpoint
-- A task can only be assigned to staff (admin or trader).
CREATE TRIGGER `tasks_assignee_staff_insert` BEFORE INSERT ON `tasks`
WHEN NEW.`assigned_to` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`assigned_to` AND `role` IN ('admin','trader'))
BEGIN SELECT RAISE(ABORT, 'TASK.ASSIGNEE_INVALID'); END;
--> statement-breakpoint
CREATE TRIGGER `tasks_assignee_staff_update` BEFORE UPDATE OF `assigned_to` ON `tasks`
WHEN NEW.`assigned_to` IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `users` WHERE `id` = NEW.`assigned_to` AND `role` IN ('admin','trader'))
BEGIN SELECT RAISE(ABORT, 'TASK.ASSIGNEE_INVALID'); END;
--> statement-breakpoint
CREATE TABLE `bulk_operations` (
  `id` text PRIMARY KEY NOT NULL,
  `type` text NOT NULL,
  `title` text NOT NULL,
  `description` text NOT NULL,
  `status` text NOT NULL DEFAULT 'pending',
  `params` text NOT NULL DEFAULT '{}',
  `target_count` integer NOT NULL DEFAULT 0,
  `processed` integer NOT NULL DEFAULT 0,
  `succeeded` integer NOT NULL DEFAULT 0,
  `failed` integer NOT NULL DEFAULT 0,
  `progress` integer NOT NULL DEFAULT 0,
  `summary` text NOT NULL DEFAULT '{}',
  `error` text,
  `result_csv` text,
  `created_by` text NOT NULL REFERENCES `users`(`id`),
  `created_at` integer NOT NULL,
  `started_at` integer,
  `completed_at` integer,
  CONSTRAINT `bulk_operations_type_ck` CHECK (`type` IN ('settlement','customer_insight','risk_analysis','export_report')),
  CONSTRAINT `bulk_operations_status_ck` CHECK (`status` IN ('pending','processing','completed','failed')),
  CONSTRAINT `bulk_operations_progress_ck` CHECK (`progress` BETWEEN 0 AND 100)
);
--> statement-breakpoint
CREATE INDEX `bulk_operations_status_idx` ON `bulk_operations` (`status`, `created_at`);
--> statement-breakpoint
-- A finished operation is final.
CREATE TRIGGER `bulk_operations_final` BEFORE UPDATE ON `bulk_operations`
WHEN OLD.`status` IN ('completed','failed')
BEGIN SELECT RAISE(ABORT, 'BULK.FINISHED'); END;
