/**
 * Arrivals and departures as terminal text: the title and summary of the shared words, then one
 * entry per booking (time, pets, owner, type; room, status, money, reference; each pet's care).
 * Departures carry the going-home check: money loud, medication to hand back by name, grooming notes.
 */
import type { DayReport } from "../answers/day.ts";
import { bookingTypeText, statusText } from "../domain/bookings.ts";
import { type DayEntry, type DayKind, ENTRY_CAPS, whenOf } from "../domain/day.ts";
import { timeOf } from "../words/dates.ts";
import { dayTitle, noneWords, pagePlace, summaryParts } from "../words/day.ts";
import { paymentWords } from "../words/money.ts";
import { careWarningText, entryCareLines } from "./care.ts";
import { rawText } from "./kennel.ts";
import type { TextOptions } from "./options.ts";
import { staySummaryText } from "./stay.ts";
import { bold, cyan, foot, one, paragraphs, red, requestIdWords, summary, title } from "./style.ts";

const INDENT = "       ";

/** "confirmed", or the unknown status as the API wrote it, marked. */
function statusOf(entry: Pick<DayEntry, "booking" | "standing">): string {
  const words = one(statusText(entry.booking.status), ENTRY_CAPS.status) || "status not recorded";
  return entry.standing === "unknown_status" ? `status “${words}” (not one Kennel Desk knows)` : words;
}

export function referenceOf(b: DayEntry["booking"]): string {
  return b.reference ? one(b.reference, ENTRY_CAPS.reference) : `booking id ${b.bookingId ?? "not recorded"}`;
}

function entryText(kind: DayKind, e: DayEntry, o: TextOptions): string {
  const b = e.booking;
  const c = ENTRY_CAPS;
  const time = timeOf(whenOf(kind, b), o.timezone) || "--:--";
  const pets = b.petNames ? one(b.petNames, c.pets) : "pets not recorded";
  const count = b.numberOfPets && b.numberOfPets > 1 ? ` (${b.numberOfPets})` : "";
  const owner = b.customerName ? one(b.customerName, c.owner) : "owner not recorded";
  const type = one(bookingTypeText(b), 40);
  const first = `${bold(o, time)}  ${bold(o, pets)}${count} · ${owner}${type ? ` · ${type}` : ""}`;
  const departing = kind === "departures";
  const money = paymentWords(e.payment, departing);
  const details = [
    b.roomName ? one(b.roomName, c.room) : "no room",
    statusOf(e),
    departing && e.payment !== "paid" ? red(o, money) : money,
    cyan(o, referenceOf(b)),
  ].join(" · ");
  const care = departing ? goingHomeLines(e, o) : entryCareLines(o, e.care);
  return [first, ...[details, ...care].map((l) => `${INDENT}${l}`)].join("\n");
}

/** Departures: medication to hand back by name and pet, grooming notes, then the care warning. */
function goingHomeLines(e: DayEntry, o: TextOptions): string[] {
  const care = e.care;
  if (!care) return [];
  const lines: string[] = [];
  const meds = care.pets.flatMap((p) =>
    p.care.medications.map((m) => `${one(m.name, 40)} (${one(p.flags.name, 40)})`),
  );
  if (meds.length) lines.push(`💊 hand back: ${meds.join(", ")}`);
  for (const p of care.pets) {
    if (p.care.groomingNotes) lines.push(`✂️ ${one(p.flags.name, 40)}: ${one(p.care.groomingNotes, 200)}`);
  }
  const warning = careWarningText(o, care);
  if (warning) lines.push(warning);
  lines.push(...staySummaryText(e.stay, o.timezone));
  return lines;
}

export function dayText(r: DayReport, o: TextOptions): string {
  const head = title(o, dayTitle(r.kind, r.date, r.totals.bookings));
  const parts = summaryParts(r.kind, r.totals);
  if (r.raw !== undefined) return paragraphs([head, summary(o, parts), rawText(r.raw, o)]);
  if (r.totals.bookings === 0) {
    const off = parts.slice(2).map((p) => p.text);
    return paragraphs([head, `${noneWords(r.kind)}${off.length ? ` (${off.join("; ")}.)` : ""}`]);
  }
  const page = pagePlace({ ...r, shown: r.entries.length, total: r.totals.bookings });
  return paragraphs([
    head,
    [summary(o, parts), page].filter(Boolean).join(" · "),
    ...r.entries.map((e) => entryText(r.kind, e, o)),
    foot(o, [r.careProblem ? `❔ ${one(r.careProblem, 600)}` : undefined, requestIdWords(r.requestId)]),
  ]);
}
