/** One booking, one pet, and a list of pets, as terminal text (the asker's own: contacts allowed). */
import type { BookingView, PetSearch, PetView } from "../answers/records.ts";
import { bookingTypeText, paymentOf, standingOf } from "../domain/bookings.ts";
import { customerName } from "../domain/customers.ts";
import type { Booking } from "../kennel/schemas.ts";
import { petAboutWords, petStateWords, speciesEmoji } from "../words/care.ts";
import { dateTimeOf } from "../words/dates.ts";
import { paymentWords } from "../words/money.ts";
import { careLines, careWarningText, evaluationText } from "./care.ts";
import { referenceOf, statusOf } from "./day.ts";
import { rawText } from "./kennel.ts";
import type { TextOptions } from "./options.ts";
import { staySummaryText } from "./stay.ts";
import {
  block,
  bold,
  cyan,
  dim,
  foot,
  lines,
  one,
  pageWords,
  paragraphs,
  red,
  requestIdWords,
  title,
} from "./style.ts";

const field = (o: TextOptions, label: string, value: string) => `${bold(o, label)}: ${value}`;

export function bookingText(v: BookingView, o: TextOptions): string {
  const b = v.booking as Booking;
  const head = title(o, `Booking ${referenceOf(b)}`);
  if (v.raw !== undefined) return paragraphs([head, rawText(v.raw, o)]);
  const payment = paymentOf(b);
  const money = paymentWords(payment, true);
  const contacts = [
    b.customerPhone ? `📞 ${one(b.customerPhone, 100)}` : "",
    b.customerEmail ? `✉️ ${one(b.customerEmail, 200)}` : "",
  ]
    .filter(Boolean)
    .join("  ");
  const about = lines([
    field(o, "Status", statusOf({ booking: b, standing: standingOf(b) })),
    bookingTypeText(b) ? field(o, "Type", one(bookingTypeText(b), 60)) : undefined,
    field(o, "Check-in", dateTimeOf(b.checkInDate, o.timezone, o.thisYear)),
    field(o, "Check-out", dateTimeOf(b.checkOutDate, o.timezone, o.thisYear)),
    field(
      o,
      "Room",
      b.roomName
        ? one(b.roomName, 100)
        : v.full
          ? "not assigned"
          : "not known (only the short booking could be read)",
    ),
    field(o, "Money", payment === "paid" || payment === "unknown" ? money : red(o, money)),
    field(
      o,
      "Pets",
      `${b.petNames ? one(b.petNames, 400) : "not recorded"}${b.numberOfPets ? ` (${b.numberOfPets})` : ""}`,
    ),
    field(
      o,
      "Owner",
      `${b.customerName ? one(b.customerName, 200) : "not recorded"}${b.customerId !== undefined ? ` (customer id ${b.customerId})` : ""}${contacts ? `  ${contacts}` : ""}`,
    ),
    b.bookingId !== undefined ? field(o, "Booking id", cyan(o, String(b.bookingId))) : undefined,
  ]);
  const pets = v.care.pets.map((p) =>
    lines([
      `${speciesEmoji(p.pet)} ${bold(o, one(p.flags.name, 100))}${p.pet.breed ? ` · ${one(p.pet.breed, 100)}` : ""}${p.pet.petId !== undefined ? dim(o, ` · pet id ${p.pet.petId}`) : ""}`,
      ...careLines(o, p.care, "   ").map((l) => `   ${l}`),
      p.care.evaluation === "not_complete"
        ? `   🆕 ${bold(o, "Evaluation")}: ${evaluationText(p.care, o)}`
        : undefined,
    ]),
  );
  const warning = careWarningText(o, v.care);
  const stay = staySummaryText(v.stay, o.timezone);
  return paragraphs([
    head,
    about,
    ...pets,
    warning,
    stay.length ? stay.join("\n") : undefined,
    foot(o, [v.careProblem ? `❔ ${one(v.careProblem, 600)}` : undefined, requestIdWords(v.requestId)]),
  ]);
}

