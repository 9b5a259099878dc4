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
import {
  type Engine,
  type Migration,
  type MigrationQuery,
  NEVER_REMOVED,
  RETAINED_THROUGH,
} from "./migration.ts";
import { SCHEMA_4 } from "./schema-4.ts";

export type { Engine };

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
  SCHEMA_4,
];

/** The record's tables at the newest schema: a record without one of them is incomplete. */
export const RECORD_TABLES = [
  "schema_version",
  "care_kennel",
  "care_staff",
  "care_requests",
  "care_entries",
  "care_log",
] as const;

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
