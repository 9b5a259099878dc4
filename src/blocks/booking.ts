/** One booking, for the asker only: dates, status, type, pets with care, owner with contacts. */
import type { Booking, Pet, ReducedBooking } from "../kennel/schemas.ts";
import { paidWords, statusWords } from "./booking-words.ts";
import { careFlags, careLine, speciesEmoji } from "./care.ts";
import { dateTimeOf } from "./format.ts";
import { button, clip, context, esc, fallback, fields, header, section } from "./mrkdwn.ts";
import type { Block, Message } from "./types.ts";

export interface BookingCardInput {
  booking: Booking | ReducedBooking;
  /** The booking's pets with care records; undefined when they could not be loaded. */
  pets: Pet[] | undefined;
  timezone: string;
  thisYear: string;
  requestId?: string | undefined;
}

export function bookingCard(input: BookingCardInput): Message {
  const b = input.booking as Booking;
  const ref = b.reference ?? (b.bookingId !== undefined ? `#${b.bookingId}` : "booking");
  const title = `Booking ${ref}`;
  const blocks: Block[] = [header(title)];
  blocks.push(
    fields([
      `*Status*\n${statusWords(b.status)}`,
      `*Type*\n${b.bookingType ? esc(b.bookingType) : "not recorded"}`,
      `*Check-in*\n${dateTimeOf(b.checkInDate, input.timezone, input.thisYear)}`,
      `*Check-out*\n${dateTimeOf(b.checkOutDate, input.timezone, input.thisYear)}`,
      `*Room*\n${b.roomName ? esc(b.roomName) : "not assigned"}`,
      `*Paid*\n${paidWords(b, true)}${b.hasPayment === true ? "\n(a payment is recorded)" : b.hasPayment === false ? "\n(no payment recorded)" : ""}`,
      `*Pets*\n${b.petNames ? esc(b.petNames) : "not recorded"}${b.numberOfPets ? ` (${b.numberOfPets})` : ""}`,
      `*Booking id*\n${b.bookingId ?? "not recorded"}`,
    ]),
  );
  const contact = [
    b.customerPhone ? `📞 ${esc(b.customerPhone)}` : undefined,
    b.customerEmail ? `✉️ ${esc(b.customerEmail)}` : undefined,
  ]
    .filter(Boolean)
    .join("   ");
  const ownerButton =
    b.customerId !== undefined
      ? button("Customer details", "customer_open", JSON.stringify({ c: b.customerId }))
      : undefined;
  blocks.push(
    section(
      `*Owner:* ${b.customerName ? esc(b.customerName) : "not recorded"}${contact ? `\n${contact}` : ""}`,
      ownerButton,
    ),
  );
  if (input.pets === undefined) {
    blocks.push(context("❔ The pets' care records could not be loaded; try /pet with a pet's name."));
  } else {
    for (const pet of input.pets.slice(0, 10)) {
      const care = careLine(careFlags(pet));
      const line = `${speciesEmoji(pet)} *${clip(pet.name ?? "unnamed", 300)}*${pet.breed ? ` · ${clip(pet.breed, 200)}` : ""}${care ? `\n${care}` : "\nno medication, allergies, diet or medical notes recorded"}`;
      const open =
        pet.petId !== undefined
          ? button("Care summary", `pet_open:${pet.petId}`, JSON.stringify({ p: pet.petId }))
          : undefined;
      blocks.push(section(line, open));
    }
  }
  if (input.requestId) blocks.push(context(`request id ${esc(input.requestId)}`));
  return { text: fallback(`${title}: ${b.customerName ?? ""} ${b.petNames ?? ""}`), blocks };
}
