/**
 * `kennel-desk record copy --to postgres://…`: the SQLite record (KENNEL_DATA_DIR) copied whole into a
 * new, empty PostgreSQL database, then its chain walked there (src/record/copy.ts). The bot is
 * stopped first (no tap may land in the old record while it is copied); then it starts with
 * DATABASE_URL set to that database, the SQLite file kept as a backup.
 */
import { realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { resolve, sep } from "node:path";
import { UsageError } from "../answers/failure.ts";
import { databaseUrl } from "../config/parsers.ts";
import { previewNamed } from "../preview/folder-state.ts";
import { headWords, linksWords } from "../record/chain.ts";
import { CopyRefusedError, type CopyResult, copyRecord } from "../record/copy.ts";
import { sqliteDriver } from "../record/sqlite.ts";
import { sqliteRecordThere } from "../record/sqlite-there.ts";
import { type CliContext, HELP_HINT, readOptions } from "./context.ts";
import { noRecord } from "./record-store.ts";

/** The address as the errors name it: typed with --to, never DATABASE_URL. */
const TO_SETTING = "the address given to --to";

const EXAMPLE =
  'For example: kennel-desk record copy --to "postgres://kennel:PASSWORD@db.example:5432/kennel_desk"';

/** `--to`, checked as DATABASE_URL is; the record to copy must be SQLite's. */
function addressOf(ctx: CliContext): URL {
  const { values, positionals } = readOptions(ctx.args.slice(1), { to: { type: "string" } }, true);
  if (values.to === undefined || positionals.length > 0)
    throw new UsageError(
      "record copy takes --to and the PostgreSQL database's address, nothing else.",
      EXAMPLE,
    );
  if (ctx.config.record.engine !== "sqlite")
    throw new UsageError(
      "record copy copies the SQLite record (KENNEL_DATA_DIR) into PostgreSQL, and DATABASE_URL is set here: the record is in PostgreSQL already.",
      "Run it with DATABASE_URL unset (and KENNEL_DATA_DIR as the bot had it).",
    );
  const to = databaseUrl(values.to, true);
  if (!to.ok) throw new UsageError(`--to ${to.problem}`, to.fix);
  return to.value;
}

/** A folder as the system names it (symbolic links followed), or as given when it is not there. */
function realFolder(dir: string): string {
  try {
    return realpathSync(dir);
  } catch {
    return resolve(dir);
  }
}

/**
 * The preview running in this folder keeps its record in `dir`: refused, nothing read nor written. A
 * copy needs a record no tap lands in, and the preview's is its own, made up from the sandbox in a
 * temporary folder removed when it stops: not a kennel's record, nor a file to keep as a backup.
 */
function refuseBesidePreview(ctx: CliContext, dir: string, file: string): void {
  const preview = ctx.deps.previewRunning;
  if (!preview || realFolder(preview.dataDir) !== realFolder(dir)) return;
  throw new UsageError(
    `record copy refused: the preview running in this folder (${previewNamed(preview)}) is using this care record (${file}), its own: made up from the sandbox, in a temporary folder removed when the preview stops, and written to while it runs. Nothing was copied.`,
    "To move your bot's record into PostgreSQL: stop the bot (and the preview: Ctrl+C where npm start runs), then run record copy in the bot's folder with KENNEL_DATA_DIR as the bot has it (docs/care-record.md, Moving from SQLite to PostgreSQL).",
  );
}

/** What to keep the SQLite file as: a backup, unless it is in the computer's temporary folder. */
function keepWords(file: string): string {
  const temp = realFolder(tmpdir());
  if (!realFolder(file).startsWith(`${temp}${sep}`)) return `keep ${file} as a backup.`;
  return `${file} is in the computer's temporary folder (${temp}), which the system empties (at a restart, or of files left unused): keep a backup of it elsewhere (kennel-desk record backup FILE, FILE outside ${temp}).`;
}

function copiedWords(r: CopyResult, file: string, where: string): string {
  const n = (table: string) => r.rows[table] ?? 0;
  return `Copied the care record from ${file} to ${where}: ${n("care_entries")} entries, ${n("care_log")} log records (sheets, plans, witnesses, welfare, medicines…), ${n("care_requests")} requests, ${n("care_staff")} staff, its kennel and ${n("schema_version")} schema versions.`;
}

/** The copy's chain: intact and on the SQLite record's head, or what does not hold (exit 1). */
function checkedWords(r: CopyResult, file: string): { ok: boolean; words: string } {
  const { verified, source } = r;
  if (!verified.ok) return { ok: false, words: `The copy's chain does NOT verify: ${verified.what}` };
  if (source.ok && (source.head.seq !== verified.head.seq || source.head.hash !== verified.head.hash))
    return {
      ok: false,
      words: `The copy ends on head ${headWords(verified.head)}, not on the SQLite record's ${headWords(source.head)}.`,
    };
  return {
    ok: true,
    words: `Its chain is intact there (${linksWords(verified.rows, verified.links)}, head ${headWords(verified.head)}, the SQLite record's own). Start the bot (every replica) with DATABASE_URL set to that database; ${keepWords(file)}`,
  };
}

export async function copyToPostgres(ctx: CliContext): Promise<number> {
  const url = addressOf(ctx);
  const settings = ctx.config.record;
  if (settings.engine !== "sqlite") return 2;
  const { file, none } = sqliteRecordThere(settings.dataDir);
  if (none) throw noRecord(file, "sqlite", none);
  refuseBesidePreview(ctx, settings.dataDir, file);
  const { postgresDriver } = await import("../record/postgres.ts");
  const source = sqliteDriver({ dir: settings.dataDir, busyTimeoutMs: 5000 });
  const target = postgresDriver({ url, setting: TO_SETTING });
  try {
    const result = await copyRecord(source, target, ctx.clock);
    const checked = checkedWords(result, file);
    ctx.io.stdout.write(`${copiedWords(result, file, target.where)}\n`);
    (checked.ok ? ctx.io.stdout : ctx.io.stderr).write(`${checked.words}\n`);
    return checked.ok ? 0 : 1;
  } catch (error) {
    if (error instanceof CopyRefusedError) throw new UsageError(error.message, HELP_HINT);
    throw target.storeError(error) ?? error;
  } finally {
    await Promise.all([source.close(), target.close()]);
  }
}
