-- Responsible gambling that protects the person (issue 20).
--
-- 1. Time-outs and self-exclusion are two things. Self-exclusions shorter than 6 months taken under
--    the old rules (24 hours to 3 months) were time-outs in all but name: they are reclassified so
--    they end by themselves, as the customer was told when taking them. A self-exclusion now stays
--    in force after its period until the customer asks to return (return_requested_at) and a
--    24-hour cooling-off has passed (return_access_at). Those two columns are the only change ever
--    allowed to an exclusion, once, after its end, with at least 24 hours between them.
-- 2. source_user_id: an exclusion inherited from another account of the same person.
-- 3. person_keys: SHA-256 hashes of the normalised identity (name + date of birth), address and
--    identity document of each account, to find other accounts of the same person.
-- 4. register_checks: the national self-exclusion register's last answer for the account (a short cache).
-- 5. verification_rejections: the last refused verification attempt (to show "Rejected" honestly).
-- 6. rg_interactions: operators' responsible-gambling contacts with customers (append-only).
-- 7. demo_resumes: a browser's way back to its demo customer (hash of a cookie token).
DROP TRIGGER responsible_exclusions_no_update;
--> statement-breakpoint
UPDATE `responsible_exclusions` SET `kind` = 'timeout'
WHERE `kind` = 'self_exclusion' AND `ends_at` IS NOT NULL AND `ends_at` - `started_at` < 120 * 86400000;
--> statement-breakpoint
ALTER TABLE `responsible_exclusions` ADD `return_requested_at` integer;
--> statement-breakpoint
ALTER TABLE `responsible_exclusions` ADD `return_access_at` integer;
--> statement-breakpoint
ALTER TABLE `responsible_exclusions` ADD `source_user_id` text;
--> statement-breakpoint
CREATE TRIGGER responsible_exclusions_no_update BEFORE UPDATE ON responsible_exclusions
WHEN NOT (
  NEW.id = OLD.id AND NEW.user_id = OLD.user_id AND NEW.kind = OLD.kind AND NEW.started_at = OLD.started_at
  AND NEW.ends_at IS OLD.ends_at AND NEW.reason IS OLD.reason AND NEW.source_user_id IS OLD.source_user_id
  AND OLD.kind = 'self_exclusion' AND OLD.ends_at IS NOT NULL
  AND OLD.return_requested_at IS NULL AND OLD.return_access_at IS NULL
  AND NEW.return_requested_at >= OLD.ends_at
  AND NEW.return_access_at >= NEW.return_requested_at + 86400000
)
BEGIN SELECT RAISE(ABORT, 'RG.EXCLUSION_IMMUTABLE'); END;
--> statement-breakpoint
CREATE TABLE `person_keys` (
	`user_id` text PRIMARY KEY NOT NULL,
	`identity_key` text NOT NULL,
	`address_key` text,
	`document_key` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `person_keys_identity_idx` ON `person_keys` (`identity_key`);--> statement-breakpoint
CREATE INDEX `person_keys_address_idx` ON `person_keys` (`address_key`);--> statement-breakpoint
CREATE INDEX `person_keys_document_idx` ON `person_keys` (`document_key`);--> statement-breakpoint
CREATE TABLE `register_checks` (
	`user_id` text PRIMARY KEY NOT NULL,
	`listed` integer NOT NULL,
	`checked_at` integer NOT NULL,
	`reference` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `verification_rejections` (
	`user_id` text PRIMARY KEY NOT NULL,
	`step` text NOT NULL,
	`reason` text NOT NULL,
	`rejected_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE TABLE `rg_interactions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`operator_id` text NOT NULL,
	`channel` text NOT NULL,
	`summary` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`operator_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "rg_interactions_channel_ck" CHECK("channel" IN ('phone','email','chat','in_app','letter'))
);
--> statement-breakpoint
CREATE INDEX `rg_interactions_user_idx` ON `rg_interactions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `rg_interactions_at_idx` ON `rg_interactions` (`created_at`);--> statement-breakpoint
CREATE TRIGGER rg_interactions_no_update BEFORE UPDATE ON rg_interactions
BEGIN SELECT RAISE(ABORT, 'RG.INTERACTION_IMMUTABLE'); END;
--> statement-breakpoint
CREATE TRIGGER rg_interactions_no_delete BEFORE DELETE ON rg_interactions
BEGIN SELECT RAISE(ABORT, 'RG.INTERACTION_IMMUTABLE'); END;
--> statement-breakpoint
CREATE TABLE `demo_resumes` (
	`token_hash` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
