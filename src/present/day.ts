/**
 * /arrivals and /departures (and the 07:00 post) as one document: the title and the whole day's
 * summary, then one item per booking: time, pets, owner, type; room, status, money, reference; each
 * pet's care. Departures carry the going-home check instead of the flags: the care warning first,
 * money loud, notes that carry danger, medication to hand back by name and pet, grooming notes, the
 * stay's record.
 * Channel-safe: no phone, email or address ever appears here.
 */
import type { DayReport } from "../answers/day.ts";
import { bookingTypeText, petCountText, statusText } from "../domain/bookings.ts";
import type { Medication } from "../domain/care.ts";
import type { MedicineCustody } from "../domain/custody.ts";
import { type DayEntry, type DayKind, ENTRY_CAPS, whenOf } from "../domain/day.ts";
import { kennelStock } from "../domain/drug-names.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import type { StayRecordView } from "../domain/stay.ts";
import { balanceWords } from "../words/custody.ts";
import { timeOf } from "../words/dates.ts";
import {
  dayTitle,
  goingHomeGroomingWords,
  handBackWords,
  kennelStockWords,
  noneWords,
  onlyWords,
  pagePlace,
  STATUS_NOT_RECORDED,
  summaryParts,
  unknownStatusWords,
} from "../words/day.ts";
import { paymentWords } from "../words/money.ts";
import { careWarningLine, dangerNoteLines, entryCareLines, hazardLines } from "./care.ts";
import {
  type ActionOf,
  type Doc,
  dotted,
  em,
  type Line,
  line,
  lineText,
  type PageAction,
  type Part,
  prose,
  requestIdSpan,
  strong,
  toned,
  valueWithin,
  whole,
} from "./doc.ts";
import { notGiven, notReadFoot } from "./not-read.ts";
import { pageActions, referenceSpan, summaryLine } from "./parts.ts";
import { hasStayRecord, staySummaryDocLines } from "./stay.ts";

export interface DayDocOptions {
  timezone: string;
  /** The Previous and Next buttons' action (Slack); without it, no buttons. */
  pageAction?: PageAction;
  /** An entry's "Stay record" button (Slack), when its stay has a record to open. */
  stayAction?: ActionOf<StayRecordView>;
  /**
   * The API's request id in the foot: the morning post's (the day's record of what was read), never
   * a list asked for in the channel, whose foot says only its problems (each with its request id).
   */
  requestId?: boolean;
}

/** Grooming notes on the going-home check: free prose, shortened past this with where to read it all. */
const GROOMING_MAX = 200;

/**
 * Departures: the care warning first (the line never to lose), then the notes that carry danger,
 * a fast and the allergies (the owner is told before a meal at home), the medication to hand back,
 * one line per pet, each whole; grooming notes (shortened at a word boundary, the booking has them
 * all), the stay's record.
 */
function goingHomeLines(e: ChannelSafe<DayEntry>, timezone: string): Line[] {
  const out: Line[] = [];
  const care = e.care;
  if (care) {
    const warning = careWarningLine(care);
    if (warning) out.push(warning);
    // Notes that carry danger ("AGGRESSIVE with other dogs") matter at the handover too.
    for (const p of care.pets) out.push(...dangerNoteLines(p), ...hazardLines(p));
    for (const p of care.pets) {
      const pet = whole(p.flags.name);
      const theirs = handBackNames(
        p.care.medications.filter((m) => !kennelStock(m)),
        (e.held ?? []).filter((m) => m.first.petId === p.flags.petId),
      );
      // Every name, whole: no medication to hand back is ever left off the line.
      if (theirs.length) out.push(line(toned("warn", handBackWords(theirs, pet))));
      // The kennel's own stock (its words say so) is not the owner's to take: said apart, never hidden.
      const kennel = p.care.medications.filter(kennelStock).map((m) => whole(m.name));
      if (kennel.length) out.push(line(kennelStockWords(kennel, pet)));
    }
    const where = `/booking ${e.booking.reference ?? e.booking.bookingId ?? ""}`.trim();
    for (const p of care.pets)
      if (p.care.groomingNotes)
        out.push(
          line(goingHomeGroomingWords(whole(p.flags.name), prose(p.care.groomingNotes, GROOMING_MAX, where))),
        );
  }
  out.push(...staySummaryDocLines(e.stay, timezone));
  return out;
}

/** A name as compared with a label: its letters and digits, lower case ("Metronidazole 200mg"). */
const bare = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");

