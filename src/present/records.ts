/**
 * /booking, /pet and a list of pets as documents: one booking (dates, status, money, owner with
 * contacts, each pet's care summary, the stay's record), one pet's card, and a page of pets that
 * tells same-named pets apart. Only the asker sees them, so contacts are allowed here.
 */
import type { BookingView } from "../answers/records.ts";
import { bookingTypeText, paymentOf, petCountText, standingOf, statusText } from "../domain/bookings.ts";
import { type CareFacts, hasAnyDiet } from "../domain/care.ts";
import type { PetCare } from "../domain/day.ts";
import { dangerNotes } from "../domain/notes.ts";
import type { StayRecordView } from "../domain/stay.ts";
import type { Booking } from "../kennel/schemas.ts";
import {
  allergyInNotesWords,
  COULD_NOT_BE_READ,
  evaluationWords,
  fastingWhenWords,
  listedTwiceWords,
  medicationRow,
  noteWords,
  speciesEmoji,
  unreadableWords,
} from "../words/care.ts";
import { unbrokenPhone } from "../words/customer.ts";
import { dateTimeOf, dayOf } from "../words/dates.ts";
import { unknownStatusWords } from "../words/day.ts";
import { paymentWords } from "../words/money.ts";
import { careWarningLine } from "./care.ts";
import type { Action, ActionOf, Doc, Line, Part } from "./doc.ts";
import { dotted, line, lineText, strong, toned, value, whole } from "./doc.ts";
import { notGiven, notReadFoot } from "./not-read.ts";
import { andMoreWords, textParts } from "./parts.ts";
import { type PlanView, planCardLine } from "./plan.ts";
import { hasStayRecord, staySummaryDocLines } from "./stay.ts";

const partChars = (ls: Line[]) => ls.reduce((n, l) => n + lineText(l).length + 1, 0);

// --- the care summary ----------------------------------------------------------------------------

/** "complete (Mon 3 Nov) · calm with other dogs": the notes whole (care words, never cut). */
export function evaluationLine(care: CareFacts, timezone: string, thisYear: string): Line {
  return dotted(
    `${evaluationWords(care.evaluation)}${care.evaluationDate ? ` (${dayOf(care.evaluationDate, timezone, thisYear)})` : ""}`,
    care.evaluationNotes && whole(care.evaluationNotes),
  );
}

/** "⚠️ Allergies: chicken": a label, then what is recorded. */
export const labelled = (symbol: string, label: string, rest: Line): Line => [
  { text: `${symbol} ` },
  strong(label),
  { text: ": " },
  ...rest,
];

/**
 * A pet's care in full, the one summary of the booking and the pet cards: what changes today first
 * (fasting, care that could not be read, an allergy in the medical notes, a drug listed twice, the
 * notes that carry danger, each lifted to a ⚠️ line), then the diet by round, each medication with
 * its own midday and evening instructions (every dose, each part of a row cut on its own so no part
 * pushes another out), allergies, medical and grooming notes, and the notes (with the evaluation's
 * notes on the booking card, where no evaluation field shows them).
 */
