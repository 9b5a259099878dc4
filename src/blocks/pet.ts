/** A pet's care summary, and a short list of pets with a button to open each. */
import type { Customer, Pet } from "../kennel/schemas.ts";
import { medicationsOf, speciesEmoji } from "./care.ts";
import { dateTimeOf, plural } from "./format.ts";
import { button, clip, context, esc, fallback, fields, header, section } from "./mrkdwn.ts";
import type { Block, Message } from "./types.ts";

const none = "—";

/** A value for one line of a card: escaped, capped so the other lines of its section survive. */
function value(v: string | number | boolean | undefined, max = 450): string {
  if (v === undefined || v === "") return none;
  if (typeof v === "boolean") return v ? "yes" : "no";
  return clip(v, max);
}

export interface PetCardInput {
  pet: Pet;
  /** The owner, when it could be loaded (name only is shown: this card is for the asker). */
  owner?: Customer | undefined;
  timezone: string;
  thisYear: string;
  requestId?: string | undefined;
}

export function petCard(input: PetCardInput): Message {
  const { pet } = input;
  const name = pet.name ?? "Unnamed pet";
  const title = `${speciesEmoji(pet)} ${name}`;
  const blocks: Block[] = [header(title)];
  const flags = [pet.deleted ? "🗑 deleted" : "", pet.archived ? "📦 archived" : ""].filter(Boolean);
  if (flags.length) blocks.push(context(flags.join(" · ")));
  blocks.push(
    fields([
      `*Species*\n${value(pet.petType)}`,
      `*Breed*\n${value(pet.breed)}${pet.crossBreed ? " (cross)" : ""}`,
      `*Sex*\n${value(pet.sex)}`,
      `*Spayed/neutered*\n${value(pet.spayed)}`,
      `*Weight*\n${value(pet.weight)}`,
      `*Microchip*\n${pet.microchip ? `\`${clip(pet.microchip, 100)}\`` : none}`,
      `*Colour*\n${value(pet.colour)}`,
      `*Owner*\n${input.owner ? esc([input.owner.firstname, input.owner.secondname].filter(Boolean).join(" ")) : pet.customerId !== undefined ? `customer ${pet.customerId}` : none}`,
    ]),
  );
  const diet = [
    pet.dietaryRequirements ? `*General:* ${value(pet.dietaryRequirements, 700)}` : "",
    `*Morning:* ${value(pet.dietaryRequirementsAm, 700)}`,
    `*Midday:* ${value(pet.dietaryRequirementsNoon, 700)}`,
    `*Evening:* ${value(pet.dietaryRequirementsPm, 700)}`,
  ].filter(Boolean);
  blocks.push(section(`🍽 *Diet*\n${diet.join("\n")}`));
  const meds = medicationsOf(pet);
  if (meds.length === 0) {
    blocks.push(section("💊 *Medication*\nNone recorded."));
  } else {
    const slot = (label: string, pick: (m: (typeof meds)[number]) => string | undefined) => {
      const items = meds.filter((m) => pick(m)).map((m) => `${m.n}. ${value(pick(m), 370)}`);
      return `*${label}*\n${items.length ? items.join("\n") : none}`;
    };
    blocks.push(section(`💊 *Medication* (${plural(meds.length, "medication")})`));
    blocks.push(
      fields([
        slot("☀️ Morning", (m) => m.morning),
        slot("🌤 Midday", (m) => m.midday),
        slot("🌙 Evening", (m) => m.evening),
      ]),
    );
  }
  const evaluatedAt = pet.evaluationCompleteDate
    ? dateTimeOf(pet.evaluationCompleteDate, input.timezone, input.thisYear)
    : "";
  const evaluated = /\d\d:\d\d$/.test(evaluatedAt) ? evaluatedAt.replace(/, \d\d:\d\d$/, "") : "";
  blocks.push(
    section(
      [
        `⚠️ *Allergies:* ${value(pet.allergies)}`,
        `🩺 *Medical notes:* ${value(pet.medicalNotes)}`,
        `🛡 *Insurer:* ${value(pet.insurer, 200)}${pet.insurerNumber ? ` · policy \`${clip(pet.insurerNumber, 100)}\`` : ""}`,
        `📋 *Evaluation:* ${
          pet.evaluationComplete === undefined
            ? none
            : pet.evaluationComplete
              ? `complete${evaluated ? ` (${evaluated})` : ""}`
              : "not complete"
        }${pet.evaluationCompleteNotes ? ` · ${value(pet.evaluationCompleteNotes, 300)}` : ""}`,
        `📝 *Notes:* ${value(pet.notes)}`,
        pet.groomingNotes ? `✂️ *Grooming:* ${value(pet.groomingNotes, 300)}` : "",
      ]
        .filter(Boolean)
        .join("\n"),
    ),
  );
  const foot = [
    pet.petId !== undefined ? `pet id ${pet.petId}` : "",
    input.requestId ? `request id ${esc(input.requestId)}` : "",
  ]
    .filter(Boolean)
    .join(" · ");
  if (foot) blocks.push(context(foot));
  return { text: fallback(`Care summary: ${name}`), blocks };
}

export interface PetListInput {
  query: string;
  pets: Pet[];
  page: number;
  totalPages: number;
  totalRecords: number;
  /** Paging state for the list's own buttons. */
  pageAction: string;
}

/** Several matches: a short list, a button to open each, and paging through the API's pages. */
export function petList(input: PetListInput): Message {
  const title = fallback(`Pets matching “${input.query}” (${input.totalRecords})`);
  const blocks: Block[] = [header(title)];
  if (input.pets.length === 0) {
    blocks.push(
      section(`No pet matches “${esc(input.query)}”. Check the spelling, or try part of the name.`),
    );
    return { text: title, blocks };
  }
  for (const pet of input.pets) {
    const line = `${speciesEmoji(pet)} *${clip(pet.name ?? "unnamed", 300)}* · ${value(pet.breed, 200)} · ${value(pet.sex, 100)}${pet.deleted ? " · 🗑 deleted" : ""}`;
    blocks.push(
      section(
        line,
        pet.petId !== undefined
          ? button("Open", `pet_open:${pet.petId}`, JSON.stringify({ p: pet.petId }))
          : undefined,
      ),
    );
  }
  blocks.push(...pagingBlocks(input.page, input.totalPages, input.pageAction, { q: input.query }));
  return { text: title, blocks };
}

/** Previous/Next buttons for API-paged lists, with their state in the value. */
export function pagingBlocks(
  page: number,
  totalPages: number,
  actionId: string,
  state: Record<string, unknown>,
): Block[] {
  if (totalPages <= 1) return [];
  const buttons = [];
  if (page > 1)
    buttons.push(button("◀ Previous", `${actionId}:prev`, JSON.stringify({ ...state, p: page - 1 })));
  if (page < totalPages) {
    buttons.push(
      button(
        `Next ▶ (page ${page + 1} of ${totalPages})`,
        `${actionId}:next`,
        JSON.stringify({ ...state, p: page + 1 }),
      ),
    );
  }
  return [{ type: "actions", elements: buttons }, context(`page ${page} of ${totalPages}`)];
}
