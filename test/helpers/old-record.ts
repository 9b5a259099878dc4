/**
 * A SQLite care record as a Kennel Desk before schema 4 left it: schemas 1 to 3 made by their own
 * migrations (nothing of schema 4: no care_staff, no chain_format), then rows written as that code
 * wrote them, each hashed in the old form (no id in its content): the kennel (origin and business),
 * three requests and their entries (a dose, a meal, and the dose's correction), and a round's sheet
 * in the log. What an upgrade, a backup or a copy into PostgreSQL meets on a kennel's disk.
 */
import { join } from "node:path";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { chainHash, entryContent, GENESIS, logContent, type Row } from "../../src/record/chain.ts";
import { migrationsAfter, SCHEMA_VERSION_TABLE } from "../../src/record/schema.ts";
import { SQLITE_FILE } from "../../src/record/sqlite.ts";

export const OLD_KENNEL = { origin: "https://api.kennel.example", kennelId: 1 };

const insert = (db: DatabaseSync, table: string, row: Row) => {
  const columns = Object.keys(row);
  db.prepare(
    `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`,
  ).run(...(Object.values(row) as SQLInputValue[]));
};

function entryRow(seq: number, id: number, over: Row): Row {
  const at = `2026-11-0${seq}T08:00:00.000Z`;
  return {
    id,
    seq,
    kennel: OLD_KENNEL.origin,
    round_date: "2026-11-03",
    round: "morning",
    booking_id: 7,
    pet_id: 3,
    pet_name: "Juniper",
    item: "med:1",
    item_text: "Tramadol 50 mg",
    outcome: "given",
    reason: null,
    note: null,
    user_id: "U0JANE",
    user_name: "Jane",
    request_key: `old-${seq}`,
    supersedes: null,
    recorded_at: at,
    given_at: null,
    reason_code: null,
    ...over,
  };
}

/** The old record in `dir` (its care-record.sqlite, made there); the head it ends on. */
export function schema3Record(dir: string): { seq: number; hash: string; entries: number } {
  const db = new DatabaseSync(join(dir, SQLITE_FILE));
  try {
    db.exec("PRAGMA journal_mode = WAL");
    db.exec("BEGIN");
    db.exec(SCHEMA_VERSION_TABLE);
    for (const m of migrationsAfter(0, "sqlite").filter((x) => x.version <= 3)) {
      for (const s of m.statements) db.exec(s);
      db.prepare("INSERT INTO schema_version (version, what, applied_at) VALUES (?, ?, ?)").run(
        m.version,
        m.what,
        "2026-11-01T00:00:00Z",
      );
    }
    insert(db, "care_kennel", { name: "origin", value: OLD_KENNEL.origin, set_at: "2026-11-01T00:00:00Z" });
    insert(db, "care_kennel", { name: "kennel_id", value: "1", set_at: "2026-11-01T00:00:00Z" });
    const rows: Array<[string, Row]> = [
      ["care_entries", entryRow(1, 1, {})],
      ["care_entries", entryRow(2, 2, { item: "meal", item_text: "dry food", outcome: "ate_all" })],
      [
        "care_log",
        {
          id: 1,
          seq: 3,
          kind: "sheet",
          kennel: OLD_KENNEL.origin,
          round_date: "2026-11-03",
          booking_id: null,
          pet_id: null,
          user_id: null,
          request_key: null,
          body: JSON.stringify({ v: 1, date: "2026-11-03", round: "morning", pets: [], messages: [] }),
          through_seq: null,
          supersedes: null,
          recorded_at: "2026-11-03T07:00:00.000Z",
        },
      ],
      [
        "care_entries",
        entryRow(4, 3, {
          outcome: "not_given",
          reason: "vet said wait",
          reason_code: "vet_withheld",
          supersedes: 1,
        }),
      ],
    ];
    let prev = GENESIS;
    for (const [table, row] of rows) {
      if (table === "care_entries")
        insert(db, "care_requests", { request_key: row.request_key, recorded_at: row.recorded_at });
      row.prev_hash = prev;
      row.hash = chainHash(prev, table === "care_entries" ? entryContent(row) : logContent(row));
      prev = row.hash as string;
      insert(db, table, row);
    }
    db.exec("COMMIT");
    return { seq: rows.length, hash: prev, entries: 3 };
  } finally {
    db.close();
  }
}
