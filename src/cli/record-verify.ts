/**
 * `kennel-desk record verify [--file PATH]`: walks the care record's chain (src/record/chain.ts) and
 * prints `intact: 220 chain links: 55 entries, 120 sheet, …, head #1234 · 9f3a5c1e0b7d…` (exit 0),
 * or the first entry whose content or link does not match, in words (exit 1). An inspector compares
 * the head with the one the morning post named and with the one on an export: a record rewritten
 * whole, hashes and all, no longer ends on the head printed before. `--file`: a copy on its own (a
 * backup, a file handed to an inspector), read-only, with no kennel settings needed.
 */
import { UsageError } from "../answers/failure.ts";
import { memoryCeiling } from "../process/memory.ts";
import { headWords, linksWords, type VerifyResult } from "../record/chain.ts";
import { verifyCopy } from "../record/copy-read.ts";
import { StoreError } from "../record/errors.ts";
import { kennelWords } from "../record/kennel.ts";
import type { KennelIdentity } from "../record/types.ts";
import { type CliContext, HELP_HINT, readOptions } from "./context.ts";
import { refuseExport } from "./record-copy.ts";
import { requireStore } from "./record-store.ts";
import { type Printed, printedHead, throughHead } from "./verify-head.ts";

/**
 * How far the walk's process may grow past where it was when the walk began (or after its last
 * collection): src/process/memory.ts memoryCeiling. 1.5 million entries: peak 125–127 MB, against
 * 117–118 MB for 10,000 entries; it collects once in such a walk (docs/benchmarks.md).
 */
const GROWTH_ALLOWED = 24 * 1024 * 1024;

/** The chain walked, the kennel the record names, and where it is. */
interface Walked {
  result: VerifyResult;
  kennel: KennelIdentity | undefined;
  where: string;
}

/** The record the settings name (KENNEL_DATA_DIR, DATABASE_URL), as the bot keeps it. */
async function walkStore(ctx: CliContext, printed: Printed | undefined): Promise<Walked> {
  const { store, where } = await requireStore(ctx);
  try {
    const result = await store.verify(printed ? { at: printed.seq, hash: printed.prefix } : {});
    return { result, kennel: await store.kennel(), where };
  } finally {
    await store.close();
  }
}

/**
 * A record with no link in its chain (made at the bot's first start, nothing recorded since: a start
 * Slack refused makes one): nothing to verify, never "intact: 0 chain links" (exit 0), which would
 * read as a record checked; as no record (`no_record`, exit 3).
 */
function noEntries(where: string): StoreError {
  return new StoreError(
    "no_record",
    `The care record at ${where} holds no entries yet: nothing to verify (nothing has been recorded in it since it was made).`,
    "Verify it once the rounds are recorded in it. A record that held entries before and holds none now is not intact: compare it with a backup (kennel-desk record backup) and the head named in the morning posts.",
    where,
  );
}

export async function verify(ctx: CliContext): Promise<number> {
  const { values, positionals } = readOptions(ctx.args.slice(1), {
    json: { type: "boolean" },
    head: { type: "string" },
    file: { type: "string" },
  });
  if (positionals.length > 0)
    throw new UsageError(`record verify takes no "${positionals[0]?.slice(0, 40)}".`, HELP_HINT);
  if (values.file !== undefined && values.file.trim() === "")
    throw new UsageError("--file takes the path of a copy of the care record.", HELP_HINT);
  const printed = printedHead(values.head);
  // An export is said to be one before the walk's watch is set (a refusal leaves nothing running).
  if (values.file !== undefined) refuseExport(values.file, "verify");
  // The walk lets the event loop through at every page of rows: the memory ceiling is checked then,
  // so what the walk leaves behind is given back as it goes and its peak holds whatever the record's size.
  const settle = memoryCeiling(GROWTH_ALLOWED);
  const watch = setInterval(() => void settle(), 500);
  const file = values.file;
  const { result, kennel, where } = await (file !== undefined
    ? verifyCopy(file, { at: printed?.seq, hash: printed?.prefix, now: ctx.clock.now() }).then((r) => ({
        ...r,
        where: file,
      }))
    : walkStore(ctx, printed)
  ).finally(() => clearInterval(watch));
  if (result.ok && result.rows === 0) throw noEntries(where);
  if (values.json === true) {
    ctx.io.stdout.write(`${JSON.stringify({ where, kennel, ...result }, null, 2)}\n`);
    return result.ok ? 0 : 1;
  }
  if (result.ok && printed) {
    const [words, code] = throughHead(result, printed);
    ctx.io.stdout.write(`${words}\n`);
    return code;
  }
  const made = kennel ? `for ${kennelWords(kennel)}` : "for no kennel named yet";
  if (result.ok) {
    const removed = result.removedThrough
      ? ` (entries up to #${result.removedThrough} removed by retention, each pass recorded)`
      : "";
    ctx.io.stdout.write(
      `intact: ${linksWords(result.rows, result.links)}, head ${headWords(result.head)}${removed}\n` +
        `  full head: #${result.head.seq} sha256 ${result.head.hash}\n` +
        `  the record at ${where}, ${made}\n`,
    );
    return 0;
  }
  ctx.io.stdout.write(
    `NOT intact: ${result.what}\n  ${linksWords(result.rows, undefined)} before #${result.at} check out; the record at ${where}.\n  Keep this copy as it is and compare it with a backup (kennel-desk record backup) and with the head named in the morning posts.\n`,
  );
  return 1;
}
