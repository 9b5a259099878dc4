/** A customer, for the asker only: contacts, second and emergency contacts, consent, pets. */
import type { Booking, Customer } from "../kennel/schemas.ts";
import { paidWords, statusWords } from "./booking-words.ts";
import { speciesEmoji } from "./care.ts";
import { dateTimeOf, plural } from "./format.ts";
import { button, clip, context, esc, fallback, fields, header, section } from "./mrkdwn.ts";
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
    c.emergencyContactName ? clip(c.emergencyContactName, 300) : undefined,
    c.emergencyContactPhone ? `📞 ${clip(c.emergencyContactPhone, 200)}` : undefined,
    c.emergencyContactEmail ? `✉️ ${clip(c.emergencyContactEmail, 300)}` : undefined,
    c.emergencyContactAddress ? clip(c.emergencyContactAddress, 600) : undefined,
  ].filter(Boolean);
  blocks.push(
    section(
      `*Second contact:* ${second ? clip(second, 300) : none}\n*Emergency contact:* ${emergency.length ? emergency.join(" · ") : none}`,
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
  return { text: fallback(`Customer: ${name}`), blocks };
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
  const title = fallback(`Customers matching “${input.query}” (${input.totalRecords})`);
  const blocks: Block[] = [header(title)];
  if (input.customers.length === 0) {
    blocks.push(
      section(
        `No customer matches “${clip(input.query, 200)}”. Try part of the name, the email or the mobile number.`,
      ),
    );
    return { text: title, blocks };
  }
  for (const c of input.customers) {
    const pets = (c.pets ?? []).filter((p) => !p.deleted).map((p) => p.name ?? "?");
    const line = `*${clip(customerName(c), 300)}*${c.archived ? " · 📦 archived" : ""}\n${pets.length ? `🐾 ${clip(pets.join(", "), 1500)}` : "no pets recorded"}`;
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
  const title = fallback(`${input.title} (${input.totalRecords})`);
  const blocks: Block[] = [header(title)];
  if (input.bookings.length === 0) {
    blocks.push(section(input.emptyText));
    return { text: title, blocks };
  }
  for (const b of input.bookings) {
    const when = `${dateTimeOf(b.checkInDate, input.timezone, input.thisYear)} → ${dateTimeOf(b.checkOutDate, input.timezone, input.thisYear)}`;
    const line = `*${b.reference ? clip(b.reference, 100) : `#${b.bookingId ?? "?"}`}* · ${b.petNames ? clip(b.petNames, 400) : "pets not recorded"} · ${b.customerName ? clip(b.customerName, 200) : "owner not recorded"}\n${when}\n${[b.bookingType ? clip(b.bookingType, 60) : undefined, clip(statusWords(b.status), 60), b.roomName ? clip(b.roomName, 100) : undefined, paidWords(b)].filter(Boolean).join(" · ")}`;
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
  return { text: fallback(`${title}: ${plural(input.bookings.length, "booking")} on this page`), blocks };
}
