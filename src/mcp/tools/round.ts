/**
 * get_round: a round's feeding and medication sheet, over the same answers as Slack's /rounds
 * (src/answers/rounds.ts), drawn by the same plain-text renderer as the terminal, without contact
 * details (as a channel post). A round already posted is the sheet kept then, with its record now
 * (issue 45: what was due is the record's), as `kennel-desk rounds` shows it; its structured content
 * carries what its text says, pet by pet: the sheet's lines as kept (room, allergies, notes that carry
 * danger, a fast), its record's lines, and each item due with its state in the record (given, refused,
 * late, missed…), as get_care_record gives it. Read-only: nothing is written to the care record (a
 * plan not kept yet is drafted for the answer).
 */
import { recordDay } from "../../answers/care-record.ts";
import { thisYear } from "../../answers/records.ts";
import { keptRoundNow } from "../../answers/round-record.ts";
import { currentRound, roundReport } from "../../answers/rounds.ts";
import type { Sheet, SheetPet } from "../../answers/sheets.ts";
import type { Deps } from "../../deps.ts";
import type { Round } from "../../domain/care.ts";
import { channelSafeAnswer } from "../../domain/privacy.ts";
import { roundNamed } from "../../domain/round-names.ts";
import { type Line, lineText } from "../../present/doc.ts";
import { sheetDocs, sheetRecordDoc, wholeSheet } from "../../present/round-sheet.ts";
import { referenceOf, roundDoc, sheetPetKey } from "../../present/rounds.ts";
import { docText } from "../../text/doc.ts";
import { day, roundInput } from "../inputs.ts";
import { addTool, answer, type ToolServer, textOptions, today } from "../tool.ts";
import { withYear } from "../years.ts";

const CHANNEL_SAFE =
  "Results carry customer names and pets' care, never contact details (phone, email, address): what Slack shows in a channel.";

export function register(server: ToolServer, deps: Deps): void {
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
        "a booking whose pets could not be matched or loaded is one row that says so. Pets gone home before the round are counted in its summary, not listed; " +
        'a pet arriving later that day is listed, marked with its time ("🛬 arrives 14:00"), each dose as its plan asks it of a pet not yet here (due on arrival: ask the owner; or arrives after this round). ' +
        "Once the round is posted, it is the sheet kept then (what was due, as the care record keeps it, never the kennel system's words of a later moment) with each pet's record now under its lines, as kennel-desk rounds shows it: " +
        "the structured content names the kept sheet (kept.sheet) and gives each pet its sheet's lines as kept (room, allergies, notes that carry danger, a fast: lines, alerts), its record's lines (record), and each item due with its state in the record (given, refused, late, missed…: due[].state, due[].entry), as get_care_record does. " +
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
async function draftRound(deps: Deps, round: Round, date: string) {
  const report = await roundReport(deps, round, date, { keepPlans: false });
  const reference = referenceOf(date, today(deps));
  const doc = withYear(roundDoc(report, { reference }), date, thisYear(deps));
  const data = {
    ...(channelSafeAnswer(report) as object),
    ...(reference ? { forReference: reference } : {}),
  };
  return answer(docText(doc, textOptions(deps)), data, doc);
}

/** Each item due on the kept round, by "bookingId-petId|item": its state and entry in the record now. */
async function dueStates(deps: Deps, sheet: Sheet): Promise<Map<string, { state: unknown; entry: unknown }>> {
  const states = new Map<string, { state: unknown; entry: unknown }>();
  if (!deps.record) return states;
  const where = deps.record.engine === "sqlite" ? "the bot's SQLite file" : "the bot's PostgreSQL database";
  const day = await recordDay({ ...deps, record: deps.record }, where, {
    date: sheet.date,
    round: sheet.round,
  }).catch(() => undefined);
  for (const r of day?.rounds ?? [])
    for (const p of r.pets)
      for (const d of p.due ?? [])
        states.set(`${sheetPetKey(p.bookingId, p.petId)}|${d.item}`, {
          state: d.state,
          entry: d.entry ?? null,
        });
  return states;
}

/** A line of the sheet's alerts: allergies, a note that carries danger, a fast, care that could not be read. */
const alertLine = (l: Line) => l[0]?.tone === "alert" || lineText(l).startsWith("⚠️");

/**
 * A round already posted: the sheet kept then, as one (no messages, no buttons), each pet's record
 * under its lines, as `kennel-desk rounds` prints it; its data: the kept sheet's id and each pet on
 * it as its text shows it (ids, names, the sheet's lines and the record's, what the round asked of it
 * with each item's state now: no contact detail), a pet listed with nothing to record too.
 */
async function keptRound(deps: Deps, kept: NonNullable<Awaited<ReturnType<typeof keptRoundNow>>>) {
  const { sheet, record, problem } = kept;
  const messages = sheetDocs(wholeSheet(sheet), record, { problem });
  const doc = withYear(sheetRecordDoc(messages), sheet.date, thisYear(deps));
  const states = await dueStates(deps, sheet);
  const byKey = new Map(sheet.pets.map((p) => [sheetPetKey(p.bookingId, p.petId), p]));
  const pets = messages
    .flatMap((m) => m.parts)
    .flatMap((part) => {
      if (part.kind !== "pet" && part.kind !== "item") return [];
      const pet = part.key ? byKey.get(part.key) : undefined;
      const shown = {
        room: part.lines[0]?.[0]?.text,
        lines: part.lines.map(lineText),
        alerts: part.lines.filter(alertLine).map(lineText),
        record: part.kind === "pet" ? part.record.full.map(lineText) : [],
      };
      return [
        pet ? keptPet(pet, shown, states) : { key: part.key ?? null, listed: "nothing to record", ...shown },
      ];
    });
  const data = {
    date: sheet.date,
    round: sheet.round,
    kept: { sheet: sheet.id },
    pets,
    ...(problem ? { problem } : {}),
  };
  return answer(docText(doc, textOptions(deps)), data, doc);
}

/** A pet of the kept sheet: what the round asked of it, each item with its state now, and its lines. */
function keptPet(
  pet: SheetPet,
  shown: { room: string | undefined; lines: string[]; alerts: string[]; record: string[] },
  states: Map<string, { state: unknown; entry: unknown }>,
) {
  const { message: _, due, ...p } = pet;
  const key = sheetPetKey(pet.bookingId, pet.petId);
  return {
    ...p,
    ...shown,
    due: due.map((d) => ({ ...d, ...(states.get(`${key}|${d.item}`) ?? {}) })),
  };
}
