/** A customer, for the asker only: contacts, second and emergency contacts, consent, pets; and lists. */
import type { BookingsSearch } from "../answers/kennel.ts";
import type { BookingsPage, CustomerSearch, CustomerView } from "../answers/records.ts";
import { bookingTypeText, paymentOf, statusText } from "../domain/bookings.ts";
import { activePets, customerAddress, customerName } from "../domain/customers.ts";
import { plural } from "../domain/text.ts";
import { speciesEmoji } from "../words/care.ts";
import { consentLines } from "../words/customer.ts";
import { dateTimeOf } from "../words/dates.ts";
import { paymentWords } from "../words/money.ts";
import {
  bookingsPage,
  customerBookingsPage,
  customersPage,
  openBooking,
  openCustomer,
  openPet,
} from "./buttons.ts";
import { fitMessage } from "./fit.ts";
import { bold, button, clip, context, esc, fallback, fields, header, section } from "./mrkdwn.ts";
import { pagingBlocks } from "./paging.ts";
import { rawMessages } from "./raw.ts";
import type { Block, Button, Message } from "./types.ts";

export function customerMessages(v: CustomerView): Message[] {
  const c = v.customer;
  const name = customerName(c);
  if (v.raw !== undefined)
    return rawMessages(`Customer ${name}`, v.raw, `kennel-desk customer ${c.customerId ?? name} --json`);
  const blocks: Block[] = [header(name)];
  if (c.archived) blocks.push(context("📦 archived customer"));
  const mobile = c.mobile
    ? `${esc(c.mobile)}${c.mobileCountry && !c.mobile.startsWith("+") ? ` (${esc(c.mobileCountry)})` : ""}`
    : undefined;
  const address = customerAddress(c);
  const contactFields = [
    mobile ? `*Mobile*\n${mobile}` : "",
    c.landline ? `*Landline*\n${esc(c.landline)}` : "",
    c.email ? `*Email*\n${esc(c.email)}` : "",
    c.workPhone ? `*Work phone*\n${esc(c.workPhone)}` : "",
    c.emailSecondary ? `*Second email*\n${esc(c.emailSecondary)}` : "",
    address ? `*Address*\n${clip(address, 600)}` : "",
  ].filter(Boolean);
  blocks.push(contactFields.length ? fields(contactFields) : section("No contact details recorded."));
  const second = [c.secondContact_Firstname, c.secondContact_Lastname].filter(Boolean).join(" ");
  const emergency = [
    c.emergencyContactName ? clip(c.emergencyContactName, 300) : undefined,
    c.emergencyContactPhone ? `📞 ${clip(c.emergencyContactPhone, 200)}` : undefined,
    c.emergencyContactEmail ? `✉️ ${clip(c.emergencyContactEmail, 300)}` : undefined,
    c.emergencyContactAddress ? clip(c.emergencyContactAddress, 600) : undefined,
  ].filter(Boolean);
  const people = [
    second ? `*Second contact:* ${clip(second, 300)}` : "",
    emergency.length ? `*Emergency contact:* ${emergency.join(" · ")}` : "",
  ].filter(Boolean);
  if (people.length) blocks.push(section(people.join("\n")));
  blocks.push(section(`*Consent*\n${consentLines(c).join("\n")}`));
  const active = activePets(c.pets);
  blocks.push(
    section(
      `*Pets* (${active.length})\n${
        active.length
          ? active
              .map(
                (p) =>
                  `${speciesEmoji(p)} ${clip(p.name ?? "unnamed", 100)}${p.breed ? ` · ${clip(p.breed, 80)}` : ""}`,
              )
              .join("\n")
          : "none recorded"
      }`,
    ),
  );
  const buttons: Button[] = [];
  if (c.customerId !== undefined) {
    buttons.push(
      button(
        "Booking history",
        customerBookingsPage.actionId(),
        customerBookingsPage.encode({ c: c.customerId, p: 1 }),
        "primary",
      ),
    );
  }
  for (const p of active.slice(0, 10)) {
    if (p.petId !== undefined)
      buttons.push(
        button(`${p.name ?? "Pet"}: care`, openPet.actionId(p.petId), openPet.encode({ p: p.petId })),
      );
  }
  if (buttons.length) blocks.push({ type: "actions", elements: buttons });
  const foot = [
    c.customerId !== undefined ? `customer id ${c.customerId}` : "",
    `request id ${esc(v.requestId)}`,
  ].filter(Boolean);
  blocks.push(context(foot.join(" · ")));
  return [fitMessage({ text: fallback(`Customer: ${name}`), blocks })];
}

