/**
 * A pet's care summary (only the asker sees it), and a list of pets that tells same-named pets
 * apart: the documents of src/present/records.ts as messages, the pet's photo beside its details.
 */
import type { PetSearch, PetView } from "../answers/records.ts";
import { PET_ABOUT_PART, petDoc, petListDoc, petName } from "../present/pets.ts";
import { openPet, petsPage, prnGive } from "./buttons.ts";
import { custodyOpenAction } from "./custody.ts";
import { blockMessages, docGroups, docMessages } from "./doc.ts";
import { planAction } from "./plan.ts";
import { rawMessages } from "./raw.ts";
import { stayRecordAction } from "./stay.ts";
import type { Block, ImageElement, Message } from "./types.ts";

/** The pet's photo as an image beside the text, only for an https URL (the bot never fetches it). */
function photoOf(photo: string | undefined, name: string): ImageElement | undefined {
  if (!photo || !/^https:\/\/[^\s<>|]+$/.test(photo) || photo.length > 3000) return undefined;
  return { type: "image", image_url: photo, alt_text: `Photo of ${name}`.slice(0, 2000) };
}

export function petMessages(v: PetView, timezone: string, thisYear: string): Message[] {
  const name = petName(v);
  if (v.raw !== undefined)
    return rawMessages(`Pet ${name}`, v.raw, `kennel-desk pet ${v.pet.petId ?? name} --json`);
  const doc = petDoc(v, {
    timezone,
    thisYear,
    planAction,
    giveAction: (p) => ({
      actionId: prnGive.actionId(`${p.bookingId}-${p.petId}`),
      value: prnGive.encode({ b: p.bookingId, p: p.petId }),
    }),
    medicinesAction: custodyOpenAction,
    stayAction: stayRecordAction,
  });
  const photo = photoOf(v.pet.photo, name);
  if (!photo) return docMessages(doc);
  // The photo is Slack's alone: an image beside the pet's details (the text names its address too).
  const groups = docGroups(doc.parts);
  const about = groups[PET_ABOUT_PART]?.[0];
  if (about?.type === "section") (groups[PET_ABOUT_PART] as Block[])[0] = { ...about, accessory: photo };
  const title = doc.parts[0]?.kind === "title" ? doc.parts[0].text : undefined;
  return blockMessages(doc.fallback, title, groups);
}

/** Several matches: owner, breed, sex and age on each row, and a button that names the owner. */
export function petListMessages(l: PetSearch): Message[] {
  if (l.raw !== undefined)
    return rawMessages(
      `Pets matching “${l.query}” (${l.totalRecords})`,
      l.raw,
      `kennel-desk pet ${l.query} --json`,
    );
  const doc = petListDoc(l, {
    openAction: (p) => ({ actionId: openPet.actionId(p), value: openPet.encode({ p }) }),
    pageAction: (p, direction) => ({
      actionId: petsPage.actionId(direction),
      value: petsPage.encode({ q: l.query, p }),
    }),
  });
  return docMessages(doc);
}
