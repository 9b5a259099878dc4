/**
 * The care record's schema, as versioned migrations run at start (in one transaction, under a lock so
 * that two bots starting at once migrate once). `schema_version` holds one row per migration applied.
 * A record whose highest version is newer than SCHEMA_VERSION was written by a newer Kennel Desk:
 * this one refuses to start on it rather than misread it.
 *
 * The rules the database itself keeps (not only the code):
 * - one current entry per item: the first entry of a (date, round, booking, pet, item) is unique
 *   (a partial unique index), and an entry is corrected at most once (a unique index on
 *   `supersedes`), so a chain of corrections has one end;
 * - a request records once: `care_requests.request_key` is the primary key;
 * - entries are never changed: a trigger refuses every UPDATE (a correction is a new entry);
 * - entries are never removed but by retention: a trigger refuses every DELETE of a row that no
 *   retention entry (kind `retention` in `care_log`, written first in the same transaction) covers;
 *   on PostgreSQL TRUNCATE is refused too;
 * - the chain: every entry (`care_entries`) and every other record (`care_log`: sheets, retention)
 *   has a place (`seq`, one sequence over both tables) and the hash of its content and of the one
 *   before it (src/record/chain.ts), so a changed, removed or re-ordered row is found by
 *   `kennel-desk record verify`;
 * - the kennel: `care_kennel` holds the API's origin and the business's kennelId the record was made
 *   for, written once, never changed; every entry carries it;
 * - outcomes fit their item, a `not_given` has its reason, notes and reasons are ≤ 500 characters.
 *
 * The statements differ between the engines only where their dialects do (the id's type, the date's
 * check, the trigger); the queries (src/record/store.ts) are one code for both.
 */

import { chainHash, ENTRY_FIELDS_V2, entryContent, GENESIS, KENNEL_BEFORE_V2 } from "./chain.ts";

export type Engine = "sqlite" | "postgres";

/** Runs one statement in the migration's transaction (src/record/store.ts's Query). */
type MigrationQuery = (sql: string, params?: readonly unknown[]) => Promise<Record<string, unknown>[]>;

interface Migration {
  version: number;
  what: string;
  sqlite: string[];
  postgres: string[];
  /** Work the statements cannot do (filling the chain of the entries already there), after them. */
  after?: (q: MigrationQuery, engine: Engine) => Promise<void>;
}

const CHECKS = `
  CHECK (round IN ('morning', 'midday', 'evening')),
  CHECK (item IN ('meal', 'med:1', 'med:2', 'med:3', 'med:4', 'med:5')),
  CHECK (
    (item = 'meal' AND outcome IN ('ate_all', 'ate_some', 'ate_none', 'not_offered'))
    OR (item <> 'meal' AND outcome IN ('given', 'refused', 'not_given'))
  ),
  CHECK (outcome <> 'not_given' OR (reason IS NOT NULL AND length(reason) > 0)),
  CHECK (reason IS NULL OR length(reason) <= 500),
  CHECK (note IS NULL OR length(note) <= 500),
  CHECK (length(pet_name) <= 200 AND length(item_text) <= 3000),
  CHECK (length(user_id) > 0 AND length(user_id) <= 40 AND length(user_name) <= 200)`;

const COLUMNS = `
  round TEXT NOT NULL,
  booking_id BIGINT NOT NULL,
  pet_id BIGINT NOT NULL,
  pet_name TEXT NOT NULL,
  item TEXT NOT NULL,
  item_text TEXT NOT NULL,
  outcome TEXT NOT NULL,
  reason TEXT,
  note TEXT,
  user_id TEXT NOT NULL,
  user_name TEXT NOT NULL,
  request_key TEXT NOT NULL REFERENCES care_requests (request_key),`;

const INDEXES = [
  // One first entry per item: two staff tapping at once record once.
  `CREATE UNIQUE INDEX care_entries_first_of_item
     ON care_entries (round_date, round, booking_id, pet_id, item) WHERE supersedes IS NULL`,
  // An entry is corrected at most once: the chain of corrections has one current end.
  "CREATE UNIQUE INDEX care_entries_supersedes ON care_entries (supersedes)",
  "CREATE INDEX care_entries_request ON care_entries (request_key)",
  "CREATE INDEX care_entries_pet ON care_entries (pet_id, round_date)",
];

