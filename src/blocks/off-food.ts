/** The Home tab's "pets off their food" list, for the one who clicked: its document as its messages. */
import type { OffFoodListed } from "../answers/home-record.ts";
import { offFoodDoc } from "../present/off-food.ts";
import { docMessages } from "./doc.ts";
import type { Message } from "./types.ts";

export function offFoodMessages(pets: OffFoodListed[] | undefined, date: string): Message[] {
  return docMessages(offFoodDoc(pets, date));
}
