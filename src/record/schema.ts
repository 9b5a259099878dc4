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
 * - outcomes fit their item, a `not_given` has its reason, notes and reasons are ≤ 500 characters.
 *
 * The statements differ between the engines only where their dialects do (the id's type, the date's
 * check, the trigger); the queries (src/record/store.ts) are one code for both.
 */

export type Engine = "sqlite" | "postgres";

interface Migration {
  version: number;
  what: string;
  sqlite: string[];
  postgres: string[];
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
): { version: number; what: string; statements: string[] }[] {
  return MIGRATIONS.filter((m) => m.version > from).map((m) => ({
    version: m.version,
    what: m.what,
    statements: m[engine],
  }));
}
