/**
 * /customer as documents: one customer (contacts, second and emergency contacts, consent, pets),
 * a page of customers, and a page of bookings (a customer's history or a bookings search). Only
 * the asker sees them, so contacts are allowed here.
 */

import type { BookingsPage, CustomerSearch, CustomerView } from "../answers/customers.ts";
import type { BookingsSearch } from "../answers/kennel.ts";
import { bookingTypeText, paymentOf } from "../domain/bookings.ts";
import { activePets, customerAddress, customerName } from "../domain/customers.ts";
import { plural } from "../domain/text.ts";
import { speciesEmoji } from "../words/care.ts";
import { consentLines, unbrokenPhone } from "../words/customer.ts";
import { dateTimeOf } from "../words/dates.ts";
import { STATUS_NOT_RECORDED } from "../words/day.ts";
import { paymentWords } from "../words/money.ts";
import type { Action, ActionOf, Doc, Line, Part } from "./doc.ts";
import { dotted, line, strong, toned, value, whole } from "./doc.ts";
import { type ListDocOptions, pageActions, pageNote, referenceSpan, textParts } from "./parts.ts";
import { statusWords } from "./records.ts";

/** The customer's name, which the raw JSON answer (KENNEL_RAW_RESPONSES=1) is titled by in every serializer. */
export { customerName } from "../domain/customers.ts";

// --- a customer ----------------------------------------------------------------------------------

export interface CustomerDocOptions {
  /** Slack's buttons: the booking history, each pet's card. */
  historyAction?: ActionOf<number>;
  petAction?: ActionOf<number>;
}

export function customerDoc(v: CustomerView, o: CustomerDocOptions = {}): Doc {
  const c = v.customer;
  const name = whole(customerName(c));
  const parts: Part[] = [{ kind: "title", text: name }];
  if (c.archived) parts.push({ kind: "summary", lines: [line("📦 archived customer")] });
  parts.push(...contactParts(c));
  parts.push({ kind: "text", lines: [[strong("Consent")], ...consentLines(c).map((l) => line(l))] });
  const pets = activePets(c.pets);
  parts.push(
    ...textParts([
      line(strong("Pets"), ` (${pets.length})`),
      ...(pets.length
        ? pets.map((p) =>
            dotted(
              `${speciesEmoji(p)} ${whole(p.name ?? "unnamed")}`,
              p.breed && value(p.breed, 80),
              p.petId !== undefined && toned("muted", `pet id ${p.petId}`),
            ),
          )
        : [line("none recorded")]),
    ]),
  );
  const actions: Action[] = [];
  const history = c.customerId !== undefined ? o.historyAction?.(c.customerId) : undefined;
  if (history) actions.push({ text: "Booking history", style: "primary", ...history });
  for (const p of pets.slice(0, 10)) {
    const open = p.petId !== undefined ? o.petAction?.(p.petId) : undefined;
    if (open) actions.push({ text: `${p.name ?? "Pet"}: care`, ...open });
  }
  if (actions.length) parts.push({ kind: "actions", actions });
  parts.push({
    kind: "note",
    lines: [dotted(c.customerId !== undefined && `customer id ${c.customerId}`)],
  });
  return { fallback: `Customer: ${customerName(c)}`, parts };
}

/** The customer's contact details, then the second and emergency contacts (the asker's own reply only). */
function contactParts(c: CustomerView["customer"]): Part[] {
  const parts: Part[] = [];
  const mobile = c.mobile
    ? `${c.mobile}${c.mobileCountry && !c.mobile.startsWith("+") ? ` (${c.mobileCountry})` : ""}`
    : undefined;
  const phone = (x: string | undefined) => x && unbrokenPhone(value(x, 200));
  const contacts = (
    [
      ["Mobile", phone(mobile)],
      ["Landline", phone(c.landline)],
      ["Work phone", phone(c.workPhone)],
      ["Email", c.email && value(c.email, 200)],
      ["Second email", c.emailSecondary && value(c.emailSecondary, 200)],
      ["Address", value(customerAddress(c), 600)],
    ] as const
  )
    .filter(([, x]) => x)
    .map(([label, x]) => ({ label, value: line(x) }));
  parts.push(
    contacts.length
      ? { kind: "fields", fields: contacts }
      : { kind: "text", lines: [line("No contact details recorded.")] },
  );
  const second = [c.secondContact_Firstname, c.secondContact_Lastname].filter(Boolean).join(" ");
  const emergency = dotted(
    c.emergencyContactName && whole(c.emergencyContactName),
    c.emergencyContactPhone && `📞 ${unbrokenPhone(value(c.emergencyContactPhone, 200))}`,
    c.emergencyContactEmail && `✉️ ${value(c.emergencyContactEmail, 300)}`,
    c.emergencyContactAddress && value(c.emergencyContactAddress, 600),
  );
  const people: Line[] = [];
  if (second) people.push(line(strong("Second contact"), `: ${whole(second)}`));
  if (emergency.length) people.push([strong("Emergency contact"), { text: ": " }, ...emergency]);
  if (people.length) parts.push({ kind: "text", lines: people });
  return parts;
}

