-- Person keys on a look-alike skeleton, keyed (adapters/libsql/person-keys.ts, domain/shared/skeleton.ts).
--
-- 1. server_secrets: secrets the server generates once and keeps with the data (the person-key
--    secret when PERSON_KEY_SECRET is not set), so every instance and every restart uses the same.
-- 2. person_keys: the upper-case form of the identity key (capitals that look Latin only in upper
--    case), the key version (a fingerprint of the secret and scheme the row was made with), and the
--    document key as written before this migration (plain SHA-256 of A-Z0-9), kept for matching
--    because the number itself is not stored. Rows of another version are recomputed at start from
--    the account's stored name, date of birth and address (rekeyPersonKeys).
-- 3. bonus_welcome_claims: the upper-case identity key too; one welcome offer per person matches
--    either form.
CREATE TABLE `server_secrets` (
	`name` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `person_keys` ADD COLUMN `identity_upper_key` text;
--> statement-breakpoint
ALTER TABLE `person_keys` ADD COLUMN `legacy_document_key` text;
--> statement-breakpoint
ALTER TABLE `person_keys` ADD COLUMN `key_version` text;
--> statement-breakpoint
CREATE INDEX `person_keys_identity_upper_idx` ON `person_keys` (`identity_upper_key`);
--> statement-breakpoint
CREATE INDEX `person_keys_legacy_document_idx` ON `person_keys` (`legacy_document_key`);
--> statement-breakpoint
ALTER TABLE `bonus_welcome_claims` ADD COLUMN `identity_upper_key` text;
--> statement-breakpoint
CREATE INDEX `bonus_welcome_claims_identity_upper_idx` ON `bonus_welcome_claims` (`identity_upper_key`);
--> statement-breakpoint
DROP TRIGGER IF EXISTS `bonus_welcome_once`;
--> statement-breakpoint
CREATE TRIGGER bonus_welcome_once BEFORE INSERT ON bonus_welcome_claims
WHEN EXISTS (
  SELECT 1 FROM bonus_welcome_claims c JOIN payments p ON p.id = c.payment_id
  WHERE NOT (p.state = 'failed' OR (p.state = 'reversed' AND p.reversal_transaction_id IS NULL))
    AND (c.user_id = NEW.user_id
      OR (NEW.identity_key IS NOT NULL AND (c.identity_key = NEW.identity_key
         OR c.user_id IN (SELECT user_id FROM person_keys WHERE identity_key = NEW.identity_key)))
      OR (NEW.identity_upper_key IS NOT NULL AND (c.identity_upper_key = NEW.identity_upper_key
         OR c.user_id IN (SELECT user_id FROM person_keys WHERE identity_upper_key = NEW.identity_upper_key))))
)
BEGIN SELECT RAISE(ABORT, 'BONUS.WELCOME_TAKEN'); END;
