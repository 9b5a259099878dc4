/** The care record beside the kennel API, for the commands whose answers carry its flags (rounds, inhouse, pet). */
import type { Deps } from "../deps.ts";
import { type CliContext, kennelDeps } from "./context.ts";
import { openStore } from "./record-store.ts";

/**
 * The kennel API's dependencies with the care record when there is one to read (its off-food flags
 * are part of the answers, as in Slack): opened as `kennel-desk record` opens it, never created (no
 * SQLite file yet: none). A record that cannot be opened leaves the answer without its flags, said on
 * standard error. `close` closes it.
 */
export async function kennelDepsWithRecord(ctx: CliContext): Promise<{ deps: Deps; close(): Promise<void> }> {
  const deps = kennelDeps(ctx);
  const { store } = await openStore(ctx, { quiet: true }).catch((error: unknown) => {
    ctx.io.stderr.write(
      `The care record could not be read (${String((error as Error)?.message ?? error).slice(0, 300)}): its flags, care plans and the round's record are not shown here.\n`,
    );
    return { store: undefined };
  });
  return { deps: store ? { ...deps, record: store } : deps, close: async () => store?.close() };
}
