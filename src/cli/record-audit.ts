/**
 * `kennel-desk record audit [--days 28] [--json] [--file PATH]`: the kennel's medication figures over
 * the last days, today included (src/answers/audit.ts): from what the rounds kept and the entries,
 * with the record's head. Reads the store the bot writes; needs no kennel API and no Slack. `--file`:
 * a copy on its own (a backup, a file handed to an inspector), read-only, nothing migrated, no
 * kennel settings needed (a folder's .env naming another kennel does not refuse it).
 */
import { AUDIT_DAYS_MAX, recordAudit } from "../answers/audit.ts";
import { UsageError } from "../answers/failure.ts";
import { auditDoc } from "../present/audit.ts";
import { openCopy } from "../record/copy-read.ts";
import type { CareRecordStore } from "../record/types.ts";
import { docText } from "../text/doc.ts";
import { type CliContext, HELP_HINT, print, readOptions, textOptions } from "./context.ts";
import { refuseExport } from "./record-copy.ts";
import { requireStore } from "./record-store.ts";

/** `--days N`: a whole number of days, 1 to AUDIT_DAYS_MAX; 28 when not given. */
function daysOption(raw: string | undefined): number {
  if (raw === undefined) return 28;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(n) || n < 1 || n > AUDIT_DAYS_MAX) {
    throw new UsageError(
      `--days takes a number of days from 1 to ${AUDIT_DAYS_MAX}, not "${raw.slice(0, 40)}".`,
      "For example: kennel-desk record audit --days 28",
    );
  }
  return n;
}

/** The record the settings name, or with `--file` a copy of it, read-only. */
async function auditedStore(
  ctx: CliContext,
  file: string | undefined,
): Promise<{ store: CareRecordStore; where: string }> {
  if (file === undefined) return requireStore(ctx);
  if (file.trim() === "")
    throw new UsageError("--file takes the path of a copy of the care record.", HELP_HINT);
  refuseExport(file, "audit");
  return { store: await openCopy(file, ctx.clock, "audit"), where: file };
}

export async function audit(ctx: CliContext): Promise<number> {
  const { values, positionals } = readOptions(ctx.args.slice(1), {
    days: { type: "string" },
    json: { type: "boolean" },
    file: { type: "string" },
  });
  if (positionals.length > 0)
    throw new UsageError(`record audit takes no "${positionals[0]?.slice(0, 40)}".`, HELP_HINT);
  const days = daysOption(values.days);
  const { store, where } = await auditedStore(ctx, values.file);
  try {
    const figures = await recordAudit({ record: store, config: ctx.config, clock: ctx.clock }, days, where);
    return print(ctx, figures, values.json === true, () =>
      docText(auditDoc(figures, { timezone: ctx.config.timezone }), textOptions(ctx)),
    );
  } finally {
    await store.close();
  }
}