export function customerListMessages(l: CustomerSearch): Message[] {
  const title = `Customers matching “${l.query}” (${l.totalRecords})`;
  if (l.raw !== undefined) return rawMessages(title, l.raw, `kennel-desk customer ${l.query} --json`);
  const blocks: Block[] = [header(title)];
  for (const c of l.items) {
    const pets = activePets(c.pets).map((p) => p.name ?? "?");
    const line = `${bold(clip(customerName(c), 300))}${c.archived ? " · 📦 archived" : ""}${c.customerId !== undefined ? ` · id ${c.customerId}` : ""}\n${pets.length ? `🐾 ${clip(pets.join(", "), 1500)}` : "no pets recorded"}`;
    blocks.push(
      section(
        line,
        c.customerId !== undefined
          ? button("Open", openCustomer.actionId(c.customerId), openCustomer.encode({ c: c.customerId }))
          : undefined,
      ),
    );
  }
  blocks.push(...pagingBlocks(customersPage, { q: l.query }, l.page, l.totalPages));
  return [fitMessage({ text: fallback(title), blocks })];
}

/** A paged list of bookings with dates: a customer's history, or /kennel bookings. */
export function bookingListMessages(
  l: BookingsPage | BookingsSearch,
  timezone: string,
  thisYear: string,
  paging: { customerId: number } | { search: BookingsSearch["state"] },
): Message[] {
  const title = `${l.title} (${l.totalRecords})`;
  if (l.raw !== undefined) return rawMessages(title, l.raw, "kennel-desk bookings --json");
  const blocks: Block[] = [header(title)];
  if (l.items.length === 0) {
    blocks.push(section(esc(l.emptyText)));
    return [{ text: fallback(title), blocks }];
  }
  for (const b of l.items) {
    const when = `${dateTimeOf(b.checkInDate, timezone, thisYear)} → ${dateTimeOf(b.checkOutDate, timezone, thisYear)}`;
    const facts = [
      bookingTypeText(b) ? clip(bookingTypeText(b), 60) : undefined,
      clip(statusText(b.status) || "status not recorded", 60),
      b.roomName ? clip(b.roomName, 100) : undefined,
      paymentWords(paymentOf(b)),
    ].filter(Boolean);
    const line = `*${b.reference ? clip(b.reference, 100) : `#${b.bookingId ?? "?"}`}* · ${b.petNames ? clip(b.petNames, 400) : "pets not recorded"} · ${b.customerName ? clip(b.customerName, 200) : "owner not recorded"}\n${when}\n${facts.join(" · ")}`;
    blocks.push(
      section(
        line,
        b.bookingId !== undefined
          ? button("Open", openBooking.actionId(b.bookingId), openBooking.encode({ b: b.bookingId }))
          : undefined,
      ),
    );
  }
  blocks.push(
    ...("customerId" in paging
      ? pagingBlocks(customerBookingsPage, { c: paging.customerId }, l.page, l.totalPages)
      : pagingBlocks(bookingsPage, { q: paging.search.q, t: paging.search.t }, l.page, l.totalPages)),
  );
  return [
    fitMessage({ text: fallback(`${title}: ${plural(l.items.length, "booking")} on this page`), blocks }),
  ];
}
