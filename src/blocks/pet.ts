/** A pet's care summary (only the asker sees it), and a list of pets that tells same-named pets apart. */
import { customerName, type PetSearch, type PetView } from "../answers/records.ts";
import { type CareFacts, hasAnyDiet } from "../domain/care.ts";
import {
  allergyInNotesWords,
  COULD_NOT_BE_READ,
  evaluationWords,
  listedTwiceWords,
  medicationRow,
  petAboutWords,
  petStateWords,
  speciesEmoji,
  unreadableWords,
} from "../words/care.ts";
import { dayOf } from "../words/dates.ts";
import { openPet, petsPage } from "./buttons.ts";
import { fitMessage } from "./fit.ts";
import { bold, button, clip, context, esc, fallback, fields, header, section, truncate } from "./mrkdwn.ts";
import { pagingBlocks } from "./paging.ts";
import { rawMessages } from "./raw.ts";
import type { Block, ImageElement, Message } from "./types.ts";

/** The pet's photo as an image beside the text, only for an https URL (the bot never fetches it). */
function photoOf(photo: string | undefined, name: string): ImageElement | undefined {
  if (!photo || !/^https:\/\/[^\s<>|]+$/.test(photo) || photo.length > 3000) return undefined;
  return { type: "image", image_url: photo, alt_text: `Photo of ${name}`.slice(0, 2000) };
}

/** Diet lines, only those recorded. */
function dietLines(care: CareFacts): string[] {
  const d = care.diet;
  if (!hasAnyDiet(d)) return ["No diet recorded."];
  return [
    d.general ? `*General:* ${clip(d.general, 700)}` : "",
    d.morning ? `*Morning:* ${clip(d.morning, 700)}` : "",
    d.midday ? `*Midday:* ${clip(d.midday, 700)}` : "",
    d.evening ? `*Evening:* ${clip(d.evening, 700)}` : "",
  ].filter(Boolean);
}

