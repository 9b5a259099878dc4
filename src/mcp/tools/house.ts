/**
 * list_in_house and get_round: the care day, over the same answers as Slack's /inhouse and /rounds
 * (src/answers/house.ts, rounds.ts), drawn by the same plain-text renderer as the terminal. What the
 * channel sees and no more: the structured content has every contact field taken out (phone, email,
 * address, emergency contact), as in a channel post. A round already posted is the sheet kept then,
 * with its record now (issue 45: what was due is the record's), as `kennel-desk rounds` shows it.
 * Read-only: nothing is written to the care record (a plan not kept yet is drafted for the answer).
 */
import { houseReport, pageOfHouse } from "../../answers/house.ts";
import { keptRoundNow } from "../../answers/round-record.ts";
import { currentRound, roundReport } from "../../answers/rounds.ts";
import type { Deps } from "../../deps.ts";
import { channelSafeAnswer } from "../../domain/privacy.ts";
import { roundNamed } from "../../domain/round-names.ts";
import { houseDoc } from "../../present/house.ts";
import { sheetDocs, sheetRecordDoc, wholeSheet } from "../../present/round-sheet.ts";
import { referenceOf, roundDoc } from "../../present/rounds.ts";
import { docText } from "../../text/doc.ts";
import { day, roundInput, textPage } from "../inputs.ts";
import { dayPageLine } from "../lists.ts";
import { addTool, answer, type ToolServer, textOptions, today } from "../tool.ts";

const CHANNEL_SAFE =
  "Results carry customer names and pets' care, never contact details (phone, email, address): what Slack shows in a channel.";

const housePage = textPage(
  "One-based page of the board in the text, paged as Slack pages /inhouse. Default 1. The structured content always carries every stay of the day.",
);

export function register(server: ToolServer, deps: Deps): void {
  addTool(
    server,
    deps,
    {
      name: "list_in_house",
      title: "List who is in house",
      description:
        `Every pet staying on a day (in the kennel's time zone, ${deps.config.timezone}), by room, exactly as Slack's /inhouse: ` +
        "owner, going-home date, arriving that day, and each pet's care (medication by name, allergies, not evaluated, special diet, notes, each note that carries danger in full); " +
        "a stay still checked in past its check-out is listed (pastCheckOut: still here?), one checked out says when (checkedOutAt); pets off their food are flagged (offFood) when the care record can be read; " +
        "care that could not be matched to the customer's pet records says so (care status not_matched). " +
        "Totals count the whole day (pets, rooms, going home, arriving, care not matched or not loaded); " +
        "a stay whose check-in date could not be read is in pets (listed, and named in houseNote) but never in arriving: its pets are totals.checkInNotRead. " +
        "The text shows one page of a long day (ask for the next with page); the structured content carries every stay, with textPage saying which page the text shows. " +
        CHANNEL_SAFE,
      inputSchema: { date: day(deps), page: housePage },
      card: true,
    },
    async (a) => {
      const whole = await houseReport(deps, a.date ?? today(deps), { wholeDay: true });
      const shown = pageOfHouse(whole, a.page ?? 1);
      const o = textOptions(deps);
      const doc = houseDoc(shown, o);
      const text = [docText(doc, o), dayPageLine(shown)].filter(Boolean).join("\n");
      const textPage = { page: shown.page, pages: shown.pages, from: shown.from };
      return answer(text, channelSafeAnswer({ ...whole, textPage }) as object, doc);
    },
  );

  addTool(
    server,
    deps,
    {
      name: "get_round",
      title: "Get a feeding and medication round",
      description:
        "A round's feeding and medication sheet, exactly as Slack's /rounds and the round posts: every pet in house at the round's time, by room, " +
        "with the round's diet and the general diet, each medication as the round's sheet shows it (the instruction is never given a time of day the API did not state), allergies, the notes that carry danger and those on feeding, and a pet off its food (offFood, from the care record when it can be read); " +
        "a stay still checked in past its check-out is on the sheet (pastCheckOut: still here?); " +
        "a booking whose pets could not be matched or loaded is one row that says so. Pets gone home before the round or arriving after it are counted, not listed. " +
        "Once the round is posted, it is the sheet kept then (what was due, as the care record keeps it, never the kennel system's words of a later moment) with each pet's record now under its lines, as kennel-desk rounds shows it: the structured content names the kept sheet (kept.sheet) and each pet's due items as the round asked them. " +
        "Another day's round never posted (a past day's, or one still to come) is the sheet as the bookings say now, marked \"🔎 For reference, not kept\" in kennel-desk rounds' words: a past day's is not what was due then. " +
        `The structured content carries every pet on the sheet. Writes nothing. ${CHANNEL_SAFE}`,
      inputSchema: { round: roundInput(deps.config.rounds.names), date: day(deps) },
      card: true,
    },
    async (a) => {
      const round = roundNamed(a.round, deps.config.rounds.names) ?? currentRound(deps);
      const date = a.date ?? today(deps);
      const kept = await keptRoundNow(deps, round, date);
      return kept ? keptRound(deps, kept) : draftRound(deps, round, date);
    },
  );
}

/**
 * A round not kept: the sheet as the bookings say now, read only (a plan not kept yet, or whose words
 * changed, drafted for this answer alone); another day's marked for reference, not kept, in the
 * terminal's words, and its data says it too, so an assistant reading the structured content alone
 * never takes it for what was due.
 */
async function draftRound(deps: Deps, round: Parameters<typeof roundReport>[1], date: string) {
  const report = await roundReport(deps, round, date, { keepPlans: false });
  const reference = referenceOf(date, today(deps));
  const doc = roundDoc(report, { reference });
  const data = {
    ...(channelSafeAnswer(report) as object),
    ...(reference ? { forReference: reference } : {}),
  };
  return answer(docText(doc, textOptions(deps)), data, doc);
}

/**
 * A round already posted: the sheet kept then, as one (no messages, no buttons), each pet's record
 * under its lines, as `kennel-desk rounds` prints it; its data: the kept sheet's id and its pets, each
 * with what the round asked of it (ids, names and the items' words: no contact detail).
 */
function keptRound(deps: Deps, kept: NonNullable<Awaited<ReturnType<typeof keptRoundNow>>>) {
  const { sheet, record, problem } = kept;
  const doc = sheetRecordDoc(sheetDocs(wholeSheet(sheet), record, { problem }));
  const pets = sheet.pets.map(({ message: _, ...p }) => p);
  const data = {
    date: sheet.date,
    round: sheet.round,
    kept: { sheet: sheet.id },
    pets,
    ...(problem ? { problem } : {}),
  };
  return answer(docText(doc, textOptions(deps)), data, doc);
}
