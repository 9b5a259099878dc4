/** A customer, a list of customers and a list of bookings, as terminal text (the asker's own). */
import type { BookingsSearch } from "../answers/kennel.ts";
import type { BookingsPage, CustomerSearch, CustomerView } from "../answers/records.ts";
import { bookingTypeText, paymentOf, standingOf } from "../domain/bookings.ts";
import { activePets, customerAddress, customerName } from "../domain/customers.ts";
import { speciesEmoji } from "../words/care.ts";
import { consentLines } from "../words/customer.ts";
import { dateTimeOf } from "../words/dates.ts";
import { paymentWords } from "../words/money.ts";
import { referenceOf, statusOf } from "./day.ts";
import { rawText } from "./kennel.ts";
import type { TextOptions } from "./options.ts";
import { bold, cyan, dim, foot, lines, one, pageWords, paragraphs, requestIdWords, title } from "./style.ts";

/** Consent, compactly: "Email ✅ (receipts ✅ · reminders ✅ · marketing ❌)". */
export function customerText(v: CustomerView, o: TextOptions): string {
  const c = v.customer;
  const head = title(o, one(customerName(c), 150));
  if (v.raw !== undefined) return paragraphs([head, rawText(v.raw, o)]);
  const f = (label: string, value: string | undefined, max = 200) =>
    value ? `${bold(o, label)}: ${one(value, max)}` : undefined;
  const mobile = c.mobile
    ? `${c.mobile}${c.mobileCountry && !c.mobile.startsWith("+") ? ` (${c.mobileCountry})` : ""}`
    : undefined;
  const contacts = lines([
    f("Mobile", mobile),
    f("Landline", c.landline),
    f("Work phone", c.workPhone),
    f("Email", c.email),
    f("Second email", c.emailSecondary),
    f("Address", customerAddress(c), 600),
  ]);
  const second = [c.secondContact_Firstname, c.secondContact_Lastname].filter(Boolean).join(" ");
  const emergency = [
    c.emergencyContactName,
    c.emergencyContactPhone ? `📞 ${c.emergencyContactPhone}` : undefined,
    c.emergencyContactEmail ? `✉️ ${c.emergencyContactEmail}` : undefined,
    c.emergencyContactAddress,
  ]
    .filter(Boolean)
    .join(" · ");
  const pets = activePets(c.pets);
  return paragraphs([
    head,
    c.archived ? "📦 archived customer" : undefined,
    contacts || "No contact details recorded.",
    lines([f("Second contact", second, 300), f("Emergency contact", emergency, 900)]),
    `${bold(o, "Consent")}\n${consentLines(c).join("\n")}`,
    `${bold(o, "Pets")} (${pets.length})\n${
      pets.length
        ? pets
            .map(
              (p) =>
                `${speciesEmoji(p)} ${one(p.name ?? "unnamed", 100)}${p.breed ? ` · ${one(p.breed, 80)}` : ""}${p.petId !== undefined ? dim(o, ` · pet id ${p.petId}`) : ""}`,
            )
            .join("\n")
        : "none recorded"
    }`,
    foot(o, [
      c.customerId !== undefined
        ? `customer id ${c.customerId} (booking history: kennel-desk customer ${c.customerId} --history)`
        : undefined,
      requestIdWords(v.requestId),
    ]),
  ]);
}

export function customerListText(l: CustomerSearch, o: TextOptions): string {
  const head = title(o, `Customers matching “${one(l.query, 100)}” (${l.totalRecords})`);
  if (l.raw !== undefined) return paragraphs([head, rawText(l.raw, o)]);
  const rows = l.items.map((c) => {
    const pets = activePets(c.pets).map((p) => p.name ?? "unnamed");
    return [
      bold(o, one(customerName(c), 200)),
      c.archived ? "📦 archived" : "",
      pets.length ? `🐾 ${one(pets.join(", "), 300)}` : "no pets recorded",
      cyan(o, `customer id ${c.customerId ?? "not recorded"}`),
    ]
      .filter(Boolean)
      .join(" · ");
  });
  return paragraphs([
    head,
    rows.join("\n"),
    foot(o, [pageWords(l.page, l.totalPages), requestIdWords(l.requestId)]),
  ]);
}

/** A customer's booking history or a bookings search: reference and id, dates, type, status, room, money. */
export function bookingsText(p: BookingsPage | BookingsSearch, o: TextOptions): string {
  const head = title(o, `${one(p.title, 200)} (${p.totalRecords})`);
  if (p.raw !== undefined) return paragraphs([head, rawText(p.raw, o)]);
  if (p.items.length === 0) return paragraphs([head, p.emptyText]);
  const rows = p.items.map((b) => {
    const id = b.reference && b.bookingId !== undefined ? ` (booking id ${b.bookingId})` : "";
    const first = `${cyan(o, referenceOf(b))}${id} · ${b.petNames ? one(b.petNames, 300) : "pets not recorded"} · ${b.customerName ? one(b.customerName, 200) : "owner not recorded"}`;
    const when = `${dateTimeOf(b.checkInDate, o.timezone, o.thisYear)} → ${dateTimeOf(b.checkOutDate, o.timezone, o.thisYear)}`;
    const details = [
      when,
      one(bookingTypeText(b), 60),
      statusOf({ booking: b, standing: standingOf(b) }),
      b.roomName ? one(b.roomName, 100) : "",
      paymentWords(paymentOf(b)),
    ]
      .filter(Boolean)
      .join(" · ");
    return `${first}\n   ${details}`;
  });
  return paragraphs([
    head,
    rows.join("\n"),
    foot(o, [pageWords(p.page, p.totalPages), requestIdWords(p.requestId)]),
  ]);
}