const REQUESTS = `CREATE TABLE care_requests (
  request_key TEXT PRIMARY KEY CHECK (length(request_key) > 0 AND length(request_key) <= 200),
  recorded_at TEXT NOT NULL
)`;

const KENNEL = `CREATE TABLE care_kennel (
  name TEXT PRIMARY KEY CHECK (name IN ('origin', 'kennel_id')),
  value TEXT NOT NULL CHECK (length(value) > 0 AND length(value) <= 300),
  set_at TEXT NOT NULL
)`;

/** Each entry's place in the chain, its kennel, and the hashes (filled for the entries already there). */
const ENTRY_CHAIN_COLUMNS = [
  "ALTER TABLE care_entries ADD COLUMN seq BIGINT",
  "ALTER TABLE care_entries ADD COLUMN kennel TEXT",
  "ALTER TABLE care_entries ADD COLUMN prev_hash TEXT",
  "ALTER TABLE care_entries ADD COLUMN hash TEXT",
];

/**
 * Everything else the record holds, in the same chain: a round's sheet as posted (kind `sheet`), a
 * retention pass (`retention`, with the last place it removed in `through_seq`), and the kinds later
 * versions add. `body` is JSON; `round_date` the day it concerns (retention: the day it ran).
 */
const LOG_COLUMNS = `
  seq BIGINT NOT NULL,
  kind TEXT NOT NULL CHECK (length(kind) > 0 AND length(kind) <= 40),
  kennel TEXT NOT NULL,
  round_date TEXT NOT NULL,
  booking_id BIGINT,
  pet_id BIGINT,
  user_id TEXT CHECK (user_id IS NULL OR length(user_id) <= 40),
  request_key TEXT CHECK (request_key IS NULL OR length(request_key) <= 200),
  body TEXT NOT NULL CHECK (length(body) <= 1000000),
  through_seq BIGINT CHECK (through_seq IS NULL OR kind = 'retention'),
  recorded_at TEXT NOT NULL,
  prev_hash TEXT NOT NULL,
  hash TEXT NOT NULL,`;

const LOG_INDEXES = [
  "CREATE UNIQUE INDEX care_entries_seq ON care_entries (seq)",
  "CREATE UNIQUE INDEX care_log_seq ON care_log (seq)",
  // The same Slack request records once.
  "CREATE UNIQUE INDEX care_log_request ON care_log (request_key)",
  // A record is corrected (or replaced by a new version) at most once.
  "CREATE UNIQUE INDEX care_log_supersedes ON care_log (supersedes)",
  "CREATE INDEX care_log_kind_date ON care_log (kind, round_date)",
  "CREATE INDEX care_log_pet ON care_log (pet_id, round_date)",
];

/** The last place a retention pass removed: a row at or before it may go, and only such a row. */
const RETAINED_THROUGH = "(SELECT coalesce(max(through_seq), 0) FROM care_log WHERE kind = 'retention')";
const NEVER_REMOVED =
  "care records are never deleted: only retention removes them, after writing its retention entry";

/**
 * The chain for the entries made before it existed (schema 1), in the order they were committed
 * (their ids): each gets its place, the record's kennel (not known yet: "before the kennel was
 * recorded") and its hashes, exactly as a new entry would.
 */
