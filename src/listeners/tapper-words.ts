/**
 * The words a tapper of a round post (or of one of its forms) is told: what was not recorded and why,
 * and who recorded the pet first.
 */
import type { Sheet, SheetPet } from "../answers/sheets.ts";
import { esc } from "../blocks/mrkdwn.ts";
import { givenByOther, giverOf } from "../domain/giver.ts";
import type { PrnDose } from "../domain/prn.ts";
import { roundWord } from "../domain/rounds.ts";
import type { Entry } from "../record/types.ts";
import { localDate } from "../time.ts";
import { dayHeading, timeOf } from "../words/dates.ts";
import { inErrorWords, outcomeAtWords, outcomeWords } from "../words/record.ts";

/** "Biscuit's evening round, Tue 24 Nov" */
export const roundName = (sheet: Pick<Sheet, "date" | "round">, pet: Pick<SheetPet, "name">) =>
  `${esc(pet.name)}'s ${roundWord(sheet.round).toLowerCase()} round, ${dayHeading(sheet.date)}`;

export const LATER_DAY = (sheet: Pick<Sheet, "date">) =>
  `That is the sheet for ${dayHeading(sheet.date)}: record at the round, on the day. Nothing was recorded.`;
export const TAMPERED =
  "That button is not one Kennel Desk can use (out of date, or changed): nothing was recorded. Run /rounds again for a fresh sheet.";
export const FORGED =
  "This form is not one Kennel Desk opened (or it was changed on the way): nothing was recorded. Open ✏️ Record each… again from the round post.";
export const NO_STORE = "This Kennel Desk keeps no care record, so nothing was recorded.";
export const NO_ONE_TAP =
  "This pet's round is recorded item by item (fasting, a drug listed twice, or a dose its plan gives once a day given at another round today): nothing was recorded. Use ✏️ Record each….";

/**
 * "Jane recorded it at 08:12" for entries someone else made first, and what of it was not given or
 * eaten as asked ("Jane recorded it at 13:00: Cardisure 2.5 mg refused"): one who saw it taken on a
 * second try knows what the record holds.
 */
export function whoRecorded(entries: Entry[], timezone: string): string {
  if (entries.length === 0) return "someone recorded it first";
  const names = [...new Set(entries.map((e) => esc(e.userName)))].join(", ");
  const last = entries.reduce((a, b) => (b.recordedAt > a.recordedAt ? b : a));
  const other = entries.filter((e) => e.outcome && e.outcome !== "given" && e.outcome !== "ate_all");
  const what = other.map((e) => `${esc(e.itemText ?? e.item)} ${outcomeWords(e.outcome)}`).join("; ");
  return `${names} recorded it at ${timeOf(last.recordedAt, timezone)}${what ? `: ${what}` : ""}`;
}

/**
 * Said to the one who submitted a form that kept a time said (a dose given or refused after its
 * window closed): each dose, what was recorded and when, the day named when it is not today, so a
 * time typed on an earlier day's sheet is seen to be of that day: "✅ Rimadyl 50 mg recorded refused
 * at 19:40 on Tue 1 Dec (Biscuit's evening round, Tue 1 Dec): a late entry, with both times."; a
 * dose no round asked (recorded only if given) had no window, so it is "not asked by the round, with
 * both times", never a late entry. A correction says so, and that the entry it replaces is kept (a
 * time corrected alone: "✅ Rimadyl 50 mg corrected to given at 08:15 (…): a late entry, with both
 * times. The entry it replaces is kept, struck through."). Nothing (undefined) when no entry kept a
 * time said.
 */
