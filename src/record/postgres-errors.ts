/**
 * The shared engine's errors (src/record/postgres.ts): what the store says when PostgreSQL cannot be
 * used (down, full, a standby, refusing the user, no SSL where DATABASE_URL asks for it, a host name
 * that does not resolve) or when part of the record is missing (a table not restored).
 */
import { type Hint, SURFACE_WORDS } from "../words/surface.ts";
import { StoreError } from "./errors.ts";

const NETWORK = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
]);

/** The whole-database backup, restored, that gives back a record with every table. */
const RESTORE_WHOLE =
  "Restore a whole backup: pg_restore of a whole-database pg_dump (pg_dump --format=custom, every table) into an empty database, then kennel-desk record verify (docs/care-record.md, Backing it up).";

const down = (message: string, where: string, setting: string): [StoreError["problem"], string, Hint] => [
  "unavailable",
  `The database of the care record (${where}) cannot be reached (${message}).`,
  `Try again in a moment; if it keeps happening, check that PostgreSQL is running and ${setting}.`,
];

/** A failure to connect that no wait will mend: said as what to change, never "try again in a moment". */
function connectProblem(
  code: string,
  message: string,
  where: string,
  setting: string,
): [string, Hint] | undefined {
  if (/does not support SSL/i.test(message))
    return [
      `The database server of the care record (${where}) does not speak SSL, and ${setting} asks for it (sslmode).`,
      (surface) =>
        `Set sslmode=disable in ${setting} only for a server on this computer or a private network you trust (else turn SSL on in PostgreSQL), then ${SURFACE_WORDS[surface].restart}.`,
    ];
  if (code === "ENOTFOUND")
    return [
      `The database server of the care record (${where}) was not found: no such host (${message}).`,
      (surface) => `Check the host name in ${setting}, then ${SURFACE_WORDS[surface].restart}.`,
    ];
  if (code === "28P01" || code === "28000" || code === "3D000" || code === "42501")
    return [
      `The database of the care record (${where}) refused Kennel Desk: ${message}.`,
      (surface) =>
        `Check ${setting} (user, password, database name) and that user's rights, then ${SURFACE_WORDS[surface].restart}.`,
    ];
  return undefined;
}

/** What the store says of PostgreSQL's error; undefined for an error that is not the store's state. */
function problemOf(
  code: string,
  message: string,
  where: string,
  setting: string,
): [StoreError["problem"], string, Hint] | undefined {
  if (code === "42P01") {
    const table = /relation "([^"]+)" does not exist/.exec(message)?.[1] ?? "of the record";
    return [
      "incomplete",
      `The care record in this database (${where}) is incomplete: table ${table} is missing (restored from a partial dump?).`,
      RESTORE_WHOLE,
    ];
  }
  if (code === "53100")
    return [
      "full",
      `The database of the care record (${where}) is out of disk space: nothing was recorded.`,
      "Free space on the database server, then try again.",
    ];
  if (code === "25006")
    return [
      "read_only",
      `The database of the care record (${where}) is read-only (a standby?): nothing was recorded.`,
      `Point ${setting} at the primary server, then try again.`,
    ];
  const fixed = connectProblem(code, message, where, setting);
  if (fixed) return ["unavailable", ...fixed];
  if (
    NETWORK.has(code) ||
    code.startsWith("08") ||
    code.startsWith("57P") ||
    code.startsWith("53") ||
    /timeout|terminat|Connection|connect/i.test(message)
  )
    return down(message, where, setting);
  return undefined;
}

/**
 * PostgreSQL's error as a StoreError when it means the store cannot be used; undefined for any other
 * error. One already said (a StoreError) is itself, never said again inside another. `setting`: where
 * the address was given, as the hints name it (DATABASE_URL; `record copy`: its --to).
 */
export function postgresStoreError(
  error: unknown,
  where: string,
  setting = "DATABASE_URL",
): StoreError | undefined {
  if (error instanceof StoreError) return error;
  const e = error as { code?: unknown; message?: unknown };
  const code = typeof e?.code === "string" ? e.code : "";
  const message = String(e?.message ?? error).slice(0, 200);
  const problem = problemOf(code, message, where, setting);
  return problem && new StoreError(...problem, where, error);
}
