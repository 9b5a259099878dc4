/**
 * A restart's first taps without waiting on V8 (issue 48). In a new process every function a tap
 * runs is compiled at its first call, so the first taps after a restart paid for compiling the
 * tap's path: what it reads before it writes (src/answers/record-tap.ts `tapAsks`: the pet's
 * entries, plan, doses and their windows), the commit's own reads on the writer's connection (the
 * store's `rehearseRecord`: its statements prepared) and the round message drawn after it
 * (SheetRedraw.draw). Before the bot listens, these run once for one pet of today's latest kept
 * sheet, and what they answer is thrown away: nothing is written and nothing is posted. A day with
 * no kept sheet costs one read of today's sheets (read already by `warmTodaysRecord`). Measured in
 * docs/benchmarks.md ("Start and the first tap after a restart", "Issue 48: the compile cache and
 * the first taps").
 */
import { locate } from "../answers/record-round.ts";
import { tapAsks } from "../answers/record-tap.ts";
import { keptSheets } from "../answers/sheets.ts";
import { localDate } from "../time.ts";
import type { BotDeps } from "./bot-deps.ts";
import type { SheetRedraw } from "./record-round.ts";

/**
 * Runs a tap's reads and its redraw's drawing once for one pet of today's latest kept sheet; waits
 * at most `withinMs` (the rest finishes in the background). Never throws: a store that cannot be
 * read leaves the first tap to compile its path, as before. Whether a pet's tap was rehearsed.
 */
export async function rehearseTap(deps: BotDeps, redraw: SheetRedraw, withinMs = 1_000): Promise<boolean> {
  const rehearsal = (async () => {
    const date = localDate(deps.clock.now(), deps.config.timezone);
    const sheet = (await keptSheets(deps, { date })).at(-1);
    if (!sheet) return false;
    for (const { bookingId, petId } of sheet.pets) {
      const found = await locate(deps, { sheetId: sheet.id, bookingId, petId });
      if (!found.ok) continue;
      const item = found.pet.due[0]?.item;
      await Promise.all([
        tapAsks(deps, found, "all"),
        redraw.draw(found.sheet, found.pet.message),
        // The commit's reads on the writer's connection, outside any transaction: nothing written.
        item === undefined
          ? undefined
          : deps.record?.rehearseRecord?.({
              date: found.sheet.date,
              round: found.sheet.round,
              bookingId,
              petId,
              item,
            }),
      ]);
      return true;
    }
    return false;
  })().catch(() => false);
  let timer: NodeJS.Timeout | undefined;
  const enough = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), withinMs);
    timer.unref();
  });
  const done = await Promise.race([rehearsal, enough]);
  clearTimeout(timer);
  return done;
}
