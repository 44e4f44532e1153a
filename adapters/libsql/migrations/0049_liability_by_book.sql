-- One liability figure, two books (docs/money.md "Liability"). outcome_liability keeps, per outcome
-- and per book, the sum over PENDING bets with a leg on it of (potential_return - stake); a multiple
-- counts in full on every outcome it touches. The real book (demo = 0: registered and sample
-- customers) is the figure every operator screen shows and the one placement enforces against the
-- market's limit; demo customers' bets are a book of their own (demo = 1), limited by the same
-- market limit, so play money never uses up, or shows in, the real book's room.
--
-- The table is rebuilt from the bets (its key gains the book), and the triggers of migration 0026
-- are written again to keep it by book. What the placement write gains, per leg: the bettor's users
-- row read by primary key when the leg's amount is added, and the bets and users rows read by
-- primary key to pick the book's row for the limit check.
DROP TRIGGER IF EXISTS bet_legs_liability_limit;
--> statement-breakpoint
DROP TRIGGER IF EXISTS bets_liability_release;
--> statement-breakpoint
DROP TRIGGER IF EXISTS bets_liability_restore;
--> statement-breakpoint
DROP TRIGGER IF EXISTS bets_liability_on_delete;
--> statement-breakpoint
DROP TRIGGER IF EXISTS bet_legs_liability_on_delete;
--> statement-breakpoint
DROP INDEX IF EXISTS `outcome_liability_market_idx`;
--> statement-breakpoint
DROP TABLE `outcome_liability`;
--> statement-breakpoint
CREATE TABLE `outcome_liability` (
	`outcome_id` text NOT NULL,
	`demo` integer DEFAULT 0 NOT NULL,
	`market_id` text NOT NULL,
	`liability` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`outcome_id`, `demo`),
	CONSTRAINT "outcome_liability_demo_ck" CHECK("demo" IN (0, 1))
);
--> statement-breakpoint
CREATE INDEX `outcome_liability_market_idx` ON `outcome_liability` (`market_id`, `demo`);
--> statement-breakpoint
INSERT INTO `outcome_liability` (`outcome_id`, `demo`, `market_id`, `liability`)
SELECT l.outcome_id, u.is_demo, l.market_id, SUM(b.potential_return - b.stake)
FROM bet_legs l JOIN bets b ON b.id = l.bet_id JOIN users u ON u.id = b.user_id
WHERE b.status = 'pending'
GROUP BY l.outcome_id, u.is_demo, l.market_id;
--> statement-breakpoint
-- A new leg adds its bet's liability to its outcome in the bettor's book and refuses the whole write
-- when that takes the outcome past its market's limit.
CREATE TRIGGER bet_legs_liability_limit AFTER INSERT ON bet_legs
BEGIN
  INSERT INTO outcome_liability (outcome_id, demo, market_id, liability)
    SELECT NEW.outcome_id, u.is_demo, NEW.market_id, b.potential_return - b.stake
    FROM bets b JOIN users u ON u.id = b.user_id
    WHERE b.id = NEW.bet_id AND b.status = 'pending'
    ON CONFLICT (outcome_id, demo) DO UPDATE SET liability = liability + excluded.liability;
  SELECT RAISE(ABORT, 'BET.LIABILITY_LIMIT')
    WHERE (SELECT l.liability FROM outcome_liability l
            WHERE l.outcome_id = NEW.outcome_id
              AND l.demo = (SELECT u.is_demo FROM users u WHERE u.id = (SELECT b.user_id FROM bets b WHERE b.id = NEW.bet_id)))
      > (SELECT liability_limit FROM markets WHERE id = NEW.market_id);
END;
--> statement-breakpoint
-- Any way a bet leaves pending (settled, voided, cashed out) releases its liability from its book;
-- any way back to pending (unsettle) restores it.
CREATE TRIGGER bets_liability_release AFTER UPDATE OF status ON bets
WHEN OLD.status = 'pending' AND NEW.status <> 'pending'
BEGIN
  UPDATE outcome_liability SET liability = liability - (OLD.potential_return - OLD.stake)
  WHERE demo = (SELECT is_demo FROM users WHERE id = OLD.user_id)
    AND outcome_id IN (SELECT outcome_id FROM bet_legs WHERE bet_id = OLD.id);
END;
--> statement-breakpoint
CREATE TRIGGER bets_liability_restore AFTER UPDATE OF status ON bets
WHEN OLD.status <> 'pending' AND NEW.status = 'pending'
BEGIN
  INSERT INTO outcome_liability (outcome_id, demo, market_id, liability)
    SELECT l.outcome_id, (SELECT is_demo FROM users WHERE id = NEW.user_id), l.market_id, NEW.potential_return - NEW.stake
    FROM bet_legs l WHERE l.bet_id = NEW.id
    ON CONFLICT (outcome_id, demo) DO UPDATE SET liability = liability + excluded.liability;
END;
--> statement-breakpoint
CREATE TRIGGER bets_liability_on_delete AFTER DELETE ON bets
WHEN OLD.status = 'pending'
BEGIN
  UPDATE outcome_liability SET liability = liability - (OLD.potential_return - OLD.stake)
  WHERE demo = (SELECT is_demo FROM users WHERE id = OLD.user_id)
    AND outcome_id IN (SELECT outcome_id FROM bet_legs WHERE bet_id = OLD.id);
END;
--> statement-breakpoint
CREATE TRIGGER bet_legs_liability_on_delete AFTER DELETE ON bet_legs
BEGIN
  UPDATE outcome_liability SET liability = liability - (SELECT b.potential_return - b.stake FROM bets b WHERE b.id = OLD.bet_id)
  WHERE outcome_id = OLD.outcome_id
    AND demo = (SELECT u.is_demo FROM bets b JOIN users u ON u.id = b.user_id WHERE b.id = OLD.bet_id)
    AND EXISTS (SELECT 1 FROM bets b WHERE b.id = OLD.bet_id AND b.status = 'pending');
END;
--> statement-breakpoint
-- A bet stays in the book it was placed in: an account's demo flag cannot change while it has an
-- open bet (its liability would then be released from the other book).
CREATE TRIGGER users_demo_fixed_with_open_bets BEFORE UPDATE OF is_demo ON users
WHEN OLD.is_demo <> NEW.is_demo AND EXISTS (SELECT 1 FROM bets WHERE user_id = OLD.id AND status = 'pending')
BEGIN SELECT RAISE(ABORT, 'USER.KIND_CONFLICT'); END;
