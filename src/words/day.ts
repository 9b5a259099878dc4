/** A day's lists in words: titles, summary parts, what was left out. */
import type { DayOnly } from "../domain/bookings.ts";
import type { DayKind, DayTotals } from "../domain/day.ts";
import { plural } from "../domain/text.ts";
import { dayHeading } from "./dates.ts";
import { NO_SHEET_CANNOT_SAY, NO_SHEET_PAPER, paperNoSheetWords } from "./paper.ts";

const DAY_TITLES: Record<DayKind, string> = { arrivals: "Arrivals", departures: "Departures" };

/** A departures list narrowed to a Home figure's bookings (src/domain/bookings.ts DAY_ONLY), by what it holds. */
const ONLY_TITLES: Record<DayOnly, { title: string; which: string }> = {
  money: { title: "Departures with money to take", which: "🔴 unpaid or 🟠 part-paid" },
  payment_check: {
    title: "Departures with a payment to check",
    which: "payment not recorded, or could not be read",
  },
};

/** Which departures a narrowed list holds, and how many of the day's. */
export interface OnlyOf {
  only: DayOnly;
  of: number;
}

/** "Departures — Mon 24 Nov (12)"; narrowed: "Departures with money to take — Mon 24 Nov (5 of 12)". */
export function dayTitle(kind: DayKind, date: string, count: number, only?: OnlyOf): string {
  if (only) return `${ONLY_TITLES[only.only].title} — ${dayHeading(date)} (${count} of ${only.of})`;
  return `${DAY_TITLES[kind]} — ${dayHeading(date)} (${count})`;
}

/**
 * A narrowed list's first words, saying it is not the whole day: "Only the departures with money to
 * take (🔴 unpaid or 🟠 part-paid): 5 of the day's 12; /departures lists them all."
 */
export function onlyWords(only: OnlyOf, count: number): string {
  const o = ONLY_TITLES[only.only];
  return `Only the ${o.title.toLowerCase()} (${o.which}): ${count} of the day's ${only.of}; /departures lists them all.`;
}

export function noneWords(kind: DayKind, only?: OnlyOf): string {
  if (only)
    return `No ${ONLY_TITLES[only.only].title.toLowerCase()} on this day (${only.of} departures in all).`;
  return kind === "arrivals" ? "No arrivals on this day." : "No departures on this day.";
}

/** What was left out, in words, or "" ("3 cancelled or no-show and 1 waitlisted not listed"). */
export function leftOutWords(t: Pick<DayTotals, "leftOut">): string {
  const parts = [
    t.leftOut.calledOff ? `${t.leftOut.calledOff} cancelled or no-show` : "",
    t.leftOut.waitlisted ? `${t.leftOut.waitlisted} waitlisted` : "",
  ].filter(Boolean);
  return parts.length ? `${parts.join(" and ")} not listed` : "";
}

/**
 * Where a page sits in the day, said beside the whole day's counts: "page 1 of 3 (showing 1–20 of
 * 124)"; "" when the day fits on one page.
 */
export function pagePlace(
  r: { page: number; pages: number; from: number; shown: number; total: number },
  noun = "",
): string {
  if (r.pages <= 1) return "";
  return `page ${r.page} of ${r.pages} (showing ${r.from + 1}–${r.from + r.shown} of ${r.total}${noun ? ` ${noun}` : ""})`;
}

export interface SummaryPart {
  text: string;
  /** Stands out (money to take at departures). */
  loud?: boolean;
}

/**
 * The summary's parts: bookings, pets, money, care, then what was left out. For departures this
 * is the going-home check's count: money to take, medication to hand back, grooming notes.
 */
