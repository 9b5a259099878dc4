/**
 * The preview's dose times (issue 35), so a newcomer sees a medication record at work before Slack:
 * the kennel's morning, written as staff would have written it, each at its time on the preview's
 * kennel clock (src/preview/kennel-clock.ts), through the functions Slack's taps and forms call.
 *
 * - 07:30 the morning round is posted (the bot's own job); 07:40 Sam records it with one tap for
 *   each pet the sheet offers one tap but one with a medication (missed at the window's close, 09:30;
 *   so are the pets' meals it offers no one tap: plans to confirm, a fasting pet), and gives the high-alert drugs (Sugar's
 *   insulin, after her breakfast), which Alex witnesses at 07:42.
 * - One pet's morning medication is recorded at 11:00, given at 08:05: a late entry, both times kept.
 * - 12:00 the midday round is posted; 12:10 Sam records it with one tap for each pet but one with a
 *   medication due: that dose is late from 12:45.
 * - 12:20 Jane gives Itchy an as-needed dose (seedAsNeededDose): awaiting its effect, its follow-up
 *   due at 13:20.
 *
 * Then the preview sets its clock to 13:00 and starts the bot: its dose times' job posts the
 * "❌ Missed" reply in the morning round's thread and the "⏰ Late" reply in the midday round's.
 * Runs before the bot's jobs start; a failure is logged (the preview works without it).
 */
import { closedDoses, givenAtRefusal } from "../answers/late-entry.ts";
import { seedAsNeededDose } from "../answers/prn-seed.ts";
import { type ItemWrite, recordAllDue, recordItems, type Who } from "../answers/record-round.ts";
import { keptSheets, type Sheet, type SheetPet } from "../answers/sheets.ts";
import { witnessDose } from "../answers/witness.ts";
import type { Bot } from "../app.ts";
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { isMedicationItem } from "../domain/record.ts";
import type { CareRecordStore, Entry } from "../record/types.ts";
import { zonedInstant } from "../time.ts";
import type { KennelClock } from "./kennel-clock.ts";

const SAM: Who = { userId: "U0PREVIEWSAM", userName: "Sam" };
const ALEX: Who = { userId: "U0PREVIEWALEX", userName: "Alex" };
/**
 * The person at the page (PREVIEW_USERS.staff), by the name Slack's stand-in gives them (its
 * users.info: src/preview/server.ts), so what they record reads "Jane" as what the seed wrote for
 * them: the as-needed dose's follow-up comes to them.
 */
export const PREVIEW_STAFF_NAME = "Jane";
const JANE: Who = { userId: "U0PREVIEW", userName: PREVIEW_STAFF_NAME };

type SeedDeps = Deps & { record: CareRecordStore };

/** What the seed wrote, for the log (and the tests). */
export interface DoseSeed {
  missed?: string | undefined;
  lateEntry?: string | undefined;
  late?: string | undefined;
  witnessed?: string | undefined;
  asNeeded?: string | undefined;
}

const meds = (p: SheetPet) => p.due.filter((d) => isMedicationItem(d.item));
/** On the sheet with something due, and here by then. */
const here = (p: SheetPet, now: Date) =>
  p.due.length > 0 && !(p.arrivesAt && Date.parse(p.arrivesAt) > now.getTime());
/** And its plan confirmed: what staff record without asking anyone. */
const ready = (p: SheetPet, now: Date) => here(p, now) && p.planToConfirm === undefined;
/** A pet whose one tap would sign off a routine medication (not high-alert, not as needed). */
const routine = (p: SheetPet, now: Date) =>
  ready(p, now) && p.oneTap && !p.asNeeded && meds(p).some((d) => !d.highAlert);

/** The round's sheet as its post kept it (the latest kept that day). */
async function postRound(deps: SeedDeps, bot: Bot, round: Round, date: string): Promise<Sheet | undefined> {
  await bot.digest?.runPost(`rounds:${round}`, date);
  return (await keptSheets(deps, { date })).filter((s) => s.round === round).at(-1);
}

/** One tap for each pet offered one, but those in `skip`. */
async function oneTaps(deps: SeedDeps, sheet: Sheet, skip: Set<SheetPet>) {
  const now = deps.clock.now();
  for (const p of sheet.pets) {
    if (skip.has(p) || !p.oneTap || !ready(p, now)) continue;
    await recordAllDue(deps, sheet, p, SAM, `preview:dose:${sheet.id}:${p.bookingId}:${p.petId}`);
  }
}