export function careSummaryLines(care: CareFacts, o: { evaluationNotes?: boolean } = {}): Line[] {
  const out: Line[] = [];
  const unread = (what: RegExp) => care.unreadable.some((u) => what.test(u));
  const danger = dangerNotes(care.careNotes ?? [], care.allergyInNotes);
  const lifted = (field: string) => danger.some((n) => n.field === field);
  const when = fastingWhenWords(care.fastingTimes);
  if (care.fasting)
    out.push(labelled("🚫", `Fasting${when ? ` ${when}` : ""}`, [toned("alert", whole(care.fasting))]));
  // Allergies not read are said once, at their own field below ("⚠️ Allergies: could not be read").
  const unsaid = care.unreadable.filter((u) => care.allergies || u !== "allergies");
  if (unsaid.length) out.push([toned("alert", `❔ ${whole(unreadableWords(unsaid))}`)]);
  if (care.allergyInNotes) out.push([toned("warn", `🩺 ${whole(allergyInNotesWords(care.allergyInNotes))}`)]);
  for (const name of care.listedTwice) out.push([toned("warn", `💊 ${whole(listedTwiceWords(name))}`)]);
  for (const n of danger) out.push([toned("alert", `⚠️ ${whole(noteWords(n))}`)]);
  const d = care.diet;
  out.push([{ text: "🍽 " }, strong("Diet")]);
  if (!hasAnyDiet(d)) out.push(line("No diet recorded."));
  for (const [label, text] of [
    ["General", d.general],
    ["Morning", d.morning],
    ["Midday", d.midday],
    ["Evening", d.evening],
  ] as const)
    if (text) out.push(line(strong(label), `: ${whole(text)}`));
  if (care.medications.length) {
    out.push([
      { text: "💊 " },
      strong("Medication"),
      { text: " (instruction · midday · evening, as recorded)" },
    ]);
    for (const m of care.medications) {
      out.push([toned("warn", `${m.n}. ${whole(medicationRow(m))}`)]);
    }
  } else
    out.push(
      labelled("💊", "Medication", [
        unread(/medication|its care/) ? toned("alert", COULD_NOT_BE_READ) : { text: "none recorded" },
      ]),
    );
  out.push(
    labelled("⚠️", "Allergies", [
      care.allergies
        ? toned("warn", whole(care.allergies))
        : unread(/allergies|its care/)
          ? toned("alert", COULD_NOT_BE_READ)
          : { text: "none recorded" },
    ]),
  );
  // A note lifted to a ⚠️ line above is not said twice.
  if (care.medicalNotes && !lifted("medical notes"))
    out.push(labelled("🩺", "Medical notes", [{ text: whole(care.medicalNotes) }]));
  if (care.groomingNotes) out.push(labelled("✂️", "Grooming notes", [{ text: whole(care.groomingNotes) }]));
  if (care.notes && !lifted("notes")) out.push(labelled("📝", "Notes", [{ text: whole(care.notes) }]));
  if (o.evaluationNotes && care.evaluationNotes && !lifted("evaluation notes"))
    out.push(labelled("📝", "Evaluation notes", [{ text: whole(care.evaluationNotes) }]));
  return out;
}

// --- a booking -----------------------------------------------------------------------------------

export interface BookingDocOptions {
  timezone: string;
  thisYear: string;
  /**
   * Most pets drawn, and most characters of their care (a card in a few messages: the asker's
   * answers are few): a pet past either is counted, with where to see it, never cut.
   */
  maxPets?: number;
  maxChars?: number;
  /** Slack's buttons: the owner's card, each pet's card, the stay's record, each pet's care plan. */
  ownerAction?: ActionOf<number>;
  planAction?: ActionOf<PlanView>;
  petAction?: ActionOf<number>;
  stayAction?: ActionOf<StayRecordView>;
  /** Each pet's medicines in custody (issue 49): "💊 Medicines in…". */
  medicinesAction?: (bookingId: number, petId: number) => Omit<Action, "text"> | undefined;
}

/** "confirmed", or a status Kennel Desk does not know, as the API wrote it, marked; `missing` when none. */
export function statusWords(b: BookingView["booking"], missing = "not recorded"): string {
  const words = value(statusText(b.status), 60) || missing;
  return standingOf(b) === "unknown_status" ? unknownStatusWords(words) : words;
}

function bookingTitle(b: BookingView["booking"]): string {
  return `Booking ${b.reference ? value(b.reference, 100) : b.bookingId !== undefined ? `#${b.bookingId}` : ""}`.trim();
}

/** The booking's fields: status, type, dates, room, money, pets, owner (with contacts: the asker's own reply) and id. */
function bookingFields(v: BookingView, o: BookingDocOptions): Array<{ label: string; value: Line }> {
  const b = v.booking as Booking;
  const payment = paymentOf(b);
  const money = paymentWords(payment, true);
  const when = (field: "checkInDate" | "checkOutDate") =>
    line(
      b[field]
        ? dateTimeOf(b[field], o.timezone, o.thisYear)
        : notGiven(b, field, "date", dateTimeOf(undefined, o.timezone)),
    );
  const type = bookingTypeText(b);
  const missing = (field: string, what: string) => notGiven(b, field, what, "not recorded");
  const contacts = dotted(
    b.customerPhone && `📞 ${unbrokenPhone(value(b.customerPhone, 100))}`,
    b.customerEmail && `✉️ ${value(b.customerEmail, 200)}`,
  );
  return [
    { label: "Status", value: line(statusWords(b, missing("status", "status"))) },
    { label: "Type", value: line(type ? value(type, 60) : missing("bookingType", "type")) },
    { label: "Check-in", value: when("checkInDate") },
    { label: "Check-out", value: when("checkOutDate") },
    {
      label: "Room",
      value: line(
        b.roomName
          ? whole(b.roomName)
          : v.full
            ? notGiven(b, "roomName", "room", "not assigned")
            : "not known (only the short booking could be read)",
      ),
    },
    {
      label: "Money",
      value: [toned(payment === "paid" || payment === "unknown" ? undefined : "alert", money)],
    },
    {
      label: "Pets",
      value: line(`${b.petNames ? whole(b.petNames) : missing("petNames", "pets")}${petCountText(b, 1)}`),
    },
    {
      label: "Owner",
      value: dotted(
        `${b.customerName ? whole(b.customerName) : missing("customerName", "owner")}${b.customerId !== undefined ? ` (customer id ${b.customerId})` : ""}`,
        contacts,
      ),
    },
    { label: "Booking id", value: [toned("accent", String(b.bookingId ?? "not recorded"))] },
  ];
}

