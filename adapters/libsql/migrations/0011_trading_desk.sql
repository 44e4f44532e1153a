-- The trading desk and settlement corrections (issue 4, A-S1): per-market liability limits,
-- descriptions and results; a resettlement counter on bets with the settle-once guard rebuilt
-- around it; trading alerts; per-customer stake factors; risk settings (the bankroll base).
ALTER TABLE `markets` ADD `description` text;
--> statement-breakpoint
ALTER TABLE `markets` ADD `liability_limit` integer DEFAULT 200000000 NOT NULL CONSTRAINT `markets_limit_ck` CHECK (`liability_limit` > 0);
--> statement-breakpoint
ALTER TABLE `markets` ADD `result_kind` text CONSTRAINT `markets_result_kind_ck` CHECK (`result_kind` IS NULL OR `result_kind` IN ('winner','void'));
--> statement-breakpoint
ALTER TABLE `markets` ADD `winning_outcome_id` text;
--> statement-breakpoint
ALTER TABLE `markets` ADD `settled_at` integer;
--> statement-breakpoint
ALTER TABLE `markets` ADD `settled_by` text;
--> statement-breakpoint
-- A market's result is recorded once; a settled or otherwise closed market never reopens.
CREATE TRIGGER markets_result_once BEFORE UPDATE OF result_kind, winning_outcome_id ON markets
WHEN OLD.result_kind IS NOT NULL
BEGIN SELECT RAISE(ABORT, 'MARKET.ALREADY_SETTLED'); END;
--> statement-breakpoint
CREATE TRIGGER markets_closed_final BEFORE UPDATE OF status ON markets
WHEN OLD.status = 'closed' AND NEW.status <> 'closed'
BEGIN SELECT RAISE(ABORT, 'MARKET.CLOSED'); END;
--> statement-breakpoint
ALTER TABLE `bets` ADD `resettlement_count` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Settle once, with one explicit exception: a resettlement. A settled bet's status or return may
-- change only in an update that raises its resettlement counter by exactly one; a plain second
-- settlement (counter unchanged) still aborts the whole write, so it pays nothing.
DROP TRIGGER IF EXISTS bets_settle_once;
--> statement-breakpoint
CREATE TRIGGER bets_settle_once BEFORE UPDATE OF status, actual_return ON bets
WHEN OLD.status <> 'pending' AND NEW.resettlement_count <> OLD.resettlement_count + 1
BEGIN SELECT RAISE(ABORT, 'BET.NOT_PENDING'); END;
--> statement-breakpoint
-- The counter moves by one, only between settled outcomes (won, lost, void): never on a pending or
-- cashed-out bet, never back to pending.
CREATE TRIGGER bets_resettle_guard BEFORE UPDATE OF resettlement_count ON bets
WHEN NEW.resettlement_count <> OLD.resettlement_count + 1
  OR OLD.status NOT IN ('won','lost','void') OR NEW.status NOT IN ('won','lost','void')
BEGIN SELECT RAISE(ABORT, 'BET.RESETTLE_CONFLICT'); END;
--> statement-breakpoint
CREATE TABLE `trading_alerts` (
	`id` text PRIMARY KEY NOT NULL,
	`dedupe_key` text NOT NULL,
	`type` text NOT NULL,
	`severity` text NOT NULL,
	`message` text NOT NULL,
	`event_id` text,
	`event_name` text,
	`market_id` text,
	`created_at` integer NOT NULL,
	`acknowledged_at` integer,
	`acknowledged_by` text,
	CONSTRAINT "trading_alerts_type_ck" CHECK("type" IN ('liability_limit','exposure','steam_move')),
	CONSTRAINT "trading_alerts_severity_ck" CHECK("severity" IN ('info','warning','critical'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `trading_alerts_dedupe_uq` ON `trading_alerts` (`dedupe_key`);
--> statement-breakpoint
CREATE INDEX `trading_alerts_created_idx` ON `trading_alerts` (`created_at`);
--> statement-breakpoint
-- Alerts are kept: never deleted; only the acknowledgement may be set, once.
CREATE TRIGGER trading_alerts_no_delete BEFORE DELETE ON trading_alerts
BEGIN SELECT RAISE(ABORT, 'ALERT.IMMUTABLE'); END;
--> statement-breakpoint
CREATE TRIGGER trading_alerts_ack_once BEFORE UPDATE ON trading_alerts
WHEN OLD.acknowledged_at IS NOT NULL OR NEW.id <> OLD.id OR NEW.dedupe_key <> OLD.dedupe_key OR NEW.type <> OLD.type
  OR NEW.severity <> OLD.severity OR NEW.message <> OLD.message OR NEW.created_at <> OLD.created_at
BEGIN SELECT RAISE(ABORT, 'ALERT.IMMUTABLE'); END;
--> statement-breakpoint
CREATE TABLE `customer_stake_factors` (
	`user_id` text PRIMARY KEY NOT NULL,
	`factor_pct` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "customer_stake_factors_pct_ck" CHECK("factor_pct" BETWEEN 1 AND 100)
);
--> statement-breakpoint
CREATE TABLE `risk_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` integer NOT NULL
);
--> statement-breakpoint
-- The bankroll is the house account's balance plus this base (cents): 20,000.00, sized to the demo
-- book (customers hold 500.00 to 3,000.00). Change it with an UPDATE of this row.
INSERT INTO `risk_settings` (`key`, `value`) VALUES ('bankroll_base', 2000000);
