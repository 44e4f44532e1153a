-- Durable payments (issue 19 items 1, 2; issue 20 item 4). A payment is written in state `pending`
-- (a withdrawal with its ledger hold: wallet -> payments_held, in the same write) BEFORE the
-- provider is asked; the provider's reference and outcome are stored on it. States only move
-- forward: awaiting_approval -> pending | rejected, pending -> completed | failed | reversed, and a
-- trigger refuses anything else (and any change of who, what, how much or when). A completed or
-- returned payment names the ledger transaction that settled it, and that transaction must exist
-- in the same write. SQLite cannot add a CHECK to a table, so payments is rebuilt; the libSQL
-- migrator runs this with foreign keys off, in one transaction. Rows written before this migration
-- were booked only after the provider answered, so they are `completed` (a legacy
-- `withdrawal_reversal` row stays as it was: a completed return of money).
DROP TRIGGER IF EXISTS `payments_no_update`;--> statement-breakpoint
DROP TRIGGER IF EXISTS `payments_no_delete`;--> statement-breakpoint
CREATE TABLE `__new_payments` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`direction` text NOT NULL,
	`method` text NOT NULL,
	`amount` integer NOT NULL,
	`fee` integer DEFAULT 0 NOT NULL,
	`bonus` integer DEFAULT 0 NOT NULL,
	`state` text NOT NULL,
	`provider_reference` text,
	`failure_reason` text,
	`transaction_id` text,
	`settle_transaction_id` text,
	`reviewed_by` text,
	`reviewed_at` integer,
	`review_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`transaction_id`) REFERENCES `ledger_transactions`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`settle_transaction_id`) REFERENCES `ledger_transactions`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "payments_direction_ck" CHECK("direction" IN ('deposit','withdrawal','withdrawal_reversal')),
	CONSTRAINT "payments_method_ck" CHECK("method" IN ('card','paypal','crypto','bank')),
	CONSTRAINT "payments_amounts_ck" CHECK("amount" > 0 AND "fee" >= 0 AND "fee" < "amount" AND "bonus" >= 0),
	CONSTRAINT "payments_state_ck" CHECK("state" IN ('awaiting_approval','pending','completed','failed','reversed','rejected')),
	-- A withdrawal always carries its hold; only withdrawals wait for approval.
	CONSTRAINT "payments_hold_ck" CHECK("direction" <> 'withdrawal' OR "transaction_id" IS NOT NULL),
	CONSTRAINT "payments_approval_ck" CHECK("state" NOT IN ('awaiting_approval','rejected') OR "direction" = 'withdrawal')
);
--> statement-breakpoint
INSERT INTO `__new_payments` (`id`, `user_id`, `direction`, `method`, `amount`, `fee`, `bonus`, `state`, `provider_reference`, `transaction_id`, `settle_transaction_id`, `created_at`, `updated_at`)
SELECT `id`, `user_id`, `direction`, `method`, `amount`, `fee`, `bonus`, 'completed', `provider_reference`, `transaction_id`, `transaction_id`, `created_at`, `created_at` FROM `payments`;
--> statement-breakpoint
DROP TABLE `payments`;--> statement-breakpoint
ALTER TABLE `__new_payments` RENAME TO `payments`;--> statement-breakpoint
CREATE INDEX `payments_user_idx` ON `payments` (`user_id`,`direction`,`created_at`);--> statement-breakpoint
CREATE INDEX `payments_tx_idx` ON `payments` (`transaction_id`);--> statement-breakpoint
CREATE INDEX `payments_state_idx` ON `payments` (`state`,`created_at`);--> statement-breakpoint
CREATE TRIGGER payments_state_forward BEFORE UPDATE ON payments
WHEN NOT (
  (OLD.state = 'awaiting_approval' AND NEW.state IN ('pending', 'rejected'))
  OR (OLD.state = 'pending' AND NEW.state IN ('completed', 'failed', 'reversed'))
)
BEGIN SELECT RAISE(ABORT, 'PAYMENT.STATE_NOT_FORWARD'); END;
--> statement-breakpoint
CREATE TRIGGER payments_fixed_fields BEFORE UPDATE ON payments
WHEN NEW.id IS NOT OLD.id OR NEW.user_id IS NOT OLD.user_id OR NEW.direction IS NOT OLD.direction
  OR NEW.method IS NOT OLD.method OR NEW.amount IS NOT OLD.amount OR NEW.fee IS NOT OLD.fee OR NEW.bonus IS NOT OLD.bonus
  OR NEW.created_at IS NOT OLD.created_at OR NEW.transaction_id IS NOT OLD.transaction_id
  OR (OLD.provider_reference IS NOT NULL AND NEW.provider_reference IS NOT OLD.provider_reference)
  OR (OLD.settle_transaction_id IS NOT NULL AND NEW.settle_transaction_id IS NOT OLD.settle_transaction_id)
BEGIN SELECT RAISE(ABORT, 'PAYMENT.IMMUTABLE'); END;
--> statement-breakpoint
-- Money moves with the state: a completed deposit has its deposit transaction; a withdrawal that
-- completed (held -> payments) or came back (held -> wallet) has the transaction that did it.
CREATE TRIGGER payments_settled_with_ledger AFTER UPDATE ON payments
WHEN (NEW.state = 'completed' OR (NEW.direction = 'withdrawal' AND NEW.state IN ('failed', 'rejected')))
  AND NOT EXISTS (SELECT 1 FROM ledger_transactions WHERE id = NEW.settle_transaction_id)
BEGIN SELECT RAISE(ABORT, 'PAYMENT.LEDGER_MISSING'); END;
--> statement-breakpoint
CREATE TRIGGER payments_no_delete BEFORE DELETE ON payments
BEGIN SELECT RAISE(ABORT, 'PAYMENT.IMMUTABLE'); END;
--> statement-breakpoint
-- Withdrawals requested and not yet paid out or returned sit here (kind payments, like the
-- provider's clearing account): its balance is the sum of open withdrawal holds.
INSERT INTO ledger_accounts (id, kind, user_id, balance, created_at) VALUES ('payments_held', 'payments', NULL, 0, 0);
--> statement-breakpoint
-- Withdrawals above this amount (cents) wait for an operator's approval. Change it with an UPDATE.
INSERT INTO `risk_settings` (`key`, `value`) VALUES ('withdrawal_approval_threshold', 100000);
--> statement-breakpoint
-- The simulated payment provider's own records (adapters/payments/simulated-provider.ts): what it
-- did for each of our payment ids, kept apart from our tables as a stand-in for the provider's
-- database, so asking again after our process died returns the same answer and never pays twice.
CREATE TABLE `simulated_provider_operations` (
	`kind` text NOT NULL,
	`reference` text NOT NULL,
	`method` text,
	`amount` integer NOT NULL,
	`approved` integer NOT NULL,
	`provider_reference` text,
	`reason` text,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `reference`),
	CONSTRAINT "simulated_provider_operations_kind_ck" CHECK("kind" IN ('charge','refund','payout'))
);
--> statement-breakpoint
-- Accounts an operator is investigating: withdrawals are held (refused) while a row exists.
CREATE TABLE `account_investigations` (
	`user_id` text PRIMARY KEY NOT NULL,
	`opened_at` integer NOT NULL,
	`opened_by` text NOT NULL,
	`reason` text NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action
);