/** What is wrong with the booking's care: its warning, and why it could not be loaded. */
function careProblemLines(v: BookingView): Line[] {
  const warning = careWarningLine(v.care, { onBooking: { customerId: v.booking.customerId } });
  return [
    ...(warning ? [warning] : []),
    ...(v.careProblem ? [[toned("alert", `❔ ${whole(v.careProblem)}`)]] : []),
  ];
}

export function bookingDoc(v: BookingView, o: BookingDocOptions): Doc {
  const b = v.booking as Booking;
  const title = bookingTitle(b);
  const parts: Part[] = [
    { kind: "title", text: title },
    { kind: "fields", fields: bookingFields(v, o) },
  ];
  // Each button beside what it opens: the owner's card under the owner, each pet's under its care.
  const button = (text: string, a: Omit<Action, "text"> | undefined) => {
    if (a) parts.push({ kind: "actions", actions: [{ text, ...a }] });
  };
  button("Customer details", b.customerId !== undefined ? o.ownerAction?.(b.customerId) : undefined);
  const pets: PetCare[] = [];
  let used = 0;
  for (const p of v.care.pets.slice(0, o.maxPets)) {
    const head = dotted(
      line(`${speciesEmoji(p.pet)} `, strong(whole(p.flags.name))),
      p.pet.breed && value(p.pet.breed, 100),
      p.pet.petId !== undefined && toned("muted", `pet id ${p.pet.petId}`),
    );
    const evaluation =
      p.care.evaluation === "not_complete"
        ? [labelled("🆕", "Evaluation", evaluationLine(p.care, o.timezone, o.thisYear))]
        : [];
    // The pet's line first, its care beneath (the terminal indents it); a long summary goes on in
    // further parts, whole lines each, so no section is cut.
    const [first, ...rest] = textParts([
      head,
      ...careSummaryLines(p.care, { evaluationNotes: evaluation.length === 0 }),
      ...evaluation,
    ]);
    if (first?.kind !== "text") continue;
    const chars = [first, ...rest].reduce((n, x) => n + (x.kind === "text" ? partChars(x.lines) : 0), 0);
    const kept = v.plans?.find((x) => x.plan.petId === p.pet.petId);
    const plan: PlanView | undefined = kept && { ...kept, versionId: kept.id };
    if (o.maxChars !== undefined && pets.length > 0 && used + chars > o.maxChars) break;
    used += chars;
    pets.push(p);
    parts.push({ kind: "item", lines: first.lines }, ...rest);
    button(
      `Care summary: ${p.flags.name}`,
      p.pet.petId !== undefined ? o.petAction?.(p.pet.petId) : undefined,
    );
    // Its care plan kept for the stay (issue 34): its state in a line, the plan's form behind a button.
    if (plan) {
      parts.push({ kind: "text", lines: [planCardLine(plan, o.timezone)] });
      button(`📋 Care plan: ${p.flags.name}`, o.planAction?.(plan));
      button(`💊 Medicines: ${p.flags.name}`, o.medicinesAction?.(plan.plan.bookingId, plan.plan.petId));
    }
  }
  const more = v.care.pets.length - pets.length;
  if (more > 0) parts.push({ kind: "text", lines: [line(andMoreWords(more, "pet", "each with /pet"))] });
  const problems = [...notReadFoot([b]), ...careProblemLines(v)];
  if (problems.length) parts.push({ kind: "text", lines: problems });
  parts.push(...textParts(staySummaryDocLines(v.stay, o.timezone)));
  button("Stay record", hasStayRecord(v.stay) ? o.stayAction?.(v.stay) : undefined);
  return { fallback: [title, b.petNames, b.customerName].filter(Boolean).join(" · "), parts };
}

// --- a pet ---------------------------------------------------------------------------------------
