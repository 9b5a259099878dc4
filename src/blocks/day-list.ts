/**
 * Arrivals and departures of one day: a header with the date and the count, a summary, then one
 * compact entry per booking, paged so that the biggest day never breaks a Block Kit limit.
 * Channel-safe: no phone, email or address ever appears here.
 */
import type { Booking, Pet } from "../kennel/schemas.ts";
import { isUnpaid, paidWords, statusWords } from "./booking-words.ts";
import { type CareFlags, careFlags, careLine } from "./care.ts";
import { dayHeading, plural, timeOf } from "./format.ts";
import { button, clip, context, esc, fallback, header, section } from "./mrkdwn.ts";
import type { Block, Message } from "./types.ts";

export type DayKind = "arrivals" | "departures";

export interface DayEntry {
  booking: Booking;
  /**
   * The booking's pets with their care records: null when they could not be loaded, undefined
   * when not looked up (entries on other pages).
   */
  pets?: Pet[] | null | undefined;
}

export interface DayListInput {
  kind: DayKind;
  date: string;
  entries: DayEntry[];
  timezone: string;
  /** One-based page of entries. */
  page: number;
  /** Request id of the day's list, shown small at the bottom. */
  requestId?: string | undefined;
  /** Set when some pets' care records could not be loaded. */
  careProblem?: string | undefined;
  /** Cancelled and no-show bookings left out of the list. */
  calledOff?: number | undefined;
}

export const DAY_PAGE_SIZE = 20;

const TITLES: Record<DayKind, string> = { arrivals: "Arrivals", departures: "Departures" };

function whenOf(kind: DayKind, b: Booking): string | undefined {
  return kind === "arrivals" ? b.checkInDate : b.checkOutDate;
}

/** Sorted by time in the day, then owner's name, then id: the order staff work in. */
export function sortEntries(kind: DayKind, entries: DayEntry[]): DayEntry[] {
  return [...entries].sort((a, b) => {
    const ta = whenOf(kind, a.booking) ?? "";
    const tb = whenOf(kind, b.booking) ?? "";
    if (ta !== tb) return ta < tb ? -1 : 1;
    const na = a.booking.customerName ?? "";
    const nb = b.booking.customerName ?? "";
    if (na !== nb) return na.localeCompare(nb);
    return (a.booking.bookingId ?? 0) - (b.booking.bookingId ?? 0);
  });
}

function combinedFlags(pets: Pet[]): CareFlags {
  const flags = pets.map(careFlags);
  return {
    medications: flags.reduce((s, f) => s + f.medications, 0),
    allergies: flags.some((f) => f.allergies),
    diet: flags.some((f) => f.diet),
    medicalNotes: flags.some((f) => f.medicalNotes),
  };
}

/** The text of one entry (mrkdwn, every API string escaped). */
export function entryText(kind: DayKind, entry: DayEntry, timezone: string): string {
  const b = entry.booking;
  const time = timeOf(whenOf(kind, b), timezone) || "--:--";
  // Each part is capped, so an entry always fits and always shows every part, reference included.
  const pets = b.petNames ? clip(b.petNames, 400) : "pets not recorded";
  const count = b.numberOfPets && b.numberOfPets > 1 ? ` (${b.numberOfPets})` : "";
  const owner = b.customerName ? clip(b.customerName, 200) : "owner not recorded";
  const first = `*${time}*  *${pets}*${count} · ${owner}`;
  const details = [
    b.roomName ? clip(b.roomName, 100) : "no room",
    clip(statusWords(b.status), 60),
    kind === "departures" ? paidWords(b, true) : paidWords(b),
    b.reference ? `\`${clip(b.reference, 100)}\`` : undefined,
  ].filter(Boolean);
  const care =
    entry.pets === null
      ? "❔ care details could not be loaded"
      : entry.pets
        ? careLine(combinedFlags(entry.pets))
        : "";
  return [first, details.join(" · "), care].filter(Boolean).join("\n");
}