export function petText(v: PetView, o: TextOptions): string {
  const { pet, care, owner } = v;
  const name = one(pet.name ?? "Unnamed pet", 100);
  const head = title(o, `${speciesEmoji(pet)} ${name}`);
  if (v.raw !== undefined) return paragraphs([head, rawText(v.raw, o)]);
  const states = petStateWords(pet).join(" · ");
  const about = petAboutWords(pet).map((x) => one(x, 100));
  const ids = lines([
    pet.microchip ? field(o, "Microchip", cyan(o, one(pet.microchip, 100))) : undefined,
    pet.registration ? field(o, "Registration", one(pet.registration, 200)) : undefined,
    pet.passport ? field(o, "Passport", one(pet.passport, 200)) : undefined,
    pet.insurer || pet.insurerNumber
      ? field(
          o,
          "Insurer",
          `${one(pet.insurer ?? "not recorded", 200)}${pet.insurerNumber ? ` · policy ${one(pet.insurerNumber, 100)}` : ""}`,
        )
      : undefined,
    pet.photo ? field(o, "Photo", one(pet.photo, 300)) : undefined,
    field(o, "Evaluation", evaluationText(care, o)),
  ]);
  const emergency = owner
    ? [owner.emergencyContactName, owner.emergencyContactPhone].filter(Boolean).join(", ")
    : "";
  const ownerLines = owner
    ? lines([
        field(
          o,
          "👤 Owner",
          `${one(customerName(owner), 200)}${owner.customerId !== undefined ? ` (customer id ${owner.customerId})` : ""}`,
        ),
        owner.mobile || owner.landline
          ? `📞 ${one([owner.mobile, owner.landline].filter(Boolean).join(" · "), 200)}`
          : undefined,
        emergency ? field(o, "🚨 Emergency contact", one(emergency, 300)) : undefined,
      ])
    : pet.customerId !== undefined
      ? `👤 Owner: customer ${pet.customerId} (could not be loaded)`
      : undefined;
  return paragraphs([
    head,
    lines([states || undefined, about.length ? about.join(" · ") : "No details recorded."]),
    ids,
    lines(careLines(o, care, "   ")),
    care.notes ? field(o, "📝 Notes", block(care.notes, "   ", 1000)) : undefined,
    ownerLines,
    foot(o, [pet.petId !== undefined ? `pet id ${pet.petId}` : undefined, requestIdWords(v.requestId)]),
  ]);
}

/** Same-named pets told apart: owner, breed, sex, age (when the API gives one) and the pet id. */
export function petListText(l: PetSearch, o: TextOptions): string {
  const head = title(o, `Pets matching “${one(l.query, 100)}” (${l.totalRecords})`);
  if (l.raw !== undefined) return paragraphs([head, rawText(l.raw, o)]);
  const rows = l.items.map(({ pet, owner, age }) => {
    const who = owner
      ? one(owner, 200)
      : pet.customerId !== undefined
        ? `owner: customer ${pet.customerId}`
        : "owner not recorded";
    const details = [pet.breed, pet.sex, age].filter(Boolean).map((x) => one(x, 100));
    return [
      `${speciesEmoji(pet)} ${bold(o, one(pet.name ?? "unnamed", 100))}`,
      who,
      ...details,
      pet.deleted ? "🗑 deleted" : "",
      cyan(o, `pet id ${pet.petId ?? "not recorded"}`),
    ]
      .filter(Boolean)
      .join(" · ");
  });
  return paragraphs([
    head,
    l.owner ? dim(o, `Searched for “${one(l.name, 100)}” with owner “${one(l.owner, 100)}”.`) : undefined,
    rows.join("\n"),
    foot(o, [pageWords(l.page, l.totalPages), requestIdWords(l.requestId)]),
  ]);
}
