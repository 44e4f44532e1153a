-- Where customers signed in from, kept for good: one row per session started with a known client
-- address (password sign-in, registration, demo login). sessions.ip disappears with the session
-- (logout, suspension, a password change, expiry clean-ups), so the fraud rule for accounts sharing
-- an address reads this table. Filled by a trigger on sessions, so every way of starting a session
-- records its address in the same write; append-only like the ledger.
CREATE TABLE `sign_in_addresses` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`ip` text NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sign_in_addresses_at_idx` ON `sign_in_addresses` (`at`);--> statement-breakpoint
CREATE INDEX `sign_in_addresses_ip_idx` ON `sign_in_addresses` (`ip`,`at`);--> statement-breakpoint
CREATE INDEX `sign_in_addresses_user_idx` ON `sign_in_addresses` (`user_id`,`at`);--> statement-breakpoint
-- The addresses of the sessions that exist now (those already deleted are gone for good).
INSERT INTO `sign_in_addresses` (`user_id`, `ip`, `at`)
SELECT `user_id`, `ip`, `created_at` FROM `sessions` WHERE `ip` IS NOT NULL ORDER BY `created_at`, `id`;
--> statement-breakpoint
CREATE TRIGGER sessions_record_address AFTER INSERT ON sessions
WHEN NEW.ip IS NOT NULL
BEGIN
  INSERT INTO sign_in_addresses (user_id, ip, at) VALUES (NEW.user_id, NEW.ip, NEW.created_at);
END;
--> statement-breakpoint
CREATE TRIGGER sign_in_addresses_no_update BEFORE UPDATE ON sign_in_addresses
BEGIN SELECT RAISE(ABORT, 'SIGN_IN_ADDRESSES.IMMUTABLE'); END;
--> statement-breakpoint
CREATE TRIGGER sign_in_addresses_no_delete BEFORE DELETE ON sign_in_addresses
BEGIN SELECT RAISE(ABORT, 'SIGN_IN_ADDRESSES.IMMUTABLE'); END;