export function keptTimesWords(
  sheet: Pick<Sheet, "date" | "round">,
  pet: Pick<SheetPet, "name" | "due">,
  entries: Entry[],
  o: { timezone: string; now: Date },
): string | undefined {
  const today = localDate(o.now, o.timezone);
  const timed = entries.filter((e) => e.givenAt && !e.paper);
  if (timed.length === 0) return undefined;
  const each = timed.map((e) => {
    const at = e.givenAt as string;
    const day = localDate(at, o.timezone);
    const label = pet.due.find((d) => d.item === e.item)?.label ?? e.itemText ?? e.item;
    // Given by someone other than who recorded it: named, as the record names them.
    const by = e.outcome === "given" && givenByOther(e) ? ` by ${esc(giverOf(e))}` : "";
    const how = e.supersedes === undefined ? "recorded" : "corrected to";
    return `${esc(label)} ${how} ${outcomeWords(e.outcome)} at ${timeOf(at, o.timezone)}${day === today ? "" : ` on ${dayHeading(day)}`}${by}`;
  });
  // A dose no round asked (recorded only if given) is never a late entry: it had no window.
  const late = timed.filter((e) => pet.due.some((d) => d.item === e.item)).length;
  const unasked = timed.length - late;
  const kind = [
    late > 0 && (late === 1 ? "a late entry" : "late entries"),
    unasked > 0 &&
      (late > 0 ? `${unasked === 1 ? "one" : unasked} not asked by the round` : "not asked by the round"),
  ].filter(Boolean);
  const fixed = timed.filter((e) => e.supersedes !== undefined).length;
  const kept =
    fixed === 0
      ? ""
      : ` ${fixed === 1 ? "The entry it replaces is" : "The entries they replace are"} kept, struck through.`;
  return `✅ ${each.join("; ")} (${roundName(sheet, pet)}): ${kind.join(" and ")}, with both times.${kept}`;
}

/**
 * Said to the one who submitted a correction that kept no time said (a dose corrected to not given,
 * which keeps none, or changed inside its window), as a correction with a time is confirmed
 * (keptTimesWords): "✅ Corrected, Biscuit's morning round, Thu 3 Dec: Apoquel 16 mg not given
 * (recorded 13:00 by Jane). The entry it replaces is kept, struck through." Nothing (undefined) when
 * no such correction was written.
 */
export function correctedWords(
  sheet: Pick<Sheet, "date" | "round">,
  pet: Pick<SheetPet, "name" | "due">,
  entries: Entry[],
  timezone: string,
): string | undefined {
  const fixed = entries.filter((e) => e.supersedes !== undefined && !(e.givenAt && !e.paper));
  if (fixed.length === 0) return undefined;
  const each = fixed.map((e) => {
    const label = pet.due.find((d) => d.item === e.item)?.label ?? e.itemText ?? e.item;
    const at = timeOf(e.givenAt ?? e.recordedAt, timezone);
    // Recorded in error: as every surface says it, its why and who ("recorded in error: wrong pet · Sam 13:05").
    if (e.outcome === "in_error")
      return `${esc(label)} ${inErrorWords(esc(e.reason ?? ""), esc(e.userName), at)}`;
    return `${esc(label)} ${outcomeAtWords(e, at, esc(e.userName))}`;
  });
  const kept = fixed.length === 1 ? "The entry it replaces is kept" : "The entries they replace are kept";
  return `✅ Corrected, ${roundName(sheet, pet)}: ${each.join("; ")}. ${kept}, struck through.`;
}

/**
 * Said to the one who submitted a form naming someone else as the giver of doses recorded given on
 * time (no time said: keptTimesWords names the giver of those), and of doses given if needed on it
 * (`ifNeeded`, each with its own time and day): "✅ Recorded Caninsulin given 18:03 by Sam (Sugar's
 * evening round, Thu 3 Dec); Piriton 4mg given if needed 11:50 by Sam (Sugar, Thu 3 Dec)." One
 * message for both. A correction is said by correctedWords. Nothing (undefined) when no such dose
 * was written.
 */
export function givenByOtherOnTimeWords(
  sheet: Pick<Sheet, "date" | "round">,
  pet: Pick<SheetPet, "name" | "due">,
  entries: Entry[],
  timezone: string,
  ifNeeded: readonly PrnDose[] = [],
): string | undefined {
  const named = entries.filter(
    (e) => e.outcome === "given" && givenByOther(e) && !e.givenAt && e.supersedes === undefined,
  );
  const each = named.map((e) => {
    const label = pet.due.find((d) => d.item === e.item)?.label ?? e.itemText ?? e.item;
    return `${esc(label)} given ${timeOf(e.recordedAt, timezone)} by ${esc(giverOf(e))}`;
  });
  const round = each.length ? [`${each.join("; ")} (${roundName(sheet, pet)})`] : [];
  // A dose given if needed is no round's: the pet and the day it was given name it.
  const doses = ifNeeded
    .filter((d) => givenByOther(d))
    .map(
      (d) =>
        `${esc(d.label)} given if needed ${timeOf(d.givenAt, timezone)} by ${esc(giverOf(d))} (${esc(pet.name)}, ${dayHeading(d.date)})`,
    );
  const all = [...round, ...doses];
  return all.length ? `✅ Recorded ${all.join("; ")}.` : undefined;
}