async function sealEntriesAlreadyThere(q: MigrationQuery, engine: Engine): Promise<void> {
  const rows = await q(`SELECT ${ENTRY_FIELDS_V2} FROM care_entries ORDER BY id`);
  if (rows.length === 0) return;
  // The one time an entry row is written to: its chain columns, new in this version.
  await q(
    engine === "sqlite"
      ? "DROP TRIGGER care_entries_never_changed"
      : "DROP TRIGGER care_entries_never_changed ON care_entries",
  );
  let prev = GENESIS;
  let seq = 0;
  for (const row of rows) {
    seq++;
    const sealed = { ...row, seq, kennel: KENNEL_BEFORE_V2 };
    const hash = chainHash(prev, entryContent(sealed));
    await q("UPDATE care_entries SET seq = ?, kennel = ?, prev_hash = ?, hash = ? WHERE id = ?", [
      seq,
      KENNEL_BEFORE_V2,
      prev,
      hash,
      row.id,
    ]);
    prev = hash;
  }
  await q(
    engine === "sqlite"
      ? `CREATE TRIGGER care_entries_never_changed BEFORE UPDATE ON care_entries
         BEGIN SELECT RAISE(ABORT, 'care entries are never changed: a correction is a new entry'); END`
      : `CREATE TRIGGER care_entries_never_changed BEFORE UPDATE ON care_entries
         FOR EACH ROW EXECUTE FUNCTION care_entries_never_changed()`,
  );
}

/**
 * Dose times (issue 35): when each dose was given (asked when it is recorded after its window; the
 * entry's `recorded_at` stays the server's clock) and the reason from the fixed list for a dose not
 * given. Both empty for the entries made before them (their hashes unchanged: src/record/chain.ts).
 */
const REASON_CODES =
  "('refused', 'vomited', 'vet_withheld', 'not_in_kennel', 'none_left', 'asleep', 'other')";
const DOSE_TIME_COLUMNS = [
  "ALTER TABLE care_entries ADD COLUMN given_at TEXT CHECK (given_at IS NULL OR length(given_at) <= 40)",
  `ALTER TABLE care_entries ADD COLUMN reason_code TEXT CHECK (reason_code IS NULL OR reason_code IN ${REASON_CODES})`,
];
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

