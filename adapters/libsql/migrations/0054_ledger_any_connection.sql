-- The ledger holds on any connection, foreign keys on or off (docs/money.md, "What the database refuses").
--
-- 0024 checks a transaction's zero sum at COMMIT through a deferred foreign key, which SQLite only
-- enforces with PRAGMA foreign_keys = ON (its default is OFF). Two statement-level rules that need
-- no pragma now stand beside it:
--   1. The closing posting: when a transaction declares its number of postings (posting_count),
--      the posting that completes the count must bring the running sum to zero, or it is refused
--      (LEDGER.UNBALANCED). The count and the sum already live on the transaction's open row, so the
--      check is one more condition on the UPDATE the postings trigger already makes.
--   2. Money of an unfinished transaction cannot move on: each account remembers the transaction of
--      its last posting (last_transaction_id), and a posting to it from another transaction is
--      refused while that one is still open (LEDGER.ACCOUNT_HELD). A write that leaves a one-sided
--      transaction behind (possible only with foreign keys off) can therefore not be spent,
--      withdrawn or staked until its balancing postings arrive; the reconciliation job alarms on it.
-- Per posting this adds one primary-key probe of ledger_open_transactions (empty between writes)
-- and one more column in the account row the trigger already rewrites.
ALTER TABLE `ledger_accounts` ADD COLUMN `last_transaction_id` text;
--> statement-breakpoint
UPDATE `ledger_accounts` SET `last_transaction_id` = (SELECT p.transaction_id FROM ledger_postings p WHERE p.id = ledger_accounts.last_posting_id)
WHERE `last_posting_id` IS NOT NULL;
--> statement-breakpoint
DROP TRIGGER `ledger_accounts_open_at_zero`;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_open_at_zero BEFORE INSERT ON ledger_accounts
BEGIN
  SELECT RAISE(ABORT, 'LEDGER.OPENING_BALANCE')
  WHERE NEW.balance IS NOT 0 OR NEW.last_posting_id IS NOT NULL OR NEW.last_transaction_id IS NOT NULL;
  SELECT RAISE(IGNORE) WHERE EXISTS (SELECT 1 FROM ledger_accounts WHERE id = NEW.id);
END;
--> statement-breakpoint
DROP TRIGGER `ledger_accounts_balance_by_postings`;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_balance_by_postings BEFORE UPDATE OF balance, last_posting_id, last_transaction_id ON ledger_accounts
BEGIN
  SELECT RAISE(ABORT, 'LEDGER.BALANCE_BY_POSTINGS_ONLY')
  WHERE typeof(NEW.balance) <> 'integer'
    OR NEW.last_posting_id IS NULL
    OR NEW.last_posting_id <= COALESCE(OLD.last_posting_id, 0)
    OR NOT EXISTS (
      SELECT 1 FROM ledger_postings p
      WHERE p.id = NEW.last_posting_id AND p.account_id = OLD.id AND p.amount = NEW.balance - OLD.balance
        AND p.transaction_id IS NEW.last_transaction_id
    );
  SELECT RAISE(ABORT, 'LEDGER.ACCOUNT_HELD')
  WHERE OLD.last_transaction_id IS NOT NEW.last_transaction_id
    AND EXISTS (SELECT 1 FROM ledger_open_transactions WHERE transaction_id = OLD.last_transaction_id);
END;
--> statement-breakpoint
DROP TRIGGER `ledger_open_transactions_sum`;
--> statement-breakpoint
CREATE TRIGGER ledger_open_transactions_sum BEFORE UPDATE ON ledger_open_transactions
WHEN NEW.transaction_id IS NOT OLD.transaction_id
  OR NEW.expected_postings IS NOT OLD.expected_postings
  OR NEW.postings_seen IS NOT OLD.postings_seen + 1
  OR typeof(NEW.amount_sum) <> 'integer'
  OR (OLD.expected_postings IS NOT NULL AND NEW.postings_seen >= OLD.expected_postings AND NEW.amount_sum <> 0)
  OR NEW.last_posting_id IS NULL
  OR NEW.last_posting_id <= COALESCE(OLD.last_posting_id, 0)
  OR NOT EXISTS (
    SELECT 1 FROM ledger_postings p
    WHERE p.id = NEW.last_posting_id AND p.transaction_id = OLD.transaction_id AND p.amount = NEW.amount_sum - OLD.amount_sum
  )
BEGIN SELECT RAISE(ABORT, 'LEDGER.UNBALANCED'); END;
--> statement-breakpoint
DROP TRIGGER `ledger_postings_apply`;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_apply AFTER INSERT ON ledger_postings
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount, last_posting_id = NEW.id, last_transaction_id = NEW.transaction_id
  WHERE id = NEW.account_id;
  SELECT RAISE(ABORT, 'LEDGER.UNKNOWN_ACCOUNT') WHERE changes() = 0;
  UPDATE ledger_open_transactions SET amount_sum = amount_sum + NEW.amount, postings_seen = postings_seen + 1, last_posting_id = NEW.id
  WHERE transaction_id = NEW.transaction_id;
  DELETE FROM ledger_open_transactions
  WHERE transaction_id = NEW.transaction_id AND amount_sum = 0 AND (expected_postings IS NULL OR postings_seen = expected_postings);
END;
--> statement-breakpoint
-- The reconciliation job (domain/wallet/reconcile-ledger.ts): what it has checked so far, and the
-- alarms it raised for operators (shown in the back office until an admin resolves them).
CREATE TABLE `ledger_reconciliation` (
	`id` integer PRIMARY KEY NOT NULL,
	`through_posting_id` integer DEFAULT 0 NOT NULL,
	`checked_at` integer,
	CONSTRAINT "ledger_reconciliation_one_row_ck" CHECK("id" = 1)
);
--> statement-breakpoint
INSERT INTO `ledger_reconciliation` (`id`, `through_posting_id`, `checked_at`) VALUES (1, 0, NULL);
--> statement-breakpoint
-- What each account's balance should be after the postings checked so far.
CREATE TABLE `ledger_reconciled_balances` (
	`account_id` text PRIMARY KEY NOT NULL,
	`balance` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `ledger_alarms` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`subject` text NOT NULL,
	`detail` text NOT NULL,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`resolved_at` integer,
	`resolved_by` text,
	CONSTRAINT "ledger_alarms_kind_ck" CHECK("kind" IN ('open_transaction','unbalanced_transaction','balance_mismatch'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_alarms_open_uq` ON `ledger_alarms` (`kind`, `subject`) WHERE `resolved_at` IS NULL;
