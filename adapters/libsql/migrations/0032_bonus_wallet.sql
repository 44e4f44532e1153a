-- A bonus wallet (issue 19 item 3; docs/money.md "Bonus funds").
--
-- 1. ledger_accounts gains the kind `bonus`: one `bonus:<userId>` per customer, never below zero
--    (the same CHECK as a wallet). SQLite cannot alter a CHECK, so the table is rebuilt (the libSQL
--    migrator runs this with foreign keys off, in one transaction) and the triggers of 0024 on it
--    are re-created; the postings trigger that names it is dropped first and re-created as in 0024.
-- 2. A bonus account is opened in the same write as each wallet (trigger), and now for every wallet.
-- 3. bets.bonus_stake: the part of the stake that came from the bonus account.
-- 4. bonus_settings (one row): wagering multiple (at most 10), minimum odds, days to expiry.
-- 5. bonus_grants: each bonus credited (house/promotions -> bonus), with its wagering requirement and
--    expiry fixed when it is credited (trigger on the bonus posting, so every path records one).
-- 6. bonus_welcome_claims: the deposit bonus is paid once per person (verified identity) or account.
DROP TRIGGER `ledger_postings_apply`;
--> statement-breakpoint
CREATE TABLE `__new_ledger_accounts` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`user_id` text,
	`balance` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`last_posting_id` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "ledger_accounts_kind_ck" CHECK("kind" IN ('wallet','house','promotions','payments','fantasy_pool','fantasy_rake','bonus')),
	CONSTRAINT "ledger_accounts_wallet_nonneg_ck" CHECK("kind" NOT IN ('wallet','fantasy_pool','bonus') OR "balance" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_ledger_accounts`("id", "kind", "user_id", "balance", "created_at", "last_posting_id")
SELECT "id", "kind", "user_id", "balance", "created_at", "last_posting_id" FROM `ledger_accounts`;
--> statement-breakpoint
DROP TABLE `ledger_accounts`;
--> statement-breakpoint
ALTER TABLE `__new_ledger_accounts` RENAME TO `ledger_accounts`;
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_accounts_user_wallet_uq` ON `ledger_accounts` (`user_id`,`kind`);
--> statement-breakpoint
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
CREATE TRIGGER ledger_postings_apply AFTER INSERT ON ledger_postings
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount, last_posting_id = NEW.id WHERE id = NEW.account_id;
  SELECT RAISE(ABORT, 'LEDGER.UNKNOWN_ACCOUNT') WHERE changes() = 0;
  UPDATE ledger_open_transactions SET amount_sum = amount_sum + NEW.amount, postings_seen = postings_seen + 1, last_posting_id = NEW.id
  WHERE transaction_id = NEW.transaction_id;
  DELETE FROM ledger_open_transactions
  WHERE transaction_id = NEW.transaction_id AND amount_sum = 0 AND (expected_postings IS NULL OR postings_seen = expected_postings);
END;
--> statement-breakpoint
-- (2) Every customer wallet has a bonus account, opened at zero in the same write.
CREATE TRIGGER ledger_accounts_open_bonus AFTER INSERT ON ledger_accounts
WHEN NEW.kind = 'wallet' AND NEW.user_id IS NOT NULL
BEGIN
  INSERT INTO ledger_accounts (id, kind, user_id, balance, created_at) VALUES ('bonus:' || NEW.user_id, 'bonus', NEW.user_id, 0, NEW.created_at);
END;
--> statement-breakpoint
INSERT INTO ledger_accounts (id, kind, user_id, balance, created_at)
SELECT 'bonus:' || user_id, 'bonus', user_id, 0, created_at FROM ledger_accounts WHERE kind = 'wallet' AND user_id IS NOT NULL;
--> statement-breakpoint
-- (3)
ALTER TABLE `bets` ADD `bonus_stake` integer DEFAULT 0 NOT NULL CHECK (`bonus_stake` >= 0 AND `bonus_stake` <= `stake`);
--> statement-breakpoint
-- (4)
CREATE TABLE `bonus_settings` (
	`id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
	`wagering_multiple` integer DEFAULT 10 NOT NULL CHECK (`wagering_multiple` BETWEEN 0 AND 10),
	`min_odds_milli` integer DEFAULT 1500 NOT NULL CHECK (`min_odds_milli` >= 1000),
	`expiry_days` integer DEFAULT 30 NOT NULL CHECK (`expiry_days` >= 1)
);
--> statement-breakpoint
INSERT INTO bonus_settings (id) VALUES (1);
--> statement-breakpoint
-- (5) A grant is active until released (wagering met: bonus -> wallet, bonus_release) or expired
-- (bonus -> house, bonus_expired). Requirement, minimum odds and expiry are the settings at credit time.
CREATE TABLE `bonus_grants` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`transaction_id` text NOT NULL,
	`amount` integer NOT NULL CHECK (`amount` > 0),
	`wagering_required` integer NOT NULL CHECK (`wagering_required` >= 0),
	`min_odds_milli` integer NOT NULL,
	`granted_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`status` text DEFAULT 'active' NOT NULL CHECK (`status` IN ('active','released','expired')),
	`closed_at` integer,
	`closed_transaction_id` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`),
	FOREIGN KEY (`transaction_id`) REFERENCES `ledger_transactions`(`id`)
);
--> statement-breakpoint
CREATE INDEX `bonus_grants_user_idx` ON `bonus_grants` (`user_id`, `status`);
--> statement-breakpoint
CREATE INDEX `bonus_grants_expiry_idx` ON `bonus_grants` (`status`, `expires_at`);
--> statement-breakpoint
-- A grant closes once, with the transaction that closed it; nothing else changes.
CREATE TRIGGER bonus_grants_close_once BEFORE UPDATE ON bonus_grants
WHEN OLD.status <> 'active' OR NEW.status = 'active' OR NEW.closed_at IS NULL
  OR NEW.id IS NOT OLD.id OR NEW.user_id IS NOT OLD.user_id OR NEW.amount IS NOT OLD.amount
  OR NEW.wagering_required IS NOT OLD.wagering_required OR NEW.granted_at IS NOT OLD.granted_at OR NEW.expires_at IS NOT OLD.expires_at
  OR NEW.transaction_id IS NOT OLD.transaction_id OR NEW.min_odds_milli IS NOT OLD.min_odds_milli
BEGIN SELECT RAISE(ABORT, 'BONUS.GRANT_CLOSED'); END;
--> statement-breakpoint
CREATE TRIGGER bonus_grants_no_delete BEFORE DELETE ON bonus_grants
BEGIN SELECT RAISE(ABORT, 'BONUS.GRANT_CLOSED'); END;
--> statement-breakpoint
-- Every credit of a bonus account by a deposit bonus or an operator's bonus records its grant.
CREATE TRIGGER bonus_grants_on_credit AFTER INSERT ON ledger_postings
WHEN NEW.amount > 0 AND NEW.account_id LIKE 'bonus:%'
  AND (SELECT kind FROM ledger_transactions WHERE id = NEW.transaction_id) IN ('deposit_bonus', 'adjustment')
BEGIN
  INSERT INTO bonus_grants (id, user_id, transaction_id, amount, wagering_required, min_odds_milli, granted_at, expires_at)
  SELECT 'bg_' || NEW.id, a.user_id, NEW.transaction_id, NEW.amount, NEW.amount * s.wagering_multiple, s.min_odds_milli,
         t.created_at, t.created_at + s.expiry_days * 86400000
  FROM ledger_accounts a, bonus_settings s, ledger_transactions t
  WHERE a.id = NEW.account_id AND s.id = 1 AND t.id = NEW.transaction_id;
END;
--> statement-breakpoint
-- (6) One welcome offer per person: a claim per deposit that carries a bonus. A claim is refused
-- while another claim of this account, or (when verified) of any account with the same identity
-- key, belongs to a deposit that was not failed or reversed.
CREATE TABLE `bonus_welcome_claims` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`identity_key` text,
	`claimed_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`)
);
--> statement-breakpoint
CREATE INDEX `bonus_welcome_claims_user_idx` ON `bonus_welcome_claims` (`user_id`);
--> statement-breakpoint
CREATE INDEX `bonus_welcome_claims_identity_idx` ON `bonus_welcome_claims` (`identity_key`);
--> statement-breakpoint
CREATE TRIGGER bonus_welcome_once BEFORE INSERT ON bonus_welcome_claims
WHEN EXISTS (
  SELECT 1 FROM bonus_welcome_claims c JOIN payments p ON p.id = c.payment_id
  WHERE p.state NOT IN ('failed', 'reversed')
    AND (c.user_id = NEW.user_id OR (NEW.identity_key IS NOT NULL AND (c.identity_key = NEW.identity_key
         OR c.user_id IN (SELECT user_id FROM person_keys WHERE identity_key = NEW.identity_key))))
)
BEGIN SELECT RAISE(ABORT, 'BONUS.WELCOME_TAKEN'); END;
--> statement-breakpoint
CREATE TRIGGER bonus_welcome_no_change BEFORE UPDATE ON bonus_welcome_claims
BEGIN SELECT RAISE(ABORT, 'BONUS.WELCOME_TAKEN'); END;
--> statement-breakpoint
-- A bet's bonus part is set once, in its placement write, to exactly what its stake took from the bonus account.
CREATE TRIGGER bets_bonus_stake_fixed BEFORE UPDATE OF bonus_stake ON bets
WHEN OLD.bonus_stake <> 0 OR OLD.status <> 'pending'
  OR NEW.bonus_stake <> -(SELECT COALESCE(SUM(p.amount), 0) FROM ledger_postings p JOIN ledger_transactions t ON t.id = p.transaction_id
                          WHERE t.reference = NEW.id AND t.kind = 'bet_stake' AND p.account_id = 'bonus:' || NEW.user_id)
BEGIN SELECT RAISE(ABORT, 'BET.TERMS_IMMUTABLE'); END;
