-- A per-customer counter of the rows that decide whether and how the customer may wager: loss
-- limits, exclusions, the national register's answer and the account settings (the price-change
-- policy). Any insert, delete or update that changes one of those rows moves it, in the same write
-- (an update that writes the same values does not). The session lookup reads it with the user on
-- every request, so a server may keep what placement read of those rows
-- (adapters/libsql/wager-gate-cache.ts) and use it again only while the counter it was read at is
-- still the one the request's own session lookup saw: a change made by any process or any SQL
-- writer is seen on the customer's next request. A column added to one of these tables later must
-- be added to its update trigger's comparison below.
ALTER TABLE `users` ADD `wager_gate_version` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TRIGGER responsible_limits_gate_version_insert AFTER INSERT ON responsible_limits
BEGIN UPDATE users SET wager_gate_version = wager_gate_version + 1 WHERE id = NEW.user_id; END;
--> statement-breakpoint
CREATE TRIGGER responsible_limits_gate_version_update AFTER UPDATE ON responsible_limits
WHEN NEW.user_id IS NOT OLD.user_id OR NEW.type IS NOT OLD.type OR NEW.period IS NOT OLD.period OR NEW.amount IS NOT OLD.amount OR NEW.pending_amount IS NOT OLD.pending_amount OR NEW.pending_effective_at IS NOT OLD.pending_effective_at OR NEW.updated_at IS NOT OLD.updated_at
BEGIN UPDATE users SET wager_gate_version = wager_gate_version + 1 WHERE id IN (NEW.user_id, OLD.user_id); END;
--> statement-breakpoint
CREATE TRIGGER responsible_limits_gate_version_delete AFTER DELETE ON responsible_limits
BEGIN UPDATE users SET wager_gate_version = wager_gate_version + 1 WHERE id = OLD.user_id; END;
--> statement-breakpoint
CREATE TRIGGER responsible_exclusions_gate_version_insert AFTER INSERT ON responsible_exclusions
BEGIN UPDATE users SET wager_gate_version = wager_gate_version + 1 WHERE id = NEW.user_id; END;
--> statement-breakpoint
CREATE TRIGGER responsible_exclusions_gate_version_update AFTER UPDATE ON responsible_exclusions
WHEN NEW.id IS NOT OLD.id OR NEW.user_id IS NOT OLD.user_id OR NEW.kind IS NOT OLD.kind OR NEW.started_at IS NOT OLD.started_at OR NEW.ends_at IS NOT OLD.ends_at OR NEW.reason IS NOT OLD.reason OR NEW.return_requested_at IS NOT OLD.return_requested_at OR NEW.return_access_at IS NOT OLD.return_access_at OR NEW.source_user_id IS NOT OLD.source_user_id
BEGIN UPDATE users SET wager_gate_version = wager_gate_version + 1 WHERE id IN (NEW.user_id, OLD.user_id); END;
--> statement-breakpoint
CREATE TRIGGER responsible_exclusions_gate_version_delete AFTER DELETE ON responsible_exclusions
BEGIN UPDATE users SET wager_gate_version = wager_gate_version + 1 WHERE id = OLD.user_id; END;
--> statement-breakpoint
CREATE TRIGGER register_checks_gate_version_insert AFTER INSERT ON register_checks
BEGIN UPDATE users SET wager_gate_version = wager_gate_version + 1 WHERE id = NEW.user_id; END;
--> statement-breakpoint
CREATE TRIGGER register_checks_gate_version_update AFTER UPDATE ON register_checks
WHEN NEW.user_id IS NOT OLD.user_id OR NEW.listed IS NOT OLD.listed OR NEW.checked_at IS NOT OLD.checked_at OR NEW.reference IS NOT OLD.reference
BEGIN UPDATE users SET wager_gate_version = wager_gate_version + 1 WHERE id IN (NEW.user_id, OLD.user_id); END;
--> statement-breakpoint
CREATE TRIGGER register_checks_gate_version_delete AFTER DELETE ON register_checks
BEGIN UPDATE users SET wager_gate_version = wager_gate_version + 1 WHERE id = OLD.user_id; END;
--> statement-breakpoint
CREATE TRIGGER user_settings_gate_version_insert AFTER INSERT ON user_settings
BEGIN UPDATE users SET wager_gate_version = wager_gate_version + 1 WHERE id = NEW.user_id; END;
--> statement-breakpoint
CREATE TRIGGER user_settings_gate_version_update AFTER UPDATE ON user_settings
WHEN NEW.user_id IS NOT OLD.user_id OR NEW.odds_format IS NOT OLD.odds_format OR NEW.price_change_policy IS NOT OLD.price_change_policy OR NEW.reality_check_minutes IS NOT OLD.reality_check_minutes OR NEW.updated_at IS NOT OLD.updated_at
BEGIN UPDATE users SET wager_gate_version = wager_gate_version + 1 WHERE id IN (NEW.user_id, OLD.user_id); END;
--> statement-breakpoint
CREATE TRIGGER user_settings_gate_version_delete AFTER DELETE ON user_settings
BEGIN UPDATE users SET wager_gate_version = wager_gate_version + 1 WHERE id = OLD.user_id; END;
