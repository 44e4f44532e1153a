-- Settlement corrections (issue 18 item 4): a market's result can be corrected or withdrawn, a
-- settled bet can go back to pending, and a shortfall the customer has spent becomes a debt.
--
-- A market's result changes only together with its revision going up by exactly one (like a bet's
-- resettlement counter): a plain second settlement with another result still aborts.
ALTER TABLE `markets` ADD `result_revision` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
DROP TRIGGER IF EXISTS markets_result_once;
--> statement-breakpoint
CREATE TRIGGER markets_result_once BEFORE UPDATE OF result_kind, winning_outcome_id ON markets
WHEN OLD.result_kind IS NOT NULL AND NEW.result_revision IS NOT OLD.result_revision + 1
BEGIN SELECT RAISE(ABORT, 'MARKET.ALREADY_SETTLED'); END;
--> statement-breakpoint
CREATE TRIGGER markets_result_revision BEFORE UPDATE OF result_revision ON markets
WHEN NEW.result_revision IS NOT OLD.result_revision + 1
BEGIN SELECT RAISE(ABORT, 'MARKET.RESULT_CONFLICT'); END;
--> statement-breakpoint
-- A resettlement may now also take a settled bet back to pending (its market was unsettled): still
-- only from a settled outcome, still with the counter raised by exactly one; a cashed-out bet never.
DROP TRIGGER IF EXISTS bets_resettle_guard;
--> statement-breakpoint
CREATE TRIGGER bets_resettle_guard BEFORE UPDATE OF resettlement_count ON bets
WHEN NEW.resettlement_count <> OLD.resettlement_count + 1
  OR OLD.status NOT IN ('won','lost','void') OR NEW.status NOT IN ('won','lost','void','pending')
BEGIN SELECT RAISE(ABORT, 'BET.RESETTLE_CONFLICT'); END;
--> statement-breakpoint
-- Debt: `debt:<userId>` (kind house, user_id set) is the customer's receivable. Its balance is the
-- negative of what the customer owes: it is never above zero (postings still sum to zero: a take-back
-- moves house <- wallet (what is there) + debt (the rest); a later credit moves debt <- wallet).
CREATE TRIGGER ledger_accounts_debt_not_positive BEFORE UPDATE OF balance ON ledger_accounts
WHEN NEW.id LIKE 'debt:%' AND NEW.balance > 0
BEGIN SELECT RAISE(ABORT, 'LEDGER.DEBT_OVERPAID'); END;