const MIGRATIONS: Migration[] = [
  {
    version: 1,
    what: "the care record: entries and the requests that made them",
    sqlite: [
      REQUESTS,
      `CREATE TABLE care_entries (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        round_date TEXT NOT NULL CHECK (round_date GLOB '[0-9][0-9][0-9][0-9]-[0-1][0-9]-[0-3][0-9]'),
        ${COLUMNS}
        supersedes INTEGER REFERENCES care_entries (id),
        recorded_at TEXT NOT NULL,
        ${CHECKS}
      )`,
      ...INDEXES,
      `CREATE TRIGGER care_entries_never_changed BEFORE UPDATE ON care_entries
       BEGIN SELECT RAISE(ABORT, 'care entries are never changed: a correction is a new entry'); END`,
    ],
    postgres: [
      REQUESTS,
      `CREATE TABLE care_entries (
        id BIGSERIAL PRIMARY KEY,
        round_date TEXT NOT NULL CHECK (round_date ~ '^[0-9]{4}-[0-1][0-9]-[0-3][0-9]$'),
        ${COLUMNS}
        supersedes BIGINT REFERENCES care_entries (id),
        recorded_at TEXT NOT NULL,
        ${CHECKS}
      )`,
      ...INDEXES,
      `CREATE FUNCTION care_entries_never_changed() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'care entries are never changed: a correction is a new entry'; END $$`,
      `CREATE TRIGGER care_entries_never_changed BEFORE UPDATE ON care_entries
       FOR EACH ROW EXECUTE FUNCTION care_entries_never_changed()`,
    ],
  },
  {
    version: 2,
    what: "the record you can stand behind: its kennel, the chain of hashes, the log, no deletion but retention",
    sqlite: [
      KENNEL,
      `CREATE TRIGGER care_kennel_never_changed BEFORE UPDATE ON care_kennel
       BEGIN SELECT RAISE(ABORT, 'the kennel a care record belongs to is never changed'); END`,
      `CREATE TRIGGER care_kennel_never_removed BEFORE DELETE ON care_kennel
       BEGIN SELECT RAISE(ABORT, 'the kennel a care record belongs to is never changed'); END`,
      ...ENTRY_CHAIN_COLUMNS,
      `CREATE TABLE care_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        ${LOG_COLUMNS}
        supersedes INTEGER REFERENCES care_log (id)
      )`,
      ...LOG_INDEXES,
      `CREATE TRIGGER care_log_never_changed BEFORE UPDATE ON care_log
       BEGIN SELECT RAISE(ABORT, 'care records are never changed: a correction is a new record'); END`,
      `CREATE TRIGGER care_entries_never_removed BEFORE DELETE ON care_entries
       WHEN OLD.seq IS NULL OR OLD.seq > ${RETAINED_THROUGH}
       BEGIN SELECT RAISE(ABORT, '${NEVER_REMOVED}'); END`,
      `CREATE TRIGGER care_log_never_removed BEFORE DELETE ON care_log
       WHEN OLD.seq > ${RETAINED_THROUGH}
       BEGIN SELECT RAISE(ABORT, '${NEVER_REMOVED}'); END`,
    ],
    postgres: [
      KENNEL,
      `CREATE FUNCTION care_kennel_never_changed() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'the kennel a care record belongs to is never changed'; END $$`,
      `CREATE TRIGGER care_kennel_never_changed BEFORE UPDATE OR DELETE ON care_kennel
       FOR EACH ROW EXECUTE FUNCTION care_kennel_never_changed()`,
      `CREATE TRIGGER care_kennel_never_truncated BEFORE TRUNCATE ON care_kennel
       FOR EACH STATEMENT EXECUTE FUNCTION care_kennel_never_changed()`,
      ...ENTRY_CHAIN_COLUMNS,
      `CREATE TABLE care_log (
        id BIGSERIAL PRIMARY KEY,
        ${LOG_COLUMNS}
        supersedes BIGINT REFERENCES care_log (id)
      )`,
      ...LOG_INDEXES,
      `CREATE FUNCTION care_log_never_changed() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'care records are never changed: a correction is a new record'; END $$`,
      `CREATE TRIGGER care_log_never_changed BEFORE UPDATE ON care_log
       FOR EACH ROW EXECUTE FUNCTION care_log_never_changed()`,
      `CREATE FUNCTION care_never_removed() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF OLD.seq IS NULL OR OLD.seq > ${RETAINED_THROUGH} THEN
           RAISE EXCEPTION '${NEVER_REMOVED}';
         END IF;
         RETURN OLD;
       END $$`,
      `CREATE TRIGGER care_entries_never_removed BEFORE DELETE ON care_entries
       FOR EACH ROW EXECUTE FUNCTION care_never_removed()`,
      `CREATE TRIGGER care_log_never_removed BEFORE DELETE ON care_log
       FOR EACH ROW EXECUTE FUNCTION care_never_removed()`,
      `CREATE FUNCTION care_never_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION '${NEVER_REMOVED}'; END $$`,
      `CREATE TRIGGER care_entries_never_truncated BEFORE TRUNCATE ON care_entries
       FOR EACH STATEMENT EXECUTE FUNCTION care_never_truncated()`,
      `CREATE TRIGGER care_log_never_truncated BEFORE TRUNCATE ON care_log
       FOR EACH STATEMENT EXECUTE FUNCTION care_never_truncated()`,
    ],
    after: sealEntriesAlreadyThere,
  },
  {
    version: 3,
    what: "dose times: when each dose was given beside when it was recorded, and the reason a dose was not given",
    sqlite: DOSE_TIME_COLUMNS,
    postgres: DOSE_TIME_COLUMNS,
  },
  {
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
  },
];

/** The newest schema this Kennel Desk knows. */
export const SCHEMA_VERSION = Math.max(...MIGRATIONS.map((m) => m.version));

export const SCHEMA_VERSION_TABLE = `CREATE TABLE IF NOT EXISTS schema_version (
  version INTEGER PRIMARY KEY,
  what TEXT NOT NULL,
  applied_at TEXT NOT NULL
)`;

/** The statements that take a record from `from` to SCHEMA_VERSION, each with the row to add. */
export function migrationsAfter(
  from: number,
  engine: Engine,
): { version: number; what: string; statements: string[]; after?: Migration["after"] }[] {
  return MIGRATIONS.filter((m) => m.version > from).map((m) => ({
    version: m.version,
    what: m.what,
    statements: m[engine],
    ...(m.after ? { after: m.after } : {}),
  }));
}
