/** The stay's full care record as terminal text (`kennel-desk record --booking`, the connector). */
import type { StayRecordView } from "../domain/stay.ts";
import { stayRecordDoc } from "../present/stay.ts";
import { docText } from "./doc.ts";
import type { TextOptions } from "./options.ts";

/** The stay's full record: each pet, each round, each item with who and when; corrections kept. */
export function stayRecordText(stay: StayRecordView, reference: string, o: TextOptions): string {
  return docText(stayRecordDoc(stay, reference, { timezone: o.timezone }), o);
}
