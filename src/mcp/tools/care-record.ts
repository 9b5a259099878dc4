/**
 * get_care_record: the care record Kennel Desk keeps (beside the spec's eleven tools, read-only):
 * a day's record by round and pet beside what was due (as `kennel-desk record`), or one stay's
 * record for the handover (as the "Stay record" button and `kennel-desk record --booking`). Offered
 * only where the connector can read the record. Same privacy rules: the record holds no customer
 * contact; a booking's stay answer carries only the pets' names and the entries.
 */
import { recordDay } from "../../answers/care-record.ts";
import { UsageError } from "../../answers/failure.ts";
import { bookingStay } from "../../answers/stay-booking.ts";
import { welfareDay } from "../../answers/welfare-record.ts";
import type { Deps } from "../../deps.ts";
import { roundNamed } from "../../domain/round-names.ts";
import type { Doc } from "../../present/doc.ts";
import { recordDayDoc } from "../../present/record-day.ts";
import { stayRecordDoc } from "../../present/stay.ts";
import { welfareDayDoc } from "../../present/welfare-record.ts";
import type { CareRecordStore } from "../../record/types.ts";
import { docText } from "../../text/doc.ts";
import { bookingRef, day, id, roundInput } from "../inputs.ts";
import { addTool, answer, type ToolServer, textOptions, today } from "../tool.ts";

export function register(server: ToolServer, deps: Deps): void {
  const store = deps.record;
  if (!store) return;
  addTool(
    server,
    deps,
    {
      name: "get_care_record",
      title: "Get the care record",
      description:
        "The care record the kennel's staff keep in Slack (medication given, refused or not given; how much each pet ate; the daily welfare check of drinking, stool, urine and demeanour, and its flags with the vet's advice; who recorded it and when, in the kennel's time zone; corrections kept and marked). " +
        "Either a day's record by round and pet, beside what each round's sheet said was due (date, optionally round and pet), " +
        "or one stay's record for the handover at pick-up (booking: a reference or id): doses given of those due, each refusal or missed dose with its time, meals eaten, each day's welfare check or its absence, then every round's entries. " +
        "The record holds no customer contact details.",
      inputSchema: {
        date: day(deps),
        round: roundInput(deps.config.rounds.names),
        pet: id("pet").optional(),
        booking: bookingRef(
          "A booking's reference (for example HP-7K2M9Q) or id: that stay's whole record. Not with date, round or pet.",
        ),
      },
      card: true,
    },
    async (a) => {
      if (a.booking === undefined) return dayRecord(deps, store, a);
      if (a.date !== undefined || a.round !== undefined || a.pet !== undefined) {
        throw new UsageError(
          "Give either a booking, or a date (with a round or pet), not both.",
          "Call get_care_record with booking alone for a stay's record, or with date for a day's.",
        );
      }
      return stayRecord(deps, a.booking);
    },
  );
}

/** One stay's record for the handover at pick-up, by its booking's reference or id (the record alone when the API cannot be read). */
async function stayRecord(deps: Deps, booking: string) {
  const { reference, bookingId, stay, requestId } = await bookingStay(deps, booking);
  const doc = stayRecordDoc(stay, reference, { timezone: deps.config.timezone });
  const data = { reference, bookingId: bookingId ?? null, stay, requestId };
  return answer(docText(doc, textOptions(deps)), data, doc);
}

/** A day's record by round and pet, then the day's welfare checks and flags (issue 38). */
async function dayRecord(
  deps: Deps,
  store: CareRecordStore,
  a: { date?: string | undefined; round?: string | undefined; pet?: number | undefined },
) {
  const where = store.engine === "sqlite" ? "the bot's SQLite file" : "the bot's PostgreSQL database";
  const query = {
    date: a.date ?? today(deps),
    round: roundNamed(a.round, deps.config.rounds.names),
    petId: a.pet,
  };
  const r = await recordDay({ ...deps, record: store }, where, query);
  const day = await welfareDay(store, query.date, deps.config.timezone, query.petId);
  const rounds = day.rounds.filter((x) => !query.round || x.round === query.round);
  const welfare = rounds.length || day.flags.length ? { ...day, rounds } : undefined;
  const rounds_ = recordDayDoc(r, deps.config.timezone);
  const doc: Doc = welfare
    ? { ...rounds_, parts: [...rounds_.parts, ...welfareDayDoc(welfare, deps.config.timezone).parts] }
    : rounds_;
  return answer(docText(doc, textOptions(deps)), { ...r, ...(welfare ? { welfare } : {}) }, doc);
}
