-- A counter of the rows placement prices a bet from: an outcome's price and result, its market's
-- state, each-way terms and re-form time, its event's state, start and suspension. Any insert or
-- delete of an outcome, market or event, and any update that changes one of those columns, moves it
-- in the same write (an update that writes the same values, or changes only other columns such as
-- the live score, does not). The session lookup reads it on every request, so a server may keep what
-- placement read of those rows (adapters/libsql/pricing-cache.ts) and use it again only while the
-- counter it was read at is still the one the request's own session lookup saw: a change made by any
-- process or any SQL writer is seen from the next request on. The placement write still checks the
-- price and state of every leg itself (bet_legs_price_guard). A column placement starts to read later
-- must be added to its table's update trigger below (tests/api/pricing-cache.test.ts checks them).
CREATE TABLE `pricing_version` (
  `id` integer PRIMARY KEY NOT NULL CHECK (`id` = 1),
  `n` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `pricing_version` (`id`, `n`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER outcomes_pricing_version_insert AFTER INSERT ON outcomes
BEGIN UPDATE pricing_version SET n = n + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER outcomes_pricing_version_update AFTER UPDATE ON outcomes
WHEN NEW.id IS NOT OLD.id OR NEW.market_id IS NOT OLD.market_id OR NEW.name IS NOT OLD.name OR NEW.price_milli IS NOT OLD.price_milli OR NEW.result IS NOT OLD.result OR NEW.updated_at IS NOT OLD.updated_at
BEGIN UPDATE pricing_version SET n = n + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER outcomes_pricing_version_delete AFTER DELETE ON outcomes
BEGIN UPDATE pricing_version SET n = n + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER markets_pricing_version_insert AFTER INSERT ON markets
BEGIN UPDATE pricing_version SET n = n + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER markets_pricing_version_update AFTER UPDATE ON markets
WHEN NEW.id IS NOT OLD.id OR NEW.event_id IS NOT OLD.event_id OR NEW.name IS NOT OLD.name OR NEW.status IS NOT OLD.status OR NEW.ew_fraction_num IS NOT OLD.ew_fraction_num OR NEW.ew_fraction_den IS NOT OLD.ew_fraction_den OR NEW.ew_places IS NOT OLD.ew_places OR NEW.reformed_at IS NOT OLD.reformed_at
BEGIN UPDATE pricing_version SET n = n + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER markets_pricing_version_delete AFTER DELETE ON markets
BEGIN UPDATE pricing_version SET n = n + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER events_pricing_version_insert AFTER INSERT ON events
BEGIN UPDATE pricing_version SET n = n + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER events_pricing_version_update AFTER UPDATE ON events
WHEN NEW.id IS NOT OLD.id OR NEW.name IS NOT OLD.name OR NEW.status IS NOT OLD.status OR NEW.sport IS NOT OLD.sport OR NEW.start_time IS NOT OLD.start_time OR NEW.suspended_until IS NOT OLD.suspended_until
BEGIN UPDATE pricing_version SET n = n + 1 WHERE id = 1; END;
--> statement-breakpoint
CREATE TRIGGER events_pricing_version_delete AFTER DELETE ON events
BEGIN UPDATE pricing_version SET n = n + 1 WHERE id = 1; END;
