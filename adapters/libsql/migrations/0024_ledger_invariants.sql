-- Ledger invariants the database enforces itself (docs/money.md, "What the database refuses"):
--   1. an account opens with balance 0;
--   2. a cached balance moves only through the postings trigger;
--   3. postings are added only in the write that inserted their transaction;
--   4. every transaction's postings sum to zero when the write commits.
--
-- (2) Each account remembers the last posting applied to it (last_posting_id). An UPDATE of the
-- balance must name a posting newer than that one, to this account, whose amount is exactly the
-- change: only the postings trigger can produce such an UPDATE, once per posting.
ALTER TABLE `ledger_accounts` ADD COLUMN `last_posting_id` integer;
--> statement-breakpoint
UPDATE `ledger_accounts` SET `last_posting_id` = (SELECT MAX(p.id) FROM ledger_postings p WHERE p.account_id = ledger_accounts.id);
--> statement-breakpoint
-- (1) An account opens at zero. An INSERT naming an account that already exists changes nothing
-- (ON CONFLICT DO NOTHING and INSERT OR IGNORE keep working), so INSERT OR REPLACE cannot reset a
-- balance by deleting and re-inserting the row (SQLite runs no DELETE trigger for a REPLACE).
CREATE TRIGGER ledger_accounts_open_at_zero BEFORE INSERT ON ledger_accounts
BEGIN
  SELECT RAISE(ABORT, 'LEDGER.OPENING_BALANCE') WHERE NEW.balance IS NOT 0 OR NEW.last_posting_id IS NOT NULL;
  SELECT RAISE(IGNORE) WHERE EXISTS (SELECT 1 FROM ledger_accounts WHERE id = NEW.id);
END;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_balance_by_postings BEFORE UPDATE OF balance, last_posting_id ON ledger_accounts
WHEN typeof(NEW.balance) <> 'integer'
  OR NEW.last_posting_id IS NULL
  OR NEW.last_posting_id <= COALESCE(OLD.last_posting_id, 0)
  OR NOT EXISTS (
    SELECT 1 FROM ledger_postings p
    WHERE p.id = NEW.last_posting_id AND p.account_id = OLD.id AND p.amount = NEW.balance - OLD.balance
  )
