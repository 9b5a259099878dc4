/**
 * /arrivals and /departures (and the 07:00 post) as one document: the title and the whole day's
 * summary, then one item per booking: time, pets, owner, type; room, status, money, reference; each
 * pet's care. Departures carry the going-home check instead of the flags: the care warning first,
 * money loud, medication to hand back by name and pet, grooming notes, the stay's record.
 * Channel-safe: no phone, email or address ever appears here.
 */
import type { DayReport } from "../answers/day.ts";
import { bookingTypeText, statusText } from "../domain/bookings.ts";
import { type DayEntry, type DayKind, ENTRY_CAPS, whenOf } from "../domain/day.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import type { StayRecordView } from "../domain/stay.ts";
import { timeOf } from "../words/dates.ts";
import {
  dayTitle,
  goingHomeGroomingWords,
  handBackWords,
  noneWords,
  pagePlace,
  STATUS_NOT_RECORDED,
  type SummaryPart,
  summaryParts,
  unknownStatusWords,
} from "../words/day.ts";
import { paymentWords } from "../words/money.ts";
import { staySummaryWords } from "../words/stay.ts";
import { careWarningLine, entryCareLines } from "./care.ts";
import {
  type Action,
  type Doc,
  dotted,
  em,
  type Line,
  line,
  lineText,
  type Part,
  requestIdSpan,
  strong,
  toned,
  value,
} from "./doc.ts";
import { pageActions, referenceSpan } from "./parts.ts";

export interface DayDocOptions {
  timezone: string;
  /** The Previous and Next buttons' action (Slack); without it, no buttons. */
  pageAction?: (page: number, direction: "prev" | "next") => Omit<Action, "text">;
}

/** A value's length once Slack's three characters are escaped (`&` → `&amp;`, `<` → `&lt;`). */
const escapedLength = (t: string): number =>
  t.length + 4 * (t.split("&").length - 1) + 3 * (t.match(/[<>]/g)?.length ?? 0);

/**
 * An API value (`value`), cut so that it keeps within `max` characters even escaped for Slack: a
 * name full of `&` and `<` takes no more of the entry than the day's paging allowed for it, so the
 * last guard on the message's size never has to cut an entry's reference or care away.
 */
function cut(v: unknown, max: number): string {
  let text = value(v, max);
  for (let n = max; escapedLength(text) > max && n > 1; ) {
    n = Math.max(1, Math.floor((n * max) / escapedLength(text)) - 1);
    text = value(v, n);
  }
  return text;
}

/** The summary's parts on one line: the going-home check's counts (money to take) stand out. */
function daySummaryLine(parts: SummaryPart[], place?: string): Line {
  return dotted(...parts.map((p) => (p.loud ? strong(p.text, "alert") : p.text)), place);
}

/** The stay record's lines share this much of an entry's room, so many pets never push it out. */
const STAY_ROOM = 2400;

/** One line per pet ("📋 Stay record, Juniper: …"), or why the record could not be read. */
function stayLines(stay: StayRecordView | undefined, timezone: string): Line[] {
  if (!stay) return [];
  if (stay.problem) return [line(toned("alert", `📋 ❔ ${cut(stay.problem, 600)}`))];
  const each = Math.max(200, Math.min(600, Math.floor(STAY_ROOM / Math.max(1, stay.pets.length))));
  return stay.pets.map((p) => line(`📋 ${cut(staySummaryWords(p, timezone), each)}`));
}

/**
 * Departures: the care warning first (the line never to lose), then the medication to hand back,
 * one line per pet so one pet's list never cuts off another's, grooming notes, the stay's record.
 */
function goingHomeLines(e: ChannelSafe<DayEntry>, timezone: string): Line[] {
  const out: Line[] = [];
  const care = e.care;
  if (care) {
    const warning = careWarningLine(care);
    if (warning) out.push(warning);
    for (const p of care.pets) {
      const meds = p.care.medications.map((m) => cut(m.name, 60));
      // Every name, each cut to its room: no medication to hand back is ever left off the line.
      if (meds.length) out.push(line(toned("warn", handBackWords(meds, cut(p.flags.name, 40)))));
    }
    for (const p of care.pets)
      if (p.care.groomingNotes)
        out.push(line(goingHomeGroomingWords(cut(p.flags.name, 40), cut(p.care.groomingNotes, 200))));
  }
  out.push(...stayLines(e.stay, timezone));
  return out;
}

function entryPart(kind: DayKind, e: ChannelSafe<DayEntry>, key: string, o: DayDocOptions): Part {
  const b = e.booking;
  const c = ENTRY_CAPS;
  const count = b.numberOfPets && b.numberOfPets > 1 ? ` (${b.numberOfPets})` : "";
  const type = cut(bookingTypeText(b), 40);
  const first = dotted(
    line(
      strong(timeOf(whenOf(kind, b), o.timezone) || "--:--"),
      "  ",
      strong(b.petNames ? cut(b.petNames, c.pets) : "pets not recorded"),
      count,
    ),
    b.customerName ? cut(b.customerName, c.owner) : "owner not recorded",
    type && em(type),
  );
  const departing = kind === "departures";
  const money = paymentWords(e.payment, departing);
  const status = cut(statusText(b.status), c.status) || STATUS_NOT_RECORDED;
  const details = dotted(
    b.roomName ? cut(b.roomName, c.room) : "no room",
    // A status Kennel Desk does not know ("pending deposit") is shown as the API wrote it, marked.
    e.standing === "unknown_status" ? toned("warn", unknownStatusWords(status)) : status,
    departing && e.payment !== "paid" ? strong(money, "alert") : money,
    referenceSpan(b),
  );
  const care = departing ? goingHomeLines(e, o.timezone) : entryCareLines(e.care);
  return { kind: "item", lines: [first, details, ...care], key };
}

/**
 * The day as a document. Each item's `key` is its entry's position in `r.entries`, for the
 * surface that adds to it (Slack's "Stay record" button).
 */
export function dayDoc(r: ChannelSafe<DayReport>, o: DayDocOptions): Doc {
  const title = dayTitle(r.kind, r.date, r.totals.bookings);
  const parts = summaryParts(r.kind, r.totals);
  if (r.totals.bookings === 0) {
    const off = parts.slice(2).map((p) => p.text);
    return {
      fallback: `${title}: none`,
      parts: [
        { kind: "title", text: title },
        { kind: "text", lines: [line(`${noneWords(r.kind)}${off.length ? ` (${off.join("; ")}.)` : ""}`)] },
      ],
    };
  }
  const place = pagePlace({ ...r, shown: r.entries.length, total: r.totals.bookings });
  const out: Part[] = [
    { kind: "title", text: title },
    { kind: "summary", lines: [daySummaryLine(parts, place)] },
    ...r.entries.map((e, i) => entryPart(r.kind, e, String(i), o)),
  ];
  if (o.pageAction) out.push(pageActions(r, o.pageAction));
  const foot = dotted(r.careProblem && `❔ ${value(r.careProblem, 600)}`, requestIdSpan(r.requestId));
  if (foot.length) out.push({ kind: "note", lines: [foot] });
  return { fallback: `${title}: ${lineText(daySummaryLine(parts))}`, parts: out };
}
