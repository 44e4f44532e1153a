-- A batch asserts a condition by inserting (ok) here: the CHECK aborts the whole write when the
-- condition is false. The trigger removes the row at once, so the table is always empty.
CREATE TABLE write_assertions (
  ok INTEGER NOT NULL,
  CONSTRAINT write_assertion_failed CHECK (ok = 1)
);
--> statement-breakpoint
CREATE TRIGGER write_assertions_keep_empty AFTER INSERT ON write_assertions
BEGIN DELETE FROM write_assertions WHERE rowid = NEW.rowid; END;