BEGIN SELECT RAISE(ABORT, 'LEDGER.BALANCE_BY_POSTINGS_ONLY'); END;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_fixed BEFORE UPDATE OF id, kind, user_id, created_at ON ledger_accounts
BEGIN SELECT RAISE(ABORT, 'LEDGER.IMMUTABLE'); END;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
BEGIN SELECT RAISE(ABORT, 'LEDGER.IMMUTABLE'); END;
--> statement-breakpoint
-- (3) and (4): a transaction is "open" from its INSERT until its postings sum to zero (and, when
-- the transaction row declares how many postings it has, posting_count, until that many arrived:
-- adapters/libsql/ledger-statements.ts declares it, so a transaction whose running sum touches
-- zero midway is not closed early). Its row in ledger_open_transactions carries the running sum
-- and count and is deleted by the postings trigger the moment both are complete; a posting for a
-- transaction that is not open is refused. The
-- open row references a table that is always empty, through a DEFERRED foreign key: SQLite checks
-- deferred keys at COMMIT, so a write that leaves any transaction open (unbalanced, or with no
-- postings) cannot commit. (Needs PRAGMA foreign_keys = ON, which openDatabase sets.)
ALTER TABLE `ledger_transactions` ADD COLUMN `posting_count` integer;
--> statement-breakpoint
CREATE TABLE `ledger_commit_barrier` (
	`transaction_id` text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER ledger_commit_barrier_stays_empty BEFORE INSERT ON ledger_commit_barrier
BEGIN SELECT RAISE(ABORT, 'LEDGER.IMMUTABLE'); END;
--> statement-breakpoint
CREATE TABLE `ledger_open_transactions` (
	`transaction_id` text PRIMARY KEY NOT NULL,
	`amount_sum` integer DEFAULT 0 NOT NULL,
	`postings_seen` integer DEFAULT 0 NOT NULL,
	`expected_postings` integer,
	`last_posting_id` integer,
	FOREIGN KEY (`transaction_id`) REFERENCES `ledger_commit_barrier`(`transaction_id`) DEFERRABLE INITIALLY DEFERRED
);
--> statement-breakpoint
-- Opened only for a transaction inserted in this write: it exists and has no postings yet.
CREATE TRIGGER ledger_open_transactions_insert BEFORE INSERT ON ledger_open_transactions
WHEN NEW.amount_sum IS NOT 0 OR NEW.postings_seen IS NOT 0 OR NEW.last_posting_id IS NOT NULL
  OR NOT EXISTS (SELECT 1 FROM ledger_transactions WHERE id = NEW.transaction_id AND posting_count IS NEW.expected_postings)
  OR EXISTS (SELECT 1 FROM ledger_postings WHERE transaction_id = NEW.transaction_id)
BEGIN SELECT RAISE(ABORT, 'LEDGER.TRANSACTION_CLOSED'); END;
--> statement-breakpoint
-- The running sum and count move only by a new posting of this transaction (the same rule as balances).
CREATE TRIGGER ledger_open_transactions_sum BEFORE UPDATE ON ledger_open_transactions
WHEN NEW.transaction_id IS NOT OLD.transaction_id
  OR NEW.expected_postings IS NOT OLD.expected_postings
  OR NEW.postings_seen IS NOT OLD.postings_seen + 1
  OR typeof(NEW.amount_sum) <> 'integer'
  OR NEW.last_posting_id IS NULL
  OR NEW.last_posting_id <= COALESCE(OLD.last_posting_id, 0)
  OR NOT EXISTS (
    SELECT 1 FROM ledger_postings p
    WHERE p.id = NEW.last_posting_id AND p.transaction_id = OLD.transaction_id AND p.amount = NEW.amount_sum - OLD.amount_sum
  )
BEGIN SELECT RAISE(ABORT, 'LEDGER.UNBALANCED'); END;
--> statement-breakpoint
-- Closed only when balanced, not empty, and (if declared) complete.
CREATE TRIGGER ledger_open_transactions_close BEFORE DELETE ON ledger_open_transactions
WHEN OLD.amount_sum <> 0 OR OLD.last_posting_id IS NULL
  OR (OLD.expected_postings IS NOT NULL AND OLD.postings_seen <> OLD.expected_postings)
BEGIN SELECT RAISE(ABORT, 'LEDGER.UNBALANCED'); END;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_open AFTER INSERT ON ledger_transactions
BEGIN INSERT INTO ledger_open_transactions (transaction_id, expected_postings) VALUES (NEW.id, NEW.posting_count); END;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_to_open_transaction BEFORE INSERT ON ledger_postings
WHEN NOT EXISTS (SELECT 1 FROM ledger_open_transactions WHERE transaction_id = NEW.transaction_id)
BEGIN SELECT RAISE(ABORT, 'LEDGER.TRANSACTION_CLOSED'); END;
--> statement-breakpoint
-- The postings trigger: moves the balance (naming itself), then the transaction's running sum,
-- and closes the transaction when the sum is back at zero (after the declared number of postings).
DROP TRIGGER `ledger_postings_apply`;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_apply AFTER INSERT ON ledger_postings
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount, last_posting_id = NEW.id WHERE id = NEW.account_id;
  SELECT RAISE(ABORT, 'LEDGER.UNKNOWN_ACCOUNT') WHERE changes() = 0;
  UPDATE ledger_open_transactions SET amount_sum = amount_sum + NEW.amount, postings_seen = postings_seen + 1, last_posting_id = NEW.id
  WHERE transaction_id = NEW.transaction_id;
  DELETE FROM ledger_open_transactions
  WHERE transaction_id = NEW.transaction_id AND amount_sum = 0 AND (expected_postings IS NULL OR postings_seen = expected_postings);
END;
