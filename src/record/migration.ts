/** What every migration of the care record's schema is (src/record/schema.ts, schema-4.ts), and the rules they share. */

export type Engine = "sqlite" | "postgres";

/** Runs one statement in the migration's transaction (src/record/store.ts's Query). */
export type MigrationQuery = (sql: string, params?: readonly unknown[]) => Promise<Record<string, unknown>[]>;

export interface Migration {
  version: number;
  what: string;
  sqlite: string[];
  postgres: string[];
  /** Work the statements cannot do (filling the chain of the entries already there), after them. */
  after?: (q: MigrationQuery, engine: Engine) => Promise<void>;
}

/** The last place a retention pass removed: a row at or before it may go, and only such a row. */
export const RETAINED_THROUGH =
  "(SELECT coalesce(max(through_seq), 0) FROM care_log WHERE kind = 'retention')";
export const NEVER_REMOVED =
  "care records are never deleted: only retention removes them, after writing its retention entry";
