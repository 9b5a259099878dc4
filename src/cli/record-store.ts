/** The care record as the terminal's commands open it (`kennel-desk record …`). */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { recordKennel } from "../record/kennel.ts";
import { openCareRecord } from "../record/open.ts";
import { SQLITE_FILE } from "../record/sqlite.ts";
import type { CareRecordStore } from "../record/types.ts";
import type { CliContext } from "./context.ts";

/**
 * The store and where it is; no store (said on standard error) when the SQLite file does not exist
 * yet: a read never creates a record.
 */
export async function openStore(
  ctx: CliContext,
  options: { quiet?: boolean } = {},
): Promise<{ store?: CareRecordStore; where: string }> {
  const settings = ctx.config.record;
  if (settings.engine === "sqlite") {
    const file = resolve(settings.dataDir, SQLITE_FILE);
    if (!existsSync(file)) {
      if (options.quiet) return { where: file };
      ctx.io.stderr.write(
        `There is no care record at ${file} yet: nothing has been recorded there (the bot makes it at its first start). If the bot keeps it elsewhere, set KENNEL_DATA_DIR (or DATABASE_URL) as the bot has it.\n`,
      );
      return { where: file };
    }
  }
  const opened = await openCareRecord(settings, ctx.clock, recordKennel(ctx.config));
  if (opened.problem) {
    await opened.store.close();
    throw opened.problem;
  }
  return { store: opened.store, where: opened.where };
}