export function petMessages(v: PetView, timezone: string, thisYear: string): Message[] {
  const { pet, care, owner } = v;
  const name = pet.name ?? "Unnamed pet";
  if (v.raw !== undefined)
    return rawMessages(`Pet ${name}`, v.raw, `kennel-desk pet ${pet.petId ?? name} --json`);
  const blocks: Block[] = [header(`${speciesEmoji(pet)} ${name}`)];
  const states = petStateWords(pet);
  if (states.length) blocks.push(context(states.join(" · ")));
  const about = petAboutWords(pet);
  const photo = photoOf(pet.photo, name);
  const photoText = pet.photo && !photo ? `\n📷 Photo: ${clip(pet.photo, 300)}` : "";
  blocks.push({
    type: "section",
    text: section(`${about.length ? esc(about.join(" · ")) : "No details recorded."}${photoText}`).text,
    ...(photo ? { accessory: photo } : {}),
  });
  const ids = [
    pet.microchip ? `*Microchip*\n\`${clip(pet.microchip, 100)}\`` : "",
    pet.registration ? `*Registration*\n${clip(pet.registration, 200)}` : "",
    pet.passport ? `*Passport*\n${clip(pet.passport, 200)}` : "",
    pet.insurer || pet.insurerNumber
      ? `*Insurer*\n${clip(pet.insurer ?? "not recorded", 200)}${pet.insurerNumber ? ` · policy \`${clip(pet.insurerNumber, 100)}\`` : ""}`
      : "",
    `*Evaluation*\n${evaluationWords(care.evaluation)}${care.evaluationDate ? ` (${dayOf(care.evaluationDate, timezone, thisYear)})` : ""}${care.evaluationNotes ? ` · ${clip(care.evaluationNotes, 300)}` : ""}`,
  ].filter(Boolean);
  blocks.push(fields(ids));
  if (care.fasting) blocks.push(section(`🚫 *Fasting:* ${clip(care.fasting, 600)}`));
  if (care.unreadable.length) blocks.push(section(`❔ ${esc(unreadableWords(care.unreadable))}`));
  const alerts = [
    care.allergyInNotes ? `🩺 ${esc(allergyInNotesWords(care.allergyInNotes))}` : "",
    ...care.listedTwice.map((name) => `💊 ${esc(listedTwiceWords(name))}`),
  ].filter(Boolean);
  if (alerts.length) blocks.push(section(alerts.join("\n")));
  const unread = (what: RegExp) => care.unreadable.some((u) => what.test(u));
  blocks.push(section(`🍽 *Diet*\n${dietLines(care).join("\n")}`));
  blocks.push(
    section(
      care.medications.length
        ? `💊 *Medication* (instruction · midday · evening, as recorded)\n${care.medications.map((m) => `${m.n}. ${clip(medicationRow(m), 560)}`).join("\n")}`
        : `💊 *Medication*\n${unread(/medication|its care/) ? `Medication ${COULD_NOT_BE_READ}.` : "None recorded."}`,
    ),
  );
  const notes = [
    care.allergies
      ? `⚠️ *Allergies:* ${clip(care.allergies, 600)}`
      : unread(/allergies|its care/)
        ? `⚠️ *Allergies:* ${COULD_NOT_BE_READ}`
        : "",
    care.medicalNotes ? `🩺 *Medical notes:* ${clip(care.medicalNotes, 600)}` : "",
    care.groomingNotes ? `✂️ *Grooming:* ${clip(care.groomingNotes, 400)}` : "",
    care.notes ? `📝 *Notes:* ${clip(care.notes, 600)}` : "",
  ].filter(Boolean);
  if (notes.length) blocks.push(section(notes.join("\n")));
  if (owner) {
    const emergency = [owner.emergencyContactName, owner.emergencyContactPhone].filter(Boolean).join(", ");
    blocks.push(
      section(
        truncate(
          [
            `👤 *Owner:* ${clip(customerName(owner), 200)}`,
            owner.mobile || owner.landline
              ? `📞 ${esc([owner.mobile, owner.landline].filter(Boolean).join(" · "))}`
              : "",
            emergency ? `🚨 *Emergency contact:* ${clip(emergency, 300)}` : "",
          ]
            .filter(Boolean)
            .join("\n"),
          2900,
        ),
      ),
    );
  } else if (pet.customerId !== undefined) {
    blocks.push(context(`Owner: customer ${pet.customerId} (could not be loaded)`));
  }
  const foot = [
    pet.petId !== undefined ? `pet id ${pet.petId}` : "",
    `request id ${esc(v.requestId)}`,
  ].filter(Boolean);
  blocks.push(context(foot.join(" · ")));
  return [fitMessage({ text: fallback(`Care summary: ${name}`), blocks })];
}

/** Several matches: owner, breed, sex and age on each row, and a button that names the owner. */
export function petListMessages(l: PetSearch): Message[] {
  const title = `Pets matching “${l.query}” (${l.totalRecords})`;
  if (l.raw !== undefined) return rawMessages(title, l.raw, `kennel-desk pet ${l.query} --json`);
  const blocks: Block[] = [header(title)];
  for (const { pet, owner, age } of l.items) {
    const details = [pet.breed, pet.sex, age].filter(Boolean).join(" · ");
    const line = `${speciesEmoji(pet)} ${bold(clip(pet.name ?? "unnamed", 200))}${owner ? ` — ${clip(owner, 200)}` : ""}${pet.deleted ? " · 🗑 deleted" : ""}\n${details ? esc(details) : "no details recorded"}${pet.petId !== undefined ? ` · id ${pet.petId}` : ""}`;
    const label = `Open ${pet.name ?? "pet"}${owner ? ` (${owner})` : ""}`;
    blocks.push(
      section(
        line,
        pet.petId !== undefined
          ? button(label, openPet.actionId(pet.petId), openPet.encode({ p: pet.petId }))
          : undefined,
      ),
    );
  }
  if (l.owner) blocks.push(context(`Searched for “${esc(l.name)}” with owner “${esc(l.owner)}”.`));
  blocks.push(...pagingBlocks(petsPage, { q: l.query }, l.page, l.totalPages));
  return [fitMessage({ text: fallback(title), blocks })];
}
