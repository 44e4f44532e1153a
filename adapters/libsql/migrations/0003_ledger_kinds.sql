-- Widen the ledger's account kinds for the payment provider's clearing account, fantasy prize
-- pools and the fantasy rake. SQLite cannot alter a CHECK, so the table is rebuilt (the libSQL
-- migrator runs this with foreign keys off, in one transaction). A prize pool, like a wallet, can
-- never go below zero.
DROP TRIGGER `ledger_postings_apply`;--> statement-breakpoint
CREATE TABLE `__new_ledger_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`user_id` text,
	`balance` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "ledger_accounts_kind_ck" CHECK("kind" IN ('wallet','house','promotions','payments','fantasy_pool','fantasy_rake')),
	CONSTRAINT "ledger_accounts_wallet_nonneg_ck" CHECK("kind" NOT IN ('wallet','fantasy_pool') OR "balance" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_ledger_accounts`("id", "kind", "user_id", "balance", "created_at") SELECT "id", "kind", "user_id", "balance", "created_at" FROM `ledger_accounts`;--> statement-breakpoint
DROP TABLE `ledger_accounts`;--> statement-breakpoint
ALTER TABLE `__new_ledger_accounts` RENAME TO `ledger_accounts`;--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_accounts_user_wallet_uq` ON `ledger_accounts` (`user_id`,`kind`);--> statement-breakpoint
CREATE TRIGGER ledger_postings_apply AFTER INSERT ON ledger_postings
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
  SELECT RAISE(ABORT, 'LEDGER.UNKNOWN_ACCOUNT') WHERE changes() = 0;
END;
--> statement-breakpoint
INSERT INTO ledger_accounts (id, kind, user_id, balance, created_at) VALUES ('payments', 'payments', NULL, 0, 0), ('fantasy_rake', 'fantasy_rake', NULL, 0, 0);
