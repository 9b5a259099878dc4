/**
 * A pet's card and a list of pets (`/pet`, `kennel-desk pet`, the connector's get_pet): each one
 * document, the words of src/words/, drawn by every serializer.
 */

import type { PetSearch, PetView } from "../answers/records.ts";
import { customerName } from "../domain/customers.ts";
import type { AsNeededPet } from "../domain/prn.ts";
import { petAboutWords, petStateWords, speciesEmoji } from "../words/care.ts";
import { unbrokenPhone } from "../words/customer.ts";
import { petMedicineLines } from "./custody-pet.ts";
import type { Action, ActionOf, Doc, Line, Part } from "./doc.ts";
import { code, dotted, line, strong, toned, value, whole } from "./doc.ts";
import { type ListDocOptions, pageActions, pageNote, textParts } from "./parts.ts";
import { type PlanView, planCardLine } from "./plan.ts";
import { petAsNeededParts } from "./prn.ts";
import { careSummaryLines, evaluationLine, labelled } from "./records.ts";
import { flagLines } from "./welfare-flag.ts";

/** The species' emoji, which titles a pet's raw JSON answer (KENNEL_RAW_RESPONSES=1) in every serializer. */
export { speciesEmoji } from "../words/care.ts";

export interface PetDocOptions {
  timezone: string;
  thisYear: string;
  /** Slack's button: the pet's care plan's form. */
  planAction?: ActionOf<PlanView>;
  /** Slack's "💊 Give if needed…" (a confirmed plan's doses to give if needed); without it, none. */
  giveAction?: ActionOf<AsNeededPet>;
  /** Slack's "💊 Medicines in…" / "💊 Medicines…" (the pet's medicines in custody); without it, none. */
  medicinesAction?: (bookingId: number, petId: number, counted: boolean) => Action;
  /** Slack's "Stay record" (its stay in house, with a care record to open), as the booking's card has it. */
  stayAction?: ActionOf<{ bookingId: number }>;
}

export const petName = (v: PetView) => v.pet.name ?? "Unnamed pet";

/** The index of the pet card's "about" part (Slack puts the photo beside it). */
export const PET_ABOUT_PART = 2;

export function petDoc(v: PetView, o: PetDocOptions): Doc {
  const { pet, care } = v;
  const name = whole(petName(v));
  const about = petAboutWords(pet).map((x) => value(x, 100));
  const parts: Part[] = [
    { kind: "title", text: `${speciesEmoji(pet)} ${name}` },
    { kind: "summary", lines: [line(petStateWords(pet).join(" · "))].filter((l) => l.length) },
    {
      kind: "text",
      lines: [
        line(about.length ? about.join(" · ") : "No details recorded."),
        ...(pet.photo ? [line(`📷 Photo: ${value(pet.photo, 300)}`)] : []),
      ],
    },
  ];
  parts.push({ kind: "fields", fields: idFields(v, o) });
  // Its open welfare flags (issue 38), before its care: what to act on first.
  if (v.welfare?.length) parts.push({ kind: "text", lines: flagLines(v.welfare) });
  parts.push(...textParts(careSummaryLines(care)));
  // Its latest care plan kept (issue 34): its state in a line, the plan's form behind a button.
  if (v.plan) {
    const plan: PlanView = { ...v.plan, versionId: v.plan.id };
    parts.push({ kind: "text", lines: [planCardLine(plan, o.timezone)] });
    const a = o.planAction?.(plan);
    if (a) parts.push({ kind: "actions", actions: [{ text: "📋 Care plan…", ...a }] });
  }
  parts.push(...petAsNeededParts(v.asNeeded, o.timezone, o.giveAction));
  // Its stay's medicines in custody (issue 49): each held with its balance, each of the plan's not counted in.
  if (v.medicines) {
    const { stay, held } = v.medicines;
    const lines = petMedicineLines(stay, held);
    const action = o.medicinesAction?.(stay.bookingId, stay.petId, stay.medicines.length > 0);
    if (lines.length) parts.push({ kind: "text", lines, action });
  }
  // Its stay's full record (each dose, meal and check), as the booking's card opens it.
  const stay = v.stay && o.stayAction?.(v.stay);
  if (stay) parts.push({ kind: "actions", actions: [{ text: "📋 Stay record", ...stay }] });
  const owner = ownerPart(v);
  if (owner) parts.push(owner);
  parts.push({
    kind: "note",
    lines: [dotted(pet.petId !== undefined && `pet id ${pet.petId}`)],
  });
  return { fallback: `Care summary: ${petName(v)}`, parts };
}

