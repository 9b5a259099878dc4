/**
 * `kennel-desk record verify`: walks the care record's chain (src/record/chain.ts) and prints
 * `intact: N entries, head #1234 · 9f3a5c1e0b7d…` (exit 0), or the first entry whose content or link
 * does not match, in words (exit 1). An inspector compares the head with the one the morning post
 * named and with the one on an export: a record rewritten whole, hashes and all, no longer ends on
 * the head printed before.
 */
import { UsageError } from "../answers/failure.ts";
import { HEAD_HEX_DIGITS, headWords } from "../record/chain.ts";
import { kennelWords } from "../record/kennel.ts";
import { type CliContext, HELP_HINT, readOptions } from "./context.ts";
import { requireStore } from "./record-store.ts";

export async function verify(ctx: CliContext): Promise<number> {
  const { values, positionals } = readOptions(ctx.args.slice(1), {
    json: { type: "boolean" },
    head: { type: "string" },
  });
  if (positionals.length > 0)
    throw new UsageError(`record verify takes no "${positionals[0]?.slice(0, 40)}".`, HELP_HINT);
  // A head printed before (the morning post's "#1234 · 9f3a5c1e0b7d24aa…"): the record must pass
  // through it. At least 16 hex digits (64 bits): a rewritten row found to match fewer by trying
  // (four took about 65,000 tries) proves nothing.
  const printed =
    values.head === undefined
      ? undefined
      : /^#?(\d{1,15})\s*(?:·|:|\s|sha256)+([0-9a-f]+)…?$/i.exec(values.head.trim());
  if (values.head !== undefined && !printed)
    throw new UsageError(
      `--head takes a head as the morning post or an export prints it, like "#1234 · 9f3a5c1e0b7d24aa", not "${values.head.slice(0, 40)}".`,
      HELP_HINT,
    );
  const digits = printed?.[2] ?? "";
  if (printed && (digits.length < HEAD_HEX_DIGITS || digits.length > 64))
    throw new UsageError(
      `--head needs at least ${HEAD_HEX_DIGITS} hex digits of the hash (64 bits), as the morning post and the exports print it: "${values.head?.slice(0, 40)}" has ${digits.length}.`,
      `Copy the head whole, for example "#1234 · 9f3a5c1e0b7d24aa" (fewer digits could be matched by a rewritten record found by trying).`,
    );
  const { store, where } = await requireStore(ctx);
  try {
    const at = printed ? Number(printed[1]) : undefined;
    const result = await store.verify(at === undefined ? {} : { at });
    const kennel = await store.kennel();
    if (values.json === true) {
      ctx.io.stdout.write(`${JSON.stringify({ where, kennel, ...result }, null, 2)}\n`);
      return result.ok ? 0 : 1;
    }
    if (result.ok && printed) {
      const prefix = (printed[2] as string).toLowerCase();
      if (!result.at) {
        const why =
          Number(printed[1]) > result.head.seq
            ? "is beyond the record's head: entries were removed from its end"
            : "was removed by retention";
        ctx.io.stdout.write(
          `NOT found: place #${printed[1]} ${why}; the record's head is ${headWords(result.head)}.\n`,
        );
        return 1;
      }
      if (!result.at.hash.startsWith(prefix)) {
        ctx.io.stdout.write(
          `NOT the same record: place #${printed[1]} is ${result.at.hash.slice(0, HEAD_HEX_DIGITS)}… here, not ${prefix}…: the record was rewritten since that head was printed.\n`,
        );
        return 1;
      }
      ctx.io.stdout.write(
        `intact, and it passes through the head printed before (#${printed[1]} · ${prefix}…); head now ${headWords(result.head)}.\n`,
      );
      return 0;
    }
    if (result.ok) {
      const removed = result.removedThrough
        ? ` (entries up to #${result.removedThrough} removed by retention, each pass recorded)`
        : "";
      ctx.io.stdout.write(
        `intact: ${result.rows} ${result.rows === 1 ? "entry" : "entries"}, head ${headWords(result.head)}${removed}\n` +
          `  full head: #${result.head.seq} sha256 ${result.head.hash}\n` +
          `  the record at ${where}, for ${kennelWords(kennel)}\n`,
      );
      return 0;
    }
    ctx.io.stdout.write(
      `NOT intact: ${result.what}\n  ${result.rows} ${result.rows === 1 ? "entry" : "entries"} before #${result.at} check out; the record at ${where}.\n  Keep this copy as it is and compare it with a backup (kennel-desk record backup) and with the head named in the morning posts.\n`,
    );
    return 1;
  } finally {
    await store.close();
  }
}
