/** The Home tab's "pets off their food" list, for the one who clicked: its document as one message. */
import type { OffFoodListed } from "../answers/home-record.ts";
import { offFoodDoc } from "../present/off-food.ts";
import { docMessage } from "./doc.ts";
import type { Message } from "./types.ts";

export function offFoodMessage(pets: OffFoodListed[] | undefined, date: string): Message {
  return docMessage(offFoodDoc(pets, date));
}