/** The morning: posted, recorded, an insulin dose witnessed; one pet's medication left for a late entry. */
async function morning(deps: SeedDeps, bot: Bot, clock: KennelClock, out: DoseSeed) {
  clock.setTo("07:30");
  const sheet = await postRound(deps, bot, "morning", clock.today);
  if (!sheet) return;
  clock.setTo("07:40");
  const now = clock.now();
  // Two pets with a routine medication: one recorded late (a late entry), one not at all (missed).
  const [late, missed] = sheet.pets.filter((p) => routine(p, now));
  if (missed) out.missed = `${missed.name}: ${meds(missed)[0]?.label}`;
  // A high-alert drug is given by Sam and witnessed by Alex (the insulin of a pet that eats first: never one tap).
  // (A plan waiting for its second person still lists its dose: Sugar's insulin is given all the same.)
  const highAlert = sheet.pets.filter((p) => here(p, now) && meds(p).some((d) => d.highAlert));
  await oneTaps(
    deps,
    sheet,
    new Set([late, missed, ...highAlert].filter((p): p is SheetPet => p !== undefined)),
  );
  const given: Array<{ pet: SheetPet; entry: Entry }> = [];
  for (const pet of highAlert) {
    const all: ItemWrite[] = pet.due.map((d) => ({
      item: d.item,
      outcome: isMedicationItem(d.item) ? "given" : "ate_all",
    }));
    const r = await recordItems(
      deps,
      sheet,
      pet,
      all,
      SAM,
      `preview:dose:${sheet.id}:${pet.bookingId}:${pet.petId}`,
    );
    const doses = r.status === "recorded" ? r.entries : [];
    for (const entry of doses)
      if (pet.due.find((d) => d.item === entry.item)?.highAlert) given.push({ pet, entry });
  }
  clock.setTo("07:42");
  for (const { pet, entry } of given) {
    const w = await witnessDose(deps, sheet, pet, entry.id, ALEX);
    if (w.status === "witnessed" && /insulin/i.test(entry.itemText))
      out.witnessed = `${pet.name}: ${entry.itemText}`;
  }
  if (late) await lateEntry(deps, clock, sheet, late, out);
}

/** A pet's meal at 07:40 with the others; its medication written at 11:00, given at 08:05. */
async function lateEntry(deps: SeedDeps, clock: KennelClock, sheet: Sheet, late: SheetPet, out: DoseSeed) {
  const meal = late.due.filter((d) => !isMedicationItem(d.item));
  if (meal.length)
    await recordItems(
      deps,
      sheet,
      late,
      meal.map((d) => ({ item: d.item, outcome: "ate_all" })),
      SAM,
      `preview:dose:meal:${sheet.id}`,
    );
  clock.setTo("11:00");
  const givenAt = zonedInstant(clock.today, "08:05", deps.config.timezone).toISOString();
  const given = meds(late).map((d) => ({ item: d.item, outcome: "given" as const, givenAt }));
  // The form's own check of the time said (src/answers/late-entry.ts): 08:05 passes it.
  const refused = givenAtRefusal(givenAt, {
    now: clock.now(),
    arrival: late.arrivesAt,
    closed: closedDoses(deps, sheet, late, clock.now()),
    timezone: deps.config.timezone,
    petName: late.name,
  });
  if (!refused) {
    const r = await recordItems(deps, sheet, late, given, SAM, `preview:dose:late-entry:${sheet.id}`);
    if (r.status === "recorded") out.lateEntry = `${late.name}: ${meds(late)[0]?.label}`;
  }
}

/** Midday: posted and recorded by one tap but for one pet's medication, late at 13:00. */
async function midday(deps: SeedDeps, bot: Bot, clock: KennelClock, out: DoseSeed) {
  clock.setTo("12:00");
  const sheet = await postRound(deps, bot, "midday", clock.today);
  if (!sheet) return;
  clock.setTo("12:10");
  const late = sheet.pets.find((p) => routine(p, clock.now()));
  await oneTaps(deps, sheet, new Set(late ? [late] : []));
  if (late) out.late = `${late.name}: ${meds(late)[0]?.label}`;
}

/** Itchy's dose as needed, given at 12:20 by the person at the page: its effect still to say. */
async function asNeeded(deps: SeedDeps, clock: KennelClock, out: DoseSeed) {
  clock.setTo("12:20");
  const sheets = await keptSheets(deps, { date: clock.today });
  const pet = sheets.flatMap((s) => s.pets).find((p) => p.asNeeded);
  if (!pet) return;
  const dose = await seedAsNeededDose(deps, {
    bookingId: pet.bookingId,
    petId: pet.petId,
    minutesAgo: 0,
    who: JANE,
  });
  out.asNeeded = `${pet.name}: ${dose.label}`;
}

/** Seeds the day's doses up to 12:20 (the preview then sets its clock to 13:00 and starts the bot). */
export async function seedDoses(deps: SeedDeps, bot: Bot, clock: KennelClock): Promise<DoseSeed> {
  const out: DoseSeed = {};
  try {
    await morning(deps, bot, clock, out);
    await midday(deps, bot, clock, out);
    await asNeeded(deps, clock, out);
    deps.log.info({ ...out }, "the preview's dose times seeded");
  } catch (error) {
    deps.log.warn(
      { err: String((error as Error)?.message ?? error) },
      "the preview's dose times were not seeded",
    );
  }
  return out;
}
