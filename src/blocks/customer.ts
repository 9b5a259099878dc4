/** A customer, for the asker only: contacts, second and emergency contacts, consent, pets. */
import type { Booking, Customer } from "../kennel/schemas.ts";
import { paidWords, statusWords } from "./booking-words.ts";
import { speciesEmoji } from "./care.ts";
import { dateTimeOf, plural } from "./format.ts";
import { button, context, esc, fields, header, section } from "./mrkdwn.ts";
import { pagingBlocks } from "./pet.ts";
import type { Block, Button, Message } from "./types.ts";

const none = "—";

export function customerName(c: Customer): string {
  return [c.firstname, c.secondname].filter(Boolean).join(" ") || `Customer ${c.customerId ?? ""}`.trim();
}

const tick = (v: boolean | undefined) => (v === true ? "✅" : v === false ? "❌" : "?");

/** Consent, compactly: "Email ✅ (receipts ✅ · marketing ❌ · reminders ✅)". */
export function consentLines(c: Customer): string[] {
  return [
    `Email ${tick(c.email_Accepts)} (receipts ${tick(c.email_Accepts_Receipts)} · reminders ${tick(c.email_Accepts_Booking_Reminders)} · marketing ${tick(c.email_Accepts_Marketing)})`,
    `SMS ${tick(c.smS_Accepts)} (reminders ${tick(c.smS_Accepts_Booking_Reminders)} · prices ${tick(c.smS_Accepts_Booking_Price_Messages)} · marketing ${tick(c.smS_Accepts_Marketing)})`,
    `Push: confirmations ${tick(c.pushMessage_Accepts_Booking_Confirmations)} · reminders ${tick(c.pushMessage_Accepts_Booking_Reminders)} · receipts ${tick(c.pushMessage_Accepts_Booking_Receipts)} · price due ${tick(c.pushMessage_Accepts_Booking_Price_Due)} · messages ${tick(c.pushMessage_Accepts_Direct_Messages)} · postcards ${tick(c.pushMessage_Accepts_Postcards)} · marketing ${tick(c.pushMessage_Accepts_Marketing)}`,
  ];
}

export interface CustomerCardInput {
  customer: Customer;
  requestId?: string | undefined;
}

export function customerCard(input: CustomerCardInput): Message {
  const c = input.customer;
  const name = customerName(c);
  const blocks: Block[] = [header(name)];
  if (c.archived) blocks.push(context("📦 archived customer"));
  const mobile = c.mobile
    ? `${esc(c.mobile)}${c.mobileCountry && !c.mobile.startsWith("+") ? ` (${esc(c.mobileCountry)})` : ""}`
    : none;
  const address =
    c.address ??
    ([c.address1, c.address2, c.address3, c.address4, c.zipCode].filter(Boolean).join(", ") || undefined);
  blocks.push(
    fields([
      `*Mobile*\n${mobile}`,
      `*Landline*\n${c.landline ? esc(c.landline) : none}`,
      `*Email*\n${c.email ? esc(c.email) : none}`,
      `*Work phone*\n${c.workPhone ? esc(c.workPhone) : none}`,
      `*Second email*\n${c.emailSecondary ? esc(c.emailSecondary) : none}`,
      `*Address*\n${address ? esc(address) : none}`,
    ]),
  );
  const second = [c.secondContact_Firstname, c.secondContact_Lastname].filter(Boolean).join(" ");
  const emergency = [
    c.emergencyContactName ? esc(c.emergencyContactName) : undefined,
    c.emergencyContactPhone ? `📞 ${esc(c.emergencyContactPhone)}` : undefined,
    c.emergencyContactEmail ? `✉️ ${esc(c.emergencyContactEmail)}` : undefined,
    c.emergencyContactAddress ? esc(c.emergencyContactAddress) : undefined,
  ].filter(Boolean);
  blocks.push(
    section(
      `*Second contact:* ${second ? esc(second) : none}\n*Emergency contact:* ${emergency.length ? emergency.join(" · ") : none}`,
    ),
  );
  blocks.push(section(`*Consent*\n${consentLines(c).join("\n")}`));
  const pets = c.pets ?? [];
  const active = pets.filter((p) => !p.deleted);
  blocks.push(
    section(
      `*Pets* (${active.length})\n${
        active.length
          ? active
              .map(
                (p) => `${speciesEmoji(p)} ${esc(p.name ?? "unnamed")}${p.breed ? ` · ${esc(p.breed)}` : ""}`,
              )
              .join("\n")
          : "none recorded"
      }`,
    ),
  );
  const buttons: Button[] = [];
  if (c.customerId !== undefined) {
    buttons.push(
      button("Booking history", "customer_bookings", JSON.stringify({ c: c.customerId, p: 1 }), "primary"),
    );
  }
  for (const p of active.slice(0, 10)) {
    if (p.petId !== undefined)
      buttons.push(button(`${p.name ?? "Pet"}: care`, `pet_open:${p.petId}`, JSON.stringify({ p: p.petId })));
  }
  if (buttons.length) blocks.push({ type: "actions", elements: buttons });
  const foot = [
    c.customerId !== undefined ? `customer id ${c.customerId}` : "",
    input.requestId ? `request id ${esc(input.requestId)}` : "",
  ]
    .filter(Boolean)
    .join(" · ");
  if (foot) blocks.push(context(foot));
  return { text: `Customer: ${name}`, blocks };
}

