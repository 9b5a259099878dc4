/** One booking, for the asker only: dates, status, type, money, room, each pet's care, owner with contacts. */
import type { BookingView } from "../answers/records.ts";
import { bookingTypeText, paymentOf, statusText } from "../domain/bookings.ts";
import type { PetCare } from "../domain/day.ts";
import { hasCareFlag } from "../domain/flags.ts";
import { medicationRow, NO_CARE_NEEDS, speciesEmoji } from "../words/care.ts";
import { dateTimeOf } from "../words/dates.ts";
import { paymentWords } from "../words/money.ts";
import { openCustomer, openPet } from "./buttons.ts";
import { careWarning, petFlagsLine } from "./care.ts";
import { fitMessage } from "./fit.ts";
import { button, clip, context, esc, fallback, fields, header, section } from "./mrkdwn.ts";
import { rawMessages } from "./raw.ts";
import { stayButton, staySummaryLines } from "./stay.ts";
import type { Block, Message } from "./types.ts";

/** Most pets drawn on a booking card (a booking with more says how many more). */
const MAX_PETS = 8;

/** A pet's care on a booking: its flags, then each medication as instruction, midday, evening. */
function petCareSection(p: PetCare): string {
  const head = `${speciesEmoji(p.pet)} ${petFlagsLine(p, 600)}`;
  // Each medication row gets its share of the section, so no row is cut off by the ones before it.
  const each = Math.floor((2900 - head.length) / Math.max(1, p.care.medications.length)) - 4;
  const meds = p.care.medications.map((m) => `💊 ${clip(medicationRow(m), Math.min(500, each))}`);
  const body = hasCareFlag(p.flags) ? meds : [NO_CARE_NEEDS];
  return [head, ...body].join("\n");
}

export function bookingMessages(v: BookingView, timezone: string, thisYear: string): Message[] {
  const b = v.booking;
  const ref = b.reference ?? (b.bookingId !== undefined ? `#${b.bookingId}` : "booking");
  const title = `Booking ${ref}`;
  if (v.raw !== undefined) return rawMessages(title, v.raw, `kennel-desk booking ${ref} --json`);
  const blocks: Block[] = [header(title)];
  const full = v.full ? (b as typeof b & { roomName?: string }) : undefined;
  blocks.push(
    fields([
      `*Status*\n${esc(statusText(b.status) || "not recorded")}`,
      `*Type*\n${esc(bookingTypeText(b) || "not recorded")}`,
      `*Check-in*\n${dateTimeOf(b.checkInDate, timezone, thisYear)}`,
      `*Check-out*\n${dateTimeOf(b.checkOutDate, timezone, thisYear)}`,
      `*Room*\n${full?.roomName ? esc(full.roomName) : v.full ? "not assigned" : "not known (reduced booking)"}`,
      `*Money*\n${paymentWords(paymentOf(b), true)}`,
      `*Pets*\n${b.petNames ? clip(b.petNames, 400) : "not recorded"}${b.numberOfPets ? ` (${b.numberOfPets})` : ""}`,
      `*Booking id*\n${b.bookingId ?? "not recorded"}`,
    ]),
  );
  const withContacts = b as typeof b & { customerPhone?: string; customerEmail?: string };
  const contact = [
    withContacts.customerPhone ? `📞 ${esc(withContacts.customerPhone)}` : undefined,
    withContacts.customerEmail ? `✉️ ${esc(withContacts.customerEmail)}` : undefined,
  ]
    .filter(Boolean)
    .join("   ");
  const ownerButton =
    b.customerId !== undefined
      ? button("Customer details", openCustomer.actionId(), openCustomer.encode({ c: b.customerId }))
      : undefined;
  blocks.push(
    section(
      `*Owner:* ${b.customerName ? clip(b.customerName, 300) : "not recorded"}${contact ? `\n${contact}` : ""}`,
      ownerButton,
    ),
  );
  for (const p of v.care.pets.slice(0, MAX_PETS)) {
    const open =
      p.pet.petId !== undefined
        ? button("Care summary", openPet.actionId(p.pet.petId), openPet.encode({ p: p.pet.petId }))
        : undefined;
    blocks.push(section(petCareSection(p), open));
  }
  if (v.care.pets.length > MAX_PETS)
    blocks.push(context(`${v.care.pets.length - MAX_PETS} more pets: open each with /pet`));
  const stay = staySummaryLines(v.stay, timezone);
  if (stay.length) blocks.push(section(stay.join("\n"), stayButton(v.stay)));
  const warning = careWarning(v.care);
  if (warning || v.careProblem)
    blocks.push(
      section([warning, v.careProblem ? `❔ ${esc(v.careProblem)}` : ""].filter(Boolean).join("\n")),
    );
  blocks.push(context(`request id ${esc(v.requestId)}`));
  return [fitMessage({ text: fallback(`${title}: ${b.customerName ?? ""} ${b.petNames ?? ""}`), blocks })];
}