// --- a page of customers -------------------------------------------------------------------------

const NO_CUSTOMERS_MATCH =
  "No customers match. Check the spelling (part of a name, email or mobile number is enough).";

export function customerListDoc(l: CustomerSearch, o: ListDocOptions = {}): Doc {
  const title = `Customers matching “${value(l.query, 100)}” (${l.totalRecords})`;
  const parts: Part[] = [{ kind: "title", text: title }];
  if (l.totalRecords === 0 && l.items.length === 0)
    parts.push({ kind: "text", lines: [line(NO_CUSTOMERS_MATCH)] });
  for (const c of l.items) {
    const pets = activePets(c.pets).map((p) => p.name ?? "unnamed");
    parts.push({
      kind: "item",
      lines: [
        dotted(
          strong(whole(customerName(c))),
          c.archived && "📦 archived",
          pets.length ? `🐾 ${whole(pets.join(", "))}` : "no pets recorded",
          toned("accent", `customer id ${c.customerId ?? "not recorded"}`),
        ),
      ],
    });
    const open = c.customerId !== undefined ? o.openAction?.(c.customerId) : undefined;
    if (open) parts.push({ kind: "actions", actions: [{ text: "Open", ...open }] });
  }
  if (o.pageAction) parts.push(pageActions({ page: l.page, pages: l.totalPages }, o.pageAction));
  parts.push(...pageNote(l));
  return { fallback: title, parts };
}

// --- a page of bookings --------------------------------------------------------------------------

export interface BookingListDocOptions extends ListDocOptions {
  timezone: string;
  thisYear: string;
}

/** A customer's booking history or a bookings search: reference and id, dates, type, status, room, money. */
export function bookingListDoc(l: BookingsPage | BookingsSearch, o: BookingListDocOptions): Doc {
  const title = `${value(l.title, 200)} (${l.totalRecords})`;
  const parts: Part[] = [{ kind: "title", text: title }];
  // "No bookings have the status “Checked In”; showing status checked_in."
  if (l.statusNote) parts.push({ kind: "summary", lines: [line(value(l.statusNote, 200))] });
  if (l.items.length === 0) {
    parts.push({ kind: "text", lines: [line(value(l.emptyText, 600))] });
    return { fallback: title, parts };
  }
  for (const b of l.items) {
    const id = b.reference && b.bookingId !== undefined ? ` (booking id ${b.bookingId})` : "";
    const when = `${dateTimeOf(b.checkInDate, o.timezone, o.thisYear)} → ${dateTimeOf(b.checkOutDate, o.timezone, o.thisYear)}`;
    const payment = paymentOf(b);
    parts.push({
      kind: "item",
      lines: [
        dotted(
          line(referenceSpan(b), id),
          b.petNames ? whole(b.petNames) : "pets not recorded",
          b.customerName ? whole(b.customerName) : "owner not recorded",
        ),
        dotted(
          when,
          value(bookingTypeText(b), 60),
          statusWords(b, STATUS_NOT_RECORDED),
          b.roomName && whole(b.roomName),
          toned(payment === "paid" || payment === "unknown" ? undefined : "warn", paymentWords(payment)),
        ),
      ],
    });
    const open = b.bookingId !== undefined ? o.openAction?.(b.bookingId) : undefined;
    if (open) parts.push({ kind: "actions", actions: [{ text: "Open", ...open }] });
  }
  if (o.pageAction) parts.push(pageActions({ page: l.page, pages: l.totalPages }, o.pageAction));
  parts.push(...pageNote(l));
  return { fallback: `${title}: ${plural(l.items.length, "booking")} on this page`, parts };
}
