-- Why an account is suspended, as a category the customer is shown ("Reason: payment review"),
-- never the operator's own note. One row per suspended account, written in the same batch as the
-- suspension and removed by the activation; a suspended account without a row (suspended before
-- this table, or by hand) reads as 'review'. The list of categories is SUSPENSION_CATEGORIES in
-- domain/accounts/suspension.ts (tests/api/suspension-tells-why.test.ts holds the two equal).
CREATE TABLE `account_suspensions` (
	`user_id` text PRIMARY KEY NOT NULL,
	`category` text NOT NULL CHECK (`category` IN ('review','payments','security','terms','safer_gambling')),
	`suspended_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
