/**
 * The preview's welfare check (issue 38), so a newcomer sees one with a flagged pet before Slack: in
 * the preview's temporary record, a pet in house these three days had a loose stool at the last two
 * evening checks (recorded as a member of staff would, on the evening lists of those days, at 18:05 and 18:10 on the preview's kennel clock), which
 * opens its welfare flag; then today's evening welfare check is posted in the preview's channel
 * (the scheduled post, through the bot's own job), that pet's line showing the flag, every other pet
 * with its ✅ All normal and ✏️ Something to note.
 */
import { recordCheck, welfareLists } from "../answers/welfare.ts";
import { raiseFlags } from "../answers/welfare-flags.ts";
import { type ListPet, saveList } from "../answers/welfare-store.ts";
import type { Bot } from "../app.ts";
import type { Deps } from "../deps.ts";
import { ALL_NORMAL } from "../domain/welfare.ts";
import { addDays, localDate } from "../time.ts";
import type { KennelClock } from "./kennel-clock.ts";

const STAFF = { userId: "U0PREVIEWSAM", userName: "Sam" };

/**
 * Seeds the flagged pet: its loose stools at the evening checks of the two days before today, each
 * recorded at its evening on the preview's kennel clock (before the record holds anything of today),
 * and the flag they open. A failure is logged (the preview works without it).
 */
export async function seedWelfareHistory(deps: Deps, clock: KennelClock): Promise<void> {
  try {
    const today = clock.today;
    const days = [addDays(today, -2), addDays(today, -1)];
    const house = async (date: string) => (await welfareLists(deps, "evening", date)).lists[0];
    const [first, second, now] = await Promise.all([...days, today].map(house));
    if (!first || !second || !now) return;
    const here = (l: typeof now, p: ListPet) =>
      l.pets.some((q) => q.petId === p.petId && q.bookingId === p.bookingId);
    const pet = first.pets.find((p) => here(second, p) && here(now, p));
    if (!pet) return;
    for (const [i, body] of [first, second].entries()) {
      clock.setTo(i === 0 ? "18:05" : "18:10", body.date);
      const list = await saveList(deps, body);
      const mine = list.pets.find((p) => p.petId === pet.petId) as ListPet;
      await recordCheck(
        deps,
        list,
        mine,
        { values: { ...ALL_NORMAL, stool: "loose" }, note: i === 1 ? "Loose again at tea time" : undefined },
        STAFF,
        `preview:welfare:${body.date}`,
      );
    }
    await raiseFlags(deps, second.date, {
      petId: pet.petId,
      rooms: new Map([[`${pet.bookingId}|${pet.petId}`, pet.room]]),
    });
  } catch (error) {
    deps.log.warn(
      { err: String((error as Error)?.message ?? error) },
      "the preview's welfare check was not seeded",
    );
  }
}

/** Posts today's evening welfare check, through the bot's own job; a failure is logged. */
export async function postWelfare(deps: Deps, bot: Bot): Promise<void> {
  try {
    await bot.digest?.runPost("welfare:evening", localDate(deps.clock.now(), deps.config.timezone));
  } catch (error) {
    deps.log.warn(
      { err: String((error as Error)?.message ?? error) },
      "the preview's welfare check was not posted",
    );
  }
}