export function summaryParts(kind: DayKind, t: DayTotals): SummaryPart[] {
  const parts: SummaryPart[] = [{ text: plural(t.bookings, "booking") }, { text: plural(t.pets, "pet") }];
  const departing = kind === "departures";
  if (t.unpaid) parts.push({ text: `🔴 ${t.unpaid} unpaid`, loud: departing });
  if (t.partPaid) parts.push({ text: `🟠 ${t.partPaid} part-paid`, loud: departing });
  if (t.paymentUnknown && departing)
    parts.push({ text: `❔ ${t.paymentUnknown} payment not recorded: to check`, loud: true });
  // A payment the kennel system holds but Kennel Desk could not read: counted on arrivals too.
  if (t.paymentNotRead)
    parts.push({ text: `❔ ${t.paymentNotRead} payment could not be read: to check`, loud: departing });
  const partly = t.careKnownForAll ? "" : " on this page";
  if (t.medications) {
    parts.push({
      text: departing
        ? `💊 ${plural(t.medications, "medication")} to hand back${partly}`
        : `💊 ${t.withMedication} with medication${partly}`,
    });
  }
  if (t.withAllergies && !departing) parts.push({ text: `⚠️ ${t.withAllergies} with allergies${partly}` });
  if (t.notEvaluated && !departing) parts.push({ text: `🆕 ${t.notEvaluated} not evaluated${partly}` });
  if (t.withGroomingNotes && departing)
    parts.push({ text: `✂️ ${t.withGroomingNotes} with grooming notes${partly}` });
  if (t.careNotMatched) parts.push({ text: `❔ ${t.careNotMatched} with care details not matched` });
  if (t.careNotLoaded) parts.push({ text: `❔ ${t.careNotLoaded} with care details not loaded` });
  if (t.unknownStatus) parts.push({ text: `${t.unknownStatus} with a status Kennel Desk does not know` });
  const off = leftOutWords(t);
  if (off) parts.push({ text: off });
  return parts;
}

export const STATUS_NOT_RECORDED = "status not recorded";

/** A status Kennel Desk does not know, as the API wrote it, marked: "status “on hold” (not one Kennel Desk knows)". */
export const unknownStatusWords = (status: string): string =>
  `status “${status}” (not one Kennel Desk knows)`;

/**
 * Departures: "💊 hand back: Rimadyl 50 mg, Apoquel (Rex)", one pet's medication; with a medicine held
 * in custody, its balance, each then apart: "💊 hand back: Metronidazole 200 mg: ≈ 8 tablets left; Apoquel (Milo)".
 */
export const handBackWords = (medications: string[], pet: string): string =>
  `💊 hand back: ${medications.join(medications.some((m) => m.includes(": ")) ? "; " : ", ")} (${pet})`;

/**
 * Departures: a pet's medications the kennel's own stock (their words say so), not the owner's to take
 * home: "💊 kennel stock, not to hand back: Kennel stock Metacam 1.5ml (Otis)".
 */
export const kennelStockWords = (medications: string[], pet: string): string =>
  `💊 kennel stock, not to hand back: ${medications.join(", ")} (${pet})`;

/** Departures: "✂️ Rex: nails clipped", a pet's grooming notes. */
export const goingHomeGroomingWords = (pet: string, notes: string): string => `✂️ ${pet}: ${notes}`;

/** A scheduled post made after its time (the bot was down): "⏰ posted late, at 08:40". */
export const postedLateWords = (at: string): string => `⏰ posted late, at ${at}`;

/**
 * A later day's round asked for now (/rounds evening tomorrow): its sheet as the bookings say now,
 * marked so, with nothing kept and nothing to record: what a round asks is kept when it is posted on
 * its day. `past`: a past day's round never posted, as the terminal shows it (kennel-desk rounds): the
 * record cannot say what was due then, and the paper chart is its record.
 */
export const referenceRoundWords = (day: string, past = false): string =>
  past
    ? `🔎 For reference, not kept: this round was not posted on ${day}: ${NO_SHEET_CANNOT_SAY}; ${NO_SHEET_PAPER}. The sheet below is as the bookings say now, not what was due then.`
    : `🔎 For reference, not kept: what this round asks is kept when it is posted on ${day}, and it is recorded from that post.`;

/**
 * A dry run of a round already posted today (`kennel-desk digest --content rounds --dry-run`): what it
 * prints is the sheet kept when it was posted (what was due, written once), with what is recorded on it
 * now, as /rounds and `kennel-desk rounds` show it; not the bookings as they say now.
 */
export const keptRoundWords = (round: string, day: string): string =>
  `📌 Already posted: the ${round} round of ${day} was posted and its sheet kept in the care record. Below is the sheet as kept (what was due, written once) with what is recorded on it now, as /rounds ${round} shows it.`;

/**
 * A past day's round asked for now (/rounds morning yesterday): refused, with where that day is. What a
 * round asked was kept when it was posted on its day; a post now would ask what today's bookings say.
 * `kept`: whether a sheet was kept for that round (the record's, as `record enter` finds it). Kept: its
 * record, its post to record late or enter the paper. Never kept: the paper chart stays that round's
 * record, as `record enter` says. No care record at all: the paper chart is the record.
 */
