-- Invariants the database enforces itself, so no code path can bypass them.

-- Ledger rows and audit records are append-only: corrections are new postings.
CREATE TRIGGER ledger_postings_no_update BEFORE UPDATE ON ledger_postings
BEGIN SELECT RAISE(ABORT, 'LEDGER.IMMUTABLE'); END;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_delete BEFORE DELETE ON ledger_postings
BEGIN SELECT RAISE(ABORT, 'LEDGER.IMMUTABLE'); END;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_update BEFORE UPDATE ON ledger_transactions
BEGIN SELECT RAISE(ABORT, 'LEDGER.IMMUTABLE'); END;
--> statement-breakpoint
CREATE TRIGGER ledger_transactions_no_delete BEFORE DELETE ON ledger_transactions
BEGIN SELECT RAISE(ABORT, 'LEDGER.IMMUTABLE'); END;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN SELECT RAISE(ABORT, 'AUDIT.IMMUTABLE'); END;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN SELECT RAISE(ABORT, 'AUDIT.IMMUTABLE'); END;
--> statement-breakpoint
-- Each posting moves the cached balance of its account in the same write; the wallet CHECK
-- (balance >= 0) then refuses any debit that would overdraw it.
CREATE TRIGGER ledger_postings_apply AFTER INSERT ON ledger_postings
BEGIN
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.account_id;
  SELECT RAISE(ABORT, 'LEDGER.UNKNOWN_ACCOUNT') WHERE changes() = 0;
END;
--> statement-breakpoint
-- A leg is accepted only at the current price of an open market of an event that has not finished:
-- the price the customer saw is checked inside the placement write, not before it.
CREATE TRIGGER bet_legs_price_guard BEFORE INSERT ON bet_legs
WHEN NOT EXISTS (
  SELECT 1 FROM outcomes o
  JOIN markets m ON m.id = o.market_id
  JOIN events e ON e.id = m.event_id
  WHERE o.id = NEW.outcome_id AND m.id = NEW.market_id AND e.id = NEW.event_id
    AND o.price_milli = NEW.odds_milli AND m.status = 'open' AND e.status <> 'finished'
)
BEGIN SELECT RAISE(ABORT, 'BET.ODDS_CHANGED'); END;
--> statement-breakpoint
-- A settled bet stays settled: settling twice aborts the whole write, so it pays once.
CREATE TRIGGER bets_settle_once BEFORE UPDATE OF status ON bets
WHEN OLD.status <> 'pending'
BEGIN SELECT RAISE(ABORT, 'BET.NOT_PENDING'); END;
--> statement-breakpoint
-- Stake, odds and returns are fixed at placement.
CREATE TRIGGER bets_terms_fixed BEFORE UPDATE OF stake, total_odds_milli, potential_return, user_id, placed_at ON bets
BEGIN SELECT RAISE(ABORT, 'BET.TERMS_IMMUTABLE'); END;
--> statement-breakpoint
-- Event status moves forward only: upcoming -> live -> finished (or upcoming -> finished when
-- abandoned). Setting the same status again is refused too, so two racing admins change it once.
CREATE TRIGGER events_status_forward BEFORE UPDATE OF status ON events
WHEN NEW.status = OLD.status OR OLD.status = 'finished' OR (OLD.status = 'live' AND NEW.status = 'upcoming')
BEGIN SELECT RAISE(ABORT, 'EVENT.INVALID_TRANSITION'); END;
--> statement-breakpoint
-- A finished event takes no more bets: all its markets close in the same write.
CREATE TRIGGER events_finished_closes_markets AFTER UPDATE OF status ON events
WHEN NEW.status = 'finished'
BEGIN UPDATE markets SET status = 'closed', updated_at = NEW.updated_at WHERE event_id = NEW.id AND status <> 'closed'; END;
--> statement-breakpoint
-- The system accounts every ledger transaction can reach.
INSERT INTO ledger_accounts (id, kind, user_id, balance, created_at) VALUES ('house', 'house', NULL, 0, 0), ('promotions', 'promotions', NULL, 0, 0);
