import { type Migration, NEVER_REMOVED, RETAINED_THROUGH } from "./migration.ts";

/**
 * Schema 4: the chain binds ids; retention keeps its rule in the database; who staff are.
 * - `chain_format`: a row written since carries 4, and its id is in its hash (src/record/chain.ts);
 *   rows already there keep their content and verify as before. The database refuses a row without
 *   it (an older Kennel Desk still running after the upgrade, or a hand), so none follows the new form.
 * - Deletion: only a row at or before the last retention pass's last place (as before), and only a
 *   row dated before that pass's cut-off, itself at least its period (1 day or more) before today by
 *   the database's own clock (a day of slack for the kennel's zone): a retention row made by hand
 *   that names today's entries unlocks nothing.
 * - The stays' rows found by booking (a stay's record and export read a stay, not the whole record).
 * - `care_staff`: who each Slack user was when last looked up (a full member, or why not) and the
 *   name Slack shows, so a restart knows the staff seen before without asking Slack again
 *   (src/listeners/access.ts). Not part of the chain: what Slack said, kept up to date.
 */
const CHAIN_FORM = "chain_format INTEGER CHECK (chain_format IS NULL OR chain_format = 4)";
const OLD_FORM =
  "care records are written in the chain form of schema 4: this one was written by an older Kennel Desk or by hand (restart every copy of Kennel Desk on the new version)";
const RECENT = "retention removes only rounds older than its period by the record clock";
const LATEST_RETENTION = "(SELECT max(seq) FROM care_log WHERE kind = 'retention')";
/** SQLite: the last retention pass allows removing OLD (its place and its day). */
const RETENTION_ALLOWS_SQLITE = `SELECT 1 FROM care_log r WHERE r.seq = ${LATEST_RETENTION}
  AND OLD.seq <= r.through_seq
  AND OLD.round_date < json_extract(r.body, '$.before')
  AND OLD.round_date < date('now', printf('%+d days', 1 - max(1, coalesce(json_extract(r.body, '$.retentionDays'), 1))))`;
const STAFF = `CREATE TABLE care_staff (
  user_id TEXT PRIMARY KEY CHECK (length(user_id) > 0 AND length(user_id) <= 40),
  name TEXT CHECK (name IS NULL OR length(name) <= 200),
  verdict TEXT NOT NULL CHECK (verdict IN ('member', 'guest', 'outsider', 'other-team', 'bot', 'deactivated')),
  team TEXT NOT NULL CHECK (length(team) <= 40),
  checked_at TEXT NOT NULL
)`;
const V4_COMMON = [
  `ALTER TABLE care_entries ADD COLUMN ${CHAIN_FORM}`,
  `ALTER TABLE care_log ADD COLUMN ${CHAIN_FORM}`,
  "CREATE INDEX care_entries_booking ON care_entries (booking_id)",
  "CREATE INDEX care_log_booking ON care_log (booking_id)",
  STAFF,
];

export const SCHEMA_4: Migration = {
  version: 4,
  what: "the chain binds ids, retention keeps its rule in the database, staff seen before are known",
  sqlite: [
    ...V4_COMMON,
    "DROP TRIGGER care_entries_never_removed",
    "DROP TRIGGER care_log_never_removed",
    `CREATE TRIGGER care_entries_never_removed BEFORE DELETE ON care_entries
       WHEN OLD.seq IS NULL OR NOT EXISTS (${RETENTION_ALLOWS_SQLITE})
       BEGIN SELECT RAISE(ABORT, '${NEVER_REMOVED}; ${RECENT}'); END`,
    `CREATE TRIGGER care_log_never_removed BEFORE DELETE ON care_log
       WHEN NOT (OLD.kind = 'retention' AND OLD.seq <= ${RETAINED_THROUGH})
         AND NOT EXISTS (${RETENTION_ALLOWS_SQLITE})
       BEGIN SELECT RAISE(ABORT, '${NEVER_REMOVED}; ${RECENT}'); END`,
    ...["care_entries", "care_log"].map(
      (t) => `CREATE TRIGGER ${t}_chain_form BEFORE INSERT ON ${t} WHEN NEW.chain_format IS NOT 4
         BEGIN SELECT RAISE(ABORT, '${OLD_FORM}'); END`,
    ),
  ],
  postgres: [
    ...V4_COMMON,
    `CREATE OR REPLACE FUNCTION care_never_removed() RETURNS trigger LANGUAGE plpgsql AS $$
       DECLARE r record; days integer;
       BEGIN
         SELECT through_seq, body::jsonb AS b INTO r FROM care_log WHERE kind = 'retention' ORDER BY seq DESC LIMIT 1;
         IF NOT FOUND OR OLD.seq IS NULL OR OLD.seq > r.through_seq THEN
           RAISE EXCEPTION '${NEVER_REMOVED}';
         END IF;
         IF to_jsonb(OLD)->>'kind' = 'retention' THEN RETURN OLD; END IF;
         days := greatest(1, coalesce((r.b->>'retentionDays')::integer, 1));
         IF OLD.round_date >= coalesce(r.b->>'before', '')
           OR OLD.round_date >= to_char((now() AT TIME ZONE 'UTC')::date + 1 - days, 'YYYY-MM-DD') THEN
           RAISE EXCEPTION '${NEVER_REMOVED}; ${RECENT}';
         END IF;
         RETURN OLD;
       END $$`,
    `CREATE FUNCTION care_chain_form() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.chain_format IS DISTINCT FROM 4 THEN RAISE EXCEPTION '${OLD_FORM}'; END IF;
         RETURN NEW;
       END $$`,
    ...["care_entries", "care_log"].map(
      (t) => `CREATE TRIGGER ${t}_chain_form BEFORE INSERT ON ${t}
         FOR EACH ROW EXECUTE FUNCTION care_chain_form()`,
    ),
  ],
};