export function pastRoundWords(
  round: string,
  day: string,
  date: string,
  kept: "kept" | "never" | "no_record",
): { what: string; whatToDo: string } {
  const passed = `${day} has passed: its ${round} round cannot be posted now.`;
  if (kept === "never") return paperNoSheetWords(`the ${round} round of ${day}`, "past", round, date);
  if (kept === "no_record")
    return {
      what: `${passed} A post now would ask what today's bookings say, not what was due that day.`,
      whatToDo:
        "This Kennel Desk keeps no care record (set KENNEL_DATA_DIR or DATABASE_URL to keep one), so the paper chart stays that round's record: keep it with the kennel's records.",
    };
  return {
    what: `${passed} What a round asks is kept when it is posted on its day, and a post now would ask what today's bookings say.`,
    whatToDo: `Its record: kennel-desk record ${round} ${date} (in the terminal), or each stay's record (/booking REF, then its Stay record button; or kennel-desk record --booking REF). To record late, or enter the paper chart: that day's round post (✏️ Record each…, 📄 Enter from paper…), or kennel-desk record enter ${round} ${date}.`,
  };
}

/** A booking's value the kennel API sent but Kennel Desk could not read, where it would be: "❔ time not read". */
export const notReadWords = (what: string): string => `❔ ${what} not read`;

/** The booking fields a day's documents show, in words (contacts are never shown, nor named). */
const FIELD_WORDS: Record<string, string> = {
  checkInDate: "check-in date",
  checkOutDate: "check-out date",
  bookingPaid: "payment",
  hasPayment: "payment",
  petNames: "pets",
  numberOfPets: "number of pets",
  customerName: "owner",
  customerId: "owner",
  roomName: "room",
  status: "status",
  bookingType: "type",
  reference: "reference",
  bookingId: "booking id",
  serviceId: "service",
};

/** How many bookings with values not read the foot names; the rest are counted ("and 3 more"). */
const NOT_READ_NAMED = 5;

/**
 * The foot of a day's document: the bookings with values the kennel API sent but Kennel Desk could
 * not read, the first five by reference (else id, else pets) with what, the rest counted, and what to do.
 * "" when there are none. `fields` are API names; a field not shown (a contact) is not named.
 */
export function notReadFootWords(
  bookings: {
    reference?: string | undefined;
    bookingId?: number | undefined;
    petNames?: string | undefined;
    fields: string[];
  }[],
): string {
  const shown = bookings
    .map((b) => ({
      ...b,
      what: [
        ...new Set(
          Object.keys(FIELD_WORDS)
            .filter((f) => b.fields.includes(f))
            .map((f) => FIELD_WORDS[f]),
        ),
      ],
    }))
    .filter((b) => b.what.length > 0);
  if (shown.length === 0) return "";
  const list = notReadList(shown);
  const one = shown.length === 1;
  return `${one ? "1 booking has" : `${shown.length} bookings have`} values Kennel Desk could not read (${list}): they are marked ❔ where they would be; check ${one ? "it" : "them"} in the kennel system`;
}

/** The bookings with what was not read of each, the first five named (`bookingNamed`), the rest counted. */
function notReadList(
  bookings: (Parameters<typeof bookingNamed>[0] & { what: (string | undefined)[] })[],
): string {
  const named = bookings.slice(0, NOT_READ_NAMED).map((b) => `${bookingNamed(b)}: ${b.what.join(", ")}`);
  const rest = bookings.length - named.length;
  return rest > 0 ? `${named.join("; ")}; and ${rest} more` : named.join("; ");
}

/**
 * The one note (on standard error, beside a terminal's answer) for every booking the kennel API sent
 * with values Kennel Desk could not read: named as the answer's foot names them, with what was not
 * read (a field the documents never show by its API name), the rest counted; the rest of each record
 * was used. "" when there are none.
 */
export function notReadNoteWords(
  bookings: { reference?: string | undefined; bookingId?: number | undefined; fields: string[] }[],
): string {
  if (bookings.length === 0) return "";
  const list = notReadList(
    bookings.map((b) => ({
      ...b,
      what: [...new Set(b.fields.map((f) => (Object.hasOwn(FIELD_WORDS, f) ? FIELD_WORDS[f] : f)))],
    })),
  );
  const one = bookings.length === 1;
  return `${one ? "1 booking had" : `${bookings.length} bookings had`} values Kennel Desk could not read (${list}); the rest of ${one ? "the record" : "each record"} was used. Check ${one ? "it" : "them"} in the kennel system.`;
}

/** A booking as a note names it: its reference, else its id, else its pets' names. */
export const bookingNamed = (b: {
  reference?: string | undefined;
  bookingId?: number | undefined;
  petNames?: string | undefined;
}): string =>
  b.reference ??
  (b.bookingId !== undefined ? `booking ${b.bookingId}` : (b.petNames ?? "a booking with no id"));
