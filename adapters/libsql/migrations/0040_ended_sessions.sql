-- Issue 22: a session ended by a suspension leaves a tombstone keyed by the session's id (the
-- SHA-256 of the cookie's token, never the token), so the next request with that cookie is told the
-- account was suspended instead of "Please log in". A tombstone never authenticates: the session row
-- itself is deleted in the same write. It lasts until the session would have expired, and is
-- removed when the account is activated again.
CREATE TABLE `ended_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`reason` text NOT NULL CHECK (`reason` IN ('suspended')),
	`ended_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `ended_sessions_user_idx` ON `ended_sessions` (`user_id`);
