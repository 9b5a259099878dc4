/**
 * `kennel-desk record copy --to postgres://…`: the SQLite record (KENNEL_DATA_DIR) copied whole into a
 * new, empty PostgreSQL database, then its chain walked there (src/record/copy.ts). The bot is
 * stopped first (no tap may land in the old record while it is copied); then it starts with
 * DATABASE_URL set to that database, the SQLite file kept as a backup.
 */
import { UsageError } from "../answers/failure.ts";
import { databaseUrl } from "../config/parsers.ts";
import { headWords, linksWords } from "../record/chain.ts";
import { CopyRefusedError, type CopyResult, copyRecord } from "../record/copy.ts";
import { sqliteDriver } from "../record/sqlite.ts";
import { sqliteRecordThere } from "../record/sqlite-there.ts";
import { type CliContext, HELP_HINT, readOptions } from "./context.ts";
import { noRecord } from "./record-store.ts";

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
  const to = databaseUrl(values.to);
  if (!to.ok) throw new UsageError(`--to ${to.problem}`, to.fix);
  return to.value;
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
    words: `Its chain is intact there (${linksWords(verified.rows, verified.links)}, head ${headWords(verified.head)}, the SQLite record's own). Start the bot (every replica) with DATABASE_URL set to that database; keep ${file} as a backup.`,
  };
}

export async function copyToPostgres(ctx: CliContext): Promise<number> {
  const url = addressOf(ctx);
  const settings = ctx.config.record;
  if (settings.engine !== "sqlite") return 2;
  const { file, none } = sqliteRecordThere(settings.dataDir);
  if (none) throw noRecord(file, "sqlite", none);
  const { postgresDriver } = await import("../record/postgres.ts");
  const source = sqliteDriver({ dir: settings.dataDir, busyTimeoutMs: 5000 });
  const target = postgresDriver({ url });
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
