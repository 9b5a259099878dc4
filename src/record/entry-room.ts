import type { EntryInput } from "./types.ts";

/** The longest pet's name and item's words an entry keeps (the database's own check: src/record/schema.ts). */
export const ENTRY_PET_NAME_MAX = 200;
export const ENTRY_ITEM_TEXT_MAX = 3000;

/**
 * `text` as an entry keeps it: whole when it fits `max` characters (code points, as the database
 * counts them); else its first words, then how much of it there was and where it is whole. A round's
 * kept sheet keeps a pet's name and an item's words whole up to 2,000 and 200,000 characters (issue
 * 47) and the pet's plan keeps its doses' words, so the whole stays in the record; the entry beside it
 * is never refused for its length: a dose the sheet prints can always be recorded there.
 */
export function keptInEntry(text: string, max: number): string {
  const chars = [...text];
  if (chars.length <= max) return text;
  const count = String(chars.length).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const tail = ` … [${count} characters in all: kept whole with the round's sheet or the pet's plan in this record]`;
  let head = chars.slice(0, max - [...tail].length).join("");
  const space = head.search(/\s\S*$/);
  if (space > head.length - 200 && space > 0) head = head.slice(0, space);
  return `${head.trimEnd()}${tail}`;
}

/** An entry's pet's name and item's words as the record keeps them (`keptInEntry`). */
export function withinEntry(input: EntryInput): EntryInput {
  const petName =
    typeof input.petName === "string" ? keptInEntry(input.petName, ENTRY_PET_NAME_MAX) : input.petName;
  const itemText =
    typeof input.itemText === "string" ? keptInEntry(input.itemText, ENTRY_ITEM_TEXT_MAX) : input.itemText;
  return petName === input.petName && itemText === input.itemText ? input : { ...input, petName, itemText };
}
