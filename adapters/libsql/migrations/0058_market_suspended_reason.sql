-- Why the system took a market down (docs/trading.md "Margin and prices too short"): the live
-- feed suspends a market whose price would fall to 1.02 or below ('price_too_short') instead of
-- offering 1.01 against a capped other side, and reopens it when the price lengthens again. A
-- market a trader suspends has no reason (NULL), and the feed never reopens it.
ALTER TABLE `markets` ADD `suspended_reason` text CHECK (`suspended_reason` IS NULL OR `suspended_reason` IN ('price_too_short'));
--> statement-breakpoint
-- The reason belongs to the suspension: a market that reopens or closes, by whichever writer
-- (a trader, the feed, an event finishing, settlement), drops it in the same write.
CREATE TRIGGER markets_suspended_reason_cleared AFTER UPDATE OF status ON markets
WHEN NEW.status <> 'suspended' AND NEW.suspended_reason IS NOT NULL
BEGIN UPDATE markets SET suspended_reason = NULL WHERE id = NEW.id; END;
--> statement-breakpoint
-- A reason is only ever written on a suspended market.
CREATE TRIGGER markets_suspended_reason_needs_suspension BEFORE UPDATE OF suspended_reason ON markets
WHEN NEW.suspended_reason IS NOT NULL AND NEW.status <> 'suspended'
BEGIN SELECT RAISE(ABORT, 'MARKET.INVALID_TRANSITION'); END;