export interface CustomerListInput {
  query: string;
  customers: Customer[];
  page: number;
  totalPages: number;
  totalRecords: number;
  pageAction: string;
}

export function customerList(input: CustomerListInput): Message {
  const title = `Customers matching “${input.query}” (${input.totalRecords})`;
  const blocks: Block[] = [header(title)];
  if (input.customers.length === 0) {
    blocks.push(
      section(
        `No customer matches “${esc(input.query)}”. Try part of the name, the email or the mobile number.`,
      ),
    );
    return { text: title, blocks };
  }
  for (const c of input.customers) {
    const pets = (c.pets ?? []).filter((p) => !p.deleted).map((p) => esc(p.name ?? "?"));
    const line = `*${esc(customerName(c))}*${c.archived ? " · 📦 archived" : ""}\n${pets.length ? `🐾 ${pets.join(", ")}` : "no pets recorded"}`;
    blocks.push(
      section(
        line,
        c.customerId !== undefined
          ? button("Open", `customer_open:${c.customerId}`, JSON.stringify({ c: c.customerId }))
          : undefined,
      ),
    );
  }
  blocks.push(...pagingBlocks(input.page, input.totalPages, input.pageAction, { q: input.query }));
  return { text: title, blocks };
}

export interface BookingListInput {
  title: string;
  bookings: Booking[];
  page: number;
  totalPages: number;
  totalRecords: number;
  timezone: string;
  thisYear: string;
  pageAction: string;
  state: Record<string, unknown>;
  /** Channel-safe lists omit contacts (they never include them anyway). */
  emptyText: string;
}

/** A paged list of bookings with dates (a customer's history, /kennel bookings). */
export function bookingList(input: BookingListInput): Message {
  const title = `${input.title} (${input.totalRecords})`;
  const blocks: Block[] = [header(title)];
  if (input.bookings.length === 0) {
    blocks.push(section(input.emptyText));
    return { text: title, blocks };
  }
  for (const b of input.bookings) {
    const when = `${dateTimeOf(b.checkInDate, input.timezone, input.thisYear)} → ${dateTimeOf(b.checkOutDate, input.timezone, input.thisYear)}`;
    const line = `*${b.reference ? esc(b.reference) : `#${b.bookingId ?? "?"}`}* · ${b.petNames ? esc(b.petNames) : "pets not recorded"} · ${b.customerName ? esc(b.customerName) : "owner not recorded"}\n${when}\n${[b.bookingType ? esc(b.bookingType) : undefined, statusWords(b.status), b.roomName ? esc(b.roomName) : undefined, paidWords(b)].filter(Boolean).join(" · ")}`;
    blocks.push(
      section(
        line,
        b.bookingId !== undefined
          ? button("Open", `booking_open:${b.bookingId}`, JSON.stringify({ b: b.bookingId }))
          : undefined,
      ),
    );
  }
  blocks.push(...pagingBlocks(input.page, input.totalPages, input.pageAction, input.state));
  return { text: `${title}: ${plural(input.bookings.length, "booking")} on this page`, blocks };
}