/**
 * The medications to hand back, each whole, a medicine held in custody with its balance as the
 * departures post's thread says it ("Metronidazole 200 mg: ≈ 8 tablets left"): the kennel system's
 * names in its order, each with the medicine held that was counted in for its slot (else whose label
 * it names); a medicine held that none matches is said too, by its label. Never one left off.
 */
function handBackNames(medications: Medication[], held: MedicineCustody[]): string[] {
  const left = [...held];
  const out = medications.map(({ n, name }) => {
    const named = (m: MedicineCustody) => {
      const [a, b] = [bare(name), bare(m.first.label)];
      return a !== "" && b !== "" && (a.startsWith(b) || b.startsWith(a));
    };
    const bySlot = left.findIndex((m) => m.first.item === `med:${n}`);
    const i = bySlot >= 0 ? bySlot : left.findIndex(named);
    if (i < 0) return whole(name);
    const [m] = left.splice(i, 1) as [MedicineCustody];
    return `${whole(name)}: ${balanceWords(m.balance, m.unit, m.lines)}`;
  });
  return [...out, ...left.map((m) => `${whole(m.first.label)}: ${balanceWords(m.balance, m.unit, m.lines)}`)];
}

function entryPart(kind: DayKind, e: ChannelSafe<DayEntry>, o: DayDocOptions): Part {
  const b = e.booking;
  const c = ENTRY_CAPS;
  const count = petCountText(b);
  const type = valueWithin(bookingTypeText(b), 40) || notGiven(b, "bookingType", "type", "");
  const time = kind === "arrivals" ? "checkInDate" : "checkOutDate";
  const first = dotted(
    line(
      strong(timeOf(whenOf(kind, b), o.timezone) || notGiven(b, time, "time", "--:--")),
      "  ",
      strong(b.petNames ? whole(b.petNames) : notGiven(b, "petNames", "pets", "pets not recorded")),
      count,
    ),
    b.customerName ? whole(b.customerName) : notGiven(b, "customerName", "owner", "owner not recorded"),
    type && em(type),
  );
  const departing = kind === "departures";
  const money = paymentWords(e.payment, departing);
  const status =
    valueWithin(statusText(b.status), c.status) || notGiven(b, "status", "status", STATUS_NOT_RECORDED);
  const details = dotted(
    b.roomName ? whole(b.roomName) : notGiven(b, "roomName", "room", "no room"),
    // A status Kennel Desk does not know ("pending deposit") is shown as the API wrote it, marked.
    e.standing === "unknown_status" ? toned("warn", unknownStatusWords(status)) : status,
    departing && e.payment !== "paid" ? strong(money, "alert") : money,
    referenceSpan(b),
  );
  const care = departing ? goingHomeLines(e, o.timezone) : entryCareLines(e.care);
  const stay = hasStayRecord(e.stay) ? o.stayAction?.(e.stay) : undefined;
  return { kind: "item", lines: [first, details, ...care], action: stay && { text: "Stay record", ...stay } };
}

/** The day as a document: one item per entry of the page, in the day's order. */
export function dayDoc(r: ChannelSafe<DayReport>, o: DayDocOptions): Doc {
  const title = dayTitle(r.kind, r.date, r.totals.bookings, r.only);
  const parts = summaryParts(r.kind, r.totals);
  if (r.totals.bookings === 0) {
    const off = parts.slice(2).map((p) => p.text);
    return {
      fallback: `${title}: none`,
      parts: [
        { kind: "title", text: title },
        {
          kind: "text",
          lines: [line(`${noneWords(r.kind, r.only)}${off.length ? ` (${off.join("; ")}.)` : ""}`)],
        },
      ],
    };
  }
  const place = pagePlace({ ...r, shown: r.entries.length, total: r.totals.bookings });
  const out: Part[] = [
    { kind: "title", text: title },
    // A narrowed list says so first: it is not the whole day's going-home check.
    ...(r.only ? [{ kind: "text" as const, lines: [line(onlyWords(r.only, r.totals.bookings))] }] : []),
    { kind: "summary", lines: [summaryLine(parts, place)] },
    ...r.entries.map((e) => entryPart(r.kind, e, o)),
  ];
  if (o.pageAction) out.push(pageActions(r, o.pageAction));
  const foot = dotted(
    r.careProblem && `❔ ${whole(r.careProblem)}`,
    o.requestId && requestIdSpan(r.requestId),
  );
  const unread = notReadFoot(r.entries.map((e) => e.booking));
  if (foot.length || unread.length)
    out.push({ kind: "note", lines: [...unread, ...(foot.length ? [foot] : [])] });
  return { fallback: `${title}: ${lineText(summaryLine(parts))}`, parts: out };
}
