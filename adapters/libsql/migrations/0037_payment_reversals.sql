-- Reversed payments (issue 19 rest; docs/money.md "Reversed payments"). A provider may report a
-- payment it completed as reversed later: a payout the customer's bank returned (the money comes
-- back to the customer's cash) or a deposit charged back (the money leaves the customer's cash, a
-- shortfall becomes debt, the deposit's bonus is removed). So `completed -> reversed` joins the
-- forward moves, only for deposits and withdrawals, and only with the ledger transaction that did
-- it (reversal_transaction_id, of kind deposit_reversed or withdrawal_reversed, in the same write).
-- A reversed payment is final: the forward trigger refuses every later update.
ALTER TABLE `payments` ADD `reversal_transaction_id` text REFERENCES `ledger_transactions`(`id`);
--> statement-breakpoint
ALTER TABLE `payments` ADD `reversed_at` integer;
--> statement-breakpoint
ALTER TABLE `payments` ADD `reversal_reason` text;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `payments_state_forward`;
--> statement-breakpoint
CREATE TRIGGER payments_state_forward BEFORE UPDATE ON payments
WHEN NOT (
  (OLD.state = 'awaiting_approval' AND NEW.state IN ('pending', 'rejected'))
  OR (OLD.state = 'pending' AND NEW.state IN ('completed', 'failed', 'reversed'))
  OR (OLD.state = 'completed' AND NEW.state = 'reversed' AND OLD.direction IN ('deposit', 'withdrawal'))
)
BEGIN SELECT RAISE(ABORT, 'PAYMENT.STATE_NOT_FORWARD'); END;
--> statement-breakpoint
-- The reversal fields are written once, by the completed -> reversed move, with its transaction.
CREATE TRIGGER payments_reversed_with_ledger AFTER UPDATE ON payments
WHEN (OLD.state = 'completed' AND NEW.state = 'reversed' AND (
        NEW.reversed_at IS NULL OR NEW.reversal_reason IS NULL
        OR NOT EXISTS (SELECT 1 FROM ledger_transactions WHERE id = NEW.reversal_transaction_id
                       AND kind = CASE NEW.direction WHEN 'deposit' THEN 'deposit_reversed' ELSE 'withdrawal_reversed' END
                       AND reference = NEW.id)))
  OR (NOT (OLD.state = 'completed' AND NEW.state = 'reversed')
      AND (NEW.reversal_transaction_id IS NOT NULL OR NEW.reversed_at IS NOT NULL OR NEW.reversal_reason IS NOT NULL))
BEGIN SELECT RAISE(ABORT, 'PAYMENT.REVERSAL_LEDGER_MISSING'); END;
--> statement-breakpoint
CREATE INDEX `payments_completed_idx` ON `payments` (`state`, `updated_at`);
--> statement-breakpoint
-- The simulated provider's record of the payments it reversed after completing them (a stand-in
-- for the provider's own records, like simulated_provider_operations), keyed by our payment id.
CREATE TABLE `simulated_provider_reversals` (
	`kind` text NOT NULL,
	`reference` text NOT NULL,
	`reason` text NOT NULL,
	`reversed_at` integer NOT NULL,
	PRIMARY KEY(`kind`, `reference`),
	CONSTRAINT "simulated_provider_reversals_kind_ck" CHECK("kind" IN ('charge','payout'))
);
--> statement-breakpoint
-- One welcome offer per person: a welcome deposit completed and later reversed (a chargeback) still
-- counts as the person's offer (else deposit, take the bonus, charge back, repeat); only a deposit
-- that failed, or was reversed before completing, frees it. (The claim's identity key is now taken
-- from basic verification too: adapters/libsql/bonuses.ts welcomeClaimStatement.)
DROP TRIGGER IF EXISTS `bonus_welcome_once`;
--> statement-breakpoint
CREATE TRIGGER bonus_welcome_once BEFORE INSERT ON bonus_welcome_claims
WHEN EXISTS (
  SELECT 1 FROM bonus_welcome_claims c JOIN payments p ON p.id = c.payment_id
  WHERE NOT (p.state = 'failed' OR (p.state = 'reversed' AND p.reversal_transaction_id IS NULL))
    AND (c.user_id = NEW.user_id OR (NEW.identity_key IS NOT NULL AND (c.identity_key = NEW.identity_key
         OR c.user_id IN (SELECT user_id FROM person_keys WHERE identity_key = NEW.identity_key))))
)
BEGIN SELECT RAISE(ABORT, 'BONUS.WELCOME_TAKEN'); END;
