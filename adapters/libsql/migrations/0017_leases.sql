-- Leadership for work that must run in exactly one process when several API instances share a
-- database (the demo odds feed, schedulers): a named lease held by one holder until it expires.
CREATE TABLE `leases` (
	`name` text PRIMARY KEY NOT NULL,
	`holder` text NOT NULL,
	`expires_at` integer NOT NULL
);