/** The pet's papers (microchip, registration, passport, insurer) and its evaluation. */
function idFields({ pet, care }: PetView, o: PetDocOptions): Array<{ label: string; value: Line }> {
  const fields: Array<{ label: string; value: Line }> = [];
  if (pet.microchip) fields.push({ label: "Microchip", value: [code(value(pet.microchip, 100))] });
  if (pet.registration) fields.push({ label: "Registration", value: line(value(pet.registration, 200)) });
  if (pet.passport) fields.push({ label: "Passport", value: line(value(pet.passport, 200)) });
  if (pet.insurer || pet.insurerNumber)
    fields.push({
      label: "Insurer",
      value: dotted(
        pet.insurer ? value(pet.insurer, 200) : "not recorded",
        pet.insurerNumber && `policy ${value(pet.insurerNumber, 100)}`,
      ),
    });
  fields.push({ label: "Evaluation", value: evaluationLine(care, o.timezone, o.thisYear) });
  return fields;
}

/** The owner with their phones and emergency contact (the asker's own reply), or why not. */
function ownerPart({ pet, owner }: PetView): Part | undefined {
  if (owner) {
    const phone = (x: string | undefined) => x && unbrokenPhone(x);
    const emergency = [owner.emergencyContactName, phone(owner.emergencyContactPhone)]
      .filter(Boolean)
      .join(", ");
    const phones = [phone(owner.mobile), phone(owner.landline)].filter(Boolean).join(" · ");
    return {
      kind: "text",
      lines: [
        labelled("👤", "Owner", [
          {
            text: `${whole(customerName(owner))}${owner.customerId !== undefined ? ` (customer id ${owner.customerId})` : ""}`,
          },
        ]),
        ...(phones ? [line(`📞 ${value(phones, 200)}`)] : []),
        ...(emergency ? [labelled("🚨", "Emergency contact", [{ text: whole(emergency) }])] : []),
      ],
    };
  }
  if (pet.customerId === undefined) return undefined;
  return { kind: "text", lines: [line(`👤 Owner: customer ${pet.customerId} (could not be loaded)`)] };
}

// --- a page of pets ------------------------------------------------------------------------------

/**
 * A list of pets' title: a search's "Pets matching “Biscuit” (3)", or one customer's pets as the
 * customer's card counts them, "Pets of Siobhán O'Brien (2)" (never a search nobody typed).
 */
export function petListTitle(l: PetSearch): string {
  if (l.petsOf !== undefined) return `Pets of ${whole(l.petsOf)} (${l.totalRecords})`;
  // Every pet, asked with no words (the connector's list_pets with an empty search): no "matching “”".
  if (!l.query.trim()) return `Pets (${l.totalRecords})`;
  return `Pets matching “${value(l.query, 100)}” (${l.totalRecords})`;
}

/** Same-named pets told apart: owner, breed, sex, age (when the API gives one) and the pet id. */
export function petListDoc(l: PetSearch, o: ListDocOptions = {}): Doc {
  const title = petListTitle(l);
  const parts: Part[] = [{ kind: "title", text: title }];
  if (l.owner && l.petsOf === undefined)
    parts.push({
      kind: "summary",
      lines: [line(`Searched for “${value(l.name, 100)}” with owner “${value(l.owner, 100)}”.`)],
    });
  if (l.totalRecords === 0 && l.items.length === 0)
    parts.push({
      kind: "text",
      lines: [
        line(
          l.petsOf === undefined
            ? "No pets match. Check the spelling (part of the name is enough)."
            : "No pets recorded for this customer.",
        ),
      ],
    });
  for (const { pet, owner, age, inHouse } of l.items) {
    const who = owner
      ? whole(owner)
      : pet.customerId !== undefined
        ? `owner: customer ${pet.customerId}`
        : "owner not recorded";
    const name = whole(pet.name ?? "unnamed");
    parts.push({
      kind: "item",
      lines: [
        dotted(
          line(`${speciesEmoji(pet)} `, strong(name)),
          inHouse && "🏠 in house today",
          who,
          ...[pet.breed, pet.sex, age].map((x) => x && value(x, 100)),
          pet.deleted && "🗑 deleted",
          toned("accent", `pet id ${pet.petId ?? "not recorded"}`),
        ),
      ],
    });
    const open = pet.petId !== undefined ? o.openAction?.(pet.petId) : undefined;
    if (open)
      parts.push({
        kind: "actions",
        actions: [{ text: `Open ${pet.name ?? "pet"}${owner ? ` (${owner})` : ""}`, ...open }],
      });
  }
  if (o.pageAction) parts.push(pageActions({ page: l.page, pages: l.totalPages }, o.pageAction));
  parts.push(...pageNote(l));
  return { fallback: title, parts };
}
