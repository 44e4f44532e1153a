-- The demo sandbox (docs/security.md "The demo sandbox"): staff who came in through a demo login
-- act only on demo accounts and on the sample accounts the demo data seeds; registered people are
-- out of their reach. A sample account is one the seed wrote: nobody registered it and it has no
-- password. Accounts that exist already are marked the same way (no password, not demo).
ALTER TABLE `users` ADD `is_sample` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `users` SET `is_sample` = 1 WHERE `is_demo` = 0 AND `password_hash` IS NULL;
--> statement-breakpoint
-- Registered, sample and demo are three kinds: an account is never both demo and sample.
CREATE TRIGGER users_sample_not_demo_insert BEFORE INSERT ON users
WHEN NEW.is_sample = 1 AND NEW.is_demo = 1
BEGIN SELECT RAISE(ABORT, 'USER.KIND_CONFLICT'); END;
--> statement-breakpoint
CREATE TRIGGER users_sample_not_demo_update BEFORE UPDATE OF is_sample, is_demo ON users
WHEN NEW.is_sample = 1 AND NEW.is_demo = 1
BEGIN SELECT RAISE(ABORT, 'USER.KIND_CONFLICT'); END;
--> statement-breakpoint
CREATE INDEX `users_sandbox_idx` ON `users` (`is_demo`, `is_sample`);