export interface DaySummary {
  bookings: number;
  pets: number;
  unpaid: number;
  /** Bookings with medication, among those whose pets were looked up. */
  withMedication: number;
  /** Whether every booking's pets were looked up (else withMedication counts only some). */
  medicationKnownForAll: boolean;
}

export function summarise(entries: DayEntry[]): DaySummary {
  return {
    bookings: entries.length,
    pets: entries.reduce((s, e) => s + (e.booking.numberOfPets ?? e.pets?.length ?? 0), 0),
    unpaid: entries.filter((e) => isUnpaid(e.booking)).length,
    withMedication: entries.filter((e) => (e.pets ?? []).some((p) => careFlags(p).medications > 0)).length,
    medicationKnownForAll: entries.every((e) => Array.isArray(e.pets)),
  };
}

export function summaryLine(kind: DayKind, s: DaySummary): string {
  const parts = [plural(s.bookings, "booking"), plural(s.pets, "pet")];
  if (s.unpaid) parts.push(kind === "departures" ? `⚠️ *${s.unpaid} unpaid*` : `${s.unpaid} unpaid`);
  if (s.withMedication) {
    const what = kind === "departures" ? "with medication to hand back" : "with medication";
    parts.push(`💊 ${s.withMedication} ${what}${s.medicationKnownForAll ? "" : " on this page"}`);
  }
  return parts.join(" · ");
}

export function dayTitle(kind: DayKind, date: string, count: number): string {
  return `${TITLES[kind]} — ${dayHeading(date)} (${count})`;
}

/** The paging state a button carries (the state travels in the button, not in memory). */
export interface DayPageState {
  k: DayKind;
  d: string;
  p: number;
}

export function dayListMessage(input: DayListInput): Message {
  const entries = sortEntries(input.kind, input.entries);
  const total = entries.length;
  const pages = Math.max(1, Math.ceil(total / DAY_PAGE_SIZE));
  const page = Math.min(Math.max(1, input.page), pages);
  const title = dayTitle(input.kind, input.date, total);
  const blocks: Block[] = [header(title)];
  if (total === 0) {
    const none = input.kind === "arrivals" ? "No arrivals on this day." : "No departures on this day.";
    const off = input.calledOff ? ` (${input.calledOff} cancelled or no-show.)` : "";
    blocks.push(section(`${none}${off}`));
    return { text: fallback(`${title}: none`), blocks };
  }
  const from = (page - 1) * DAY_PAGE_SIZE;
  const shown = entries.slice(from, from + DAY_PAGE_SIZE);
  const pageWords = pages > 1 ? ` · showing ${from + 1}–${from + shown.length} of ${total}` : "";
  const offWords = input.calledOff ? ` · ${input.calledOff} cancelled or no-show not listed` : "";
  blocks.push(context(`${summaryLine(input.kind, summarise(entries))}${offWords}${pageWords}`));
  for (const entry of shown) blocks.push(section(entryText(input.kind, entry, input.timezone)));
  if (pages > 1) {
    const buttons = [];
    if (page > 1)
      buttons.push(
        button("◀ Previous", "day_page_prev", JSON.stringify({ k: input.kind, d: input.date, p: page - 1 })),
      );
    if (page < pages)
      buttons.push(
        button(
          `Next ▶ (page ${page + 1} of ${pages})`,
          "day_page_next",
          JSON.stringify({ k: input.kind, d: input.date, p: page + 1 }),
        ),
      );
    blocks.push({ type: "actions", elements: buttons });
  }
  const foot = [
    input.careProblem ? `❔ ${esc(input.careProblem)}` : undefined,
    input.requestId ? `request id ${esc(input.requestId)}` : undefined,
  ].filter(Boolean) as string[];
  if (foot.length) blocks.push(context(foot.join(" · ")));
  return {
    text: fallback(`${title}: ${summaryLine(input.kind, summarise(entries)).replace(/[*]/g, "")}`),
    blocks,
  };
}
