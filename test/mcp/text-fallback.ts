/**
 * TEST SETUP ONLY: a tiny stand-in for the plain-text renderers (src/text/), used only for the
 * names src/text/index.ts does not export yet, so the connector's tests run before the renderers
 * land. `withTextFallback` keeps every real renderer: once src/text exports a name, the real one
 * is what the tests see.
 */
import type { DayReport } from "../../src/answers/day.ts";
import type { Failure } from "../../src/answers/failure.ts";
import type { StatusAnswer } from "../../src/answers/kennel.ts";
import type {
  BookingsPage,
  BookingView,
  CustomerSearch,
  CustomerView,
  PetSearch,
  PetView,
} from "../../src/answers/records.ts";
import { paymentOf } from "../../src/domain/bookings.ts";
import type { Booking } from "../../src/kennel/schemas.ts";
import type { TextOptions } from "../../src/text/index.ts";
import { CARE_NOT_MATCHED, flagWords, medicationRow } from "../../src/words/care.ts";
import { dayTitle, summaryParts } from "../../src/words/day.ts";
import { paymentWords } from "../../src/words/money.ts";

const line = (b: Booking) =>
  `${b.reference ?? ""} (id ${b.bookingId}) · ${b.bookingType ?? ""} · ${b.status ?? ""} · ${b.petNames ?? ""} · ${b.customerName ?? ""} · ${paymentWords(paymentOf(b))}`;

export const fallbackText = {
  dayText: (r: DayReport, _o: TextOptions) =>
    [
      dayTitle(r.kind, r.date, r.totals.bookings),
      summaryParts(r.kind, r.totals)
        .map((p) => p.text)
        .join(" · "),
      ...r.entries.map((e) =>
        [
          `- ${line(e.booking)}`,
          ...(e.care?.pets ?? []).map(
            (p) =>
              `  ${p.flags.name}: ${flagWords(p.flags)
                .map((f) => f.text)
                .join("; ")}`,
          ),
          e.care?.status === "not_matched" ? "  care details not matched: open the booking" : "",
        ]
          .filter(Boolean)
          .join("\n"),
      ),
    ].join("\n"),
  bookingText: (v: BookingView, _o: TextOptions) =>
    [
      line(v.booking as Booking),
      ...v.care.pets.flatMap((p) => [p.flags.name, ...p.care.medications.map(medicationRow)]),
      v.care.status === "not_matched" ? CARE_NOT_MATCHED : "",
    ]
      .filter(Boolean)
      .join("\n"),
  petText: (v: PetView, _o: TextOptions) =>
    [
      `${v.pet.name} (pet id ${v.pet.petId})`,
      ...v.care.medications.map(medicationRow),
      `Allergies: ${v.care.allergies ?? "none"}`,
    ].join("\n"),
  petListText: (l: PetSearch, _o: TextOptions) =>
    l.items.map((i) => `- ${i.pet.name} (id ${i.pet.petId}) · owner ${i.owner ?? "unknown"}`).join("\n"),
  customerText: (v: CustomerView, _o: TextOptions) =>
    `${v.customer.firstname} ${v.customer.secondname} (id ${v.customer.customerId})`,
  customerListText: (l: CustomerSearch, _o: TextOptions) =>
    l.items.map((c) => `- ${c.firstname} ${c.secondname} (id ${c.customerId})`).join("\n"),
  bookingsText: (p: BookingsPage, _o: TextOptions) =>
    [p.title, ...p.items.map((b) => `- ${line(b)}`)].join("\n"),
  statusText: (s: StatusAnswer, _o: TextOptions) => `${s.report.state}: ${s.words.headline}`,
  failureText: (f: Failure, _o: TextOptions) =>
    `${f.what} ${f.whatToDo}${f.requestId ? ` (request id ${f.requestId})` : ""}`,
  rawText: (raw: unknown, _o: TextOptions) => JSON.stringify(raw, null, 2),
  jsonOf: (answer: unknown) =>
    JSON.stringify(answer, (_k, v: unknown) =>
      v instanceof Error ? { name: v.name, message: v.message } : v,
    ),
};

/** The real module's exports first; the stand-in only for names it does not have yet. */
export function withTextFallback(real: Record<string, unknown>): Record<string, unknown> {
  return { ...fallbackText, ...real };
}
