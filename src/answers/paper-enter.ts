/**
 * Entering a round from the chart on paper (issue 50): the day Slack or Kennel Desk was down, staff
 * gave and signed on the printed chart; once it is back, one person enters what the paper says, one
 * pet at a time ("📄 Enter from paper…" on the round post, `kennel-desk record enter`). Each cell
 * becomes the record's ordinary dose entry (every surface counts it), its `givenAt` the time written
 * on the paper, its user who entered it and its `recordedAt` when (the server's clock: the entering
 * is never back-dated), with a `paper` record beside it in the same transaction saying it came from
 * the paper and who gave it, as the paper names them (src/record/kinds/paper.ts).
 *
 * What may be entered is read from the round's kept sheet and what the round kept
 * (src/answers/obligations.ts): each medication the round asked of the pet, a pet gone home since or
 * arriving later included. A time that cannot stand (after the pet went home, before it arrived, in
 * the future, one the clocks skipped or gave twice, long before the dose's window), a giver not
 * named, an item recorded already: each its words on its field, and nothing is written. A high-alert
 * dose given keeps the witness the paper names beside it (none: "no witness on the paper").
 */
import type { Deps } from "../deps.ts";
import { samePerson } from "../domain/chart.ts";
import { CONTACT_INSTEAD, contactRefusal } from "../domain/contact-text.ts";
import { doseWindow } from "../domain/doses.ts";
import { dueOfOwed, type OwedPet, owedPetKey } from "../domain/obligations.ts";
import {
  PAPER_BY_MAX,
  type PaperField,
  type PaperMark,
  paperField,
  paperOutcome,
  paperReason,
  paperWritten,
} from "../domain/paper.ts";
import { type DueItem, isMedicationItem, petRoundStatus } from "../domain/record.ts";
import { needsWitness } from "../domain/witness.ts";
import type { Entry, ItemKey, LogInput } from "../record/types.ts";
import { localDate } from "../time.ts";
import { paperAlreadyWords, paperNoMarkWords, paperNothingWords } from "../words/paper.ts";
import { doseSettings } from "./doses.ts";
import { givenAtRefusal, givenInstant, HH_MM } from "./late-entry.ts";
import { type OwedRound, owedRound } from "./obligations.ts";
import { withPaperMarks } from "./paper-marks.ts";
import { type ItemWrite, petStatus, recordItems, type Who } from "./record-round.ts";
import { loadSheet, type Sheet, type SheetPet } from "./sheets.ts";
import { type StayTimes, stayTimesSoon } from "./stay-times.ts";

/** One cell of the paper, as the person entering it read it. */
export interface PaperCell {
  item: ItemKey;
  /**
   * What the paper marks; undefined when the form's mark was left empty while another of the dose's
   * fields was filled (refused at its mark, nothing written: src/domain/paper.ts `paperWritten`).
   */
  mark: PaperMark | undefined;
  /** The time written on the paper (HH:mm), on the round's day, in the kennel's zone. */
  time: string | undefined;
  /** Who gave it, as the paper names them (initials or a name). */
  by: string | undefined;
  /** Words written beside it (why withheld…), when any. */
  note?: string | undefined;
  /** A high-alert dose given: its witness, as the paper names them (none: no witness on the paper). */
  witness?: string | undefined;
}

export type PaperResult =
  /** Nothing written: each field at fault, its words. */
  | { status: "fields"; errors: Record<string, string> }
  /** Written (or this request's entries, written before). */
  | { status: "recorded" | "duplicate"; entries: Entry[] };

interface Checked {
  writes: ItemWrite[];
  marks: Array<{ item: ItemKey; by: string; witness?: string }>;
}

/**
 * The time written on the paper, on the round's day in the kennel's zone, checked as a late entry's
 * is (src/answers/late-entry.ts): never after the pet went home nor before it arrived, never in the
 * future, never a time the clocks skipped, never long before the dose's window.
 */
function paperTime(
  deps: Pick<Deps, "config">,
  sheet: Sheet,
  pet: SheetPet,
  due: DueItem,
  time: string | undefined,
  o: StayTimes & { now: Date },
): { at: string } | { error: string } {
  if (!time) return { error: "Say the time written on the paper." };
  // The paper's time alone (the round gives the day): "7.45" or "25:00" is said as it was typed.
  if (!HH_MM.test(time))
    return { error: `${time.slice(0, 20)} is not a time: write it as HH:MM, e.g. 07:45.` };
  const tz = deps.config.timezone;
  const read = givenInstant({ date: sheet.date, time }, tz);
  // An hour that came twice (the clocks went back): ✏️ Record each… asks which.
  if (!read.ok && read.field === "which")
    return {
      error: `${read.error.replace(/ Which one\?$/, "")} Enter this dose with ✏️ Record each…, which asks which.`,
    };
  if (!read.ok) return { error: read.error };
  const window = doseWindow(due, sheet.date, sheet.round, deps.config.rounds.times, tz, doseSettings(deps));
  const refusal = givenAtRefusal(read.at, {
    ...o,
    closed: [{ item: due, window }],
    timezone: tz,
    petName: pet.name,
    roundDate: sheet.date,
  });
  return refusal
    ? { error: refusal.replace("say when it was given", "check the time on the paper") }
    : { at: read.at };
}

/** A cell's entry: its outcome, its code, the paper's words then the words beside it, the paper's time. */
function writeOf(cell: PaperCell & { mark: PaperMark }, givenAt: string): ItemWrite {
  const { outcome, reasonCode } = paperOutcome(cell.mark);
  const note = cell.note?.trim() || undefined;
  const reason = outcome === "not_given" ? paperReason(cell.mark, note) : undefined;
  return {
    item: cell.item,
    outcome,
    ...(reasonCode ? { reasonCode } : {}),
    ...(reason ? { reason } : {}),
    ...(note && !reason ? { note } : {}),
    givenAt,
  };
}

/**
 * A high-alert dose given (src/domain/witness.ts): its witness as the paper names them, kept with the
 * paper's mark; none is no witness on the paper, and the record says so. A second person: never the
 * giver's own name or initials. Another dose needs none, and a name there is said, never dropped.
 */
function paperWitness(
  cell: PaperCell & { mark: PaperMark },
  due: DueItem,
  by: string | undefined,
): { name?: string; error?: string } {
  const name = cell.witness?.trim();
  if (!name) return {};
  if (!needsWitness({ outcome: paperOutcome(cell.mark).outcome }, due.highAlert))
    return {
      error: `${due.label} needs no witness (${due.highAlert ? "not given" : "not a high-alert drug"}): leave the witness empty.`,
    };
  if ([...name].length > PAPER_BY_MAX)
    return { error: `At most ${PAPER_BY_MAX} characters: the witness's initials or name on the paper.` };
  if (by && samePerson(name, by))
    return {
      error: `The witness is a second, different person: not the one who gave it ("${by}" and "${name}" read as one person).`,
    };
  return { name };
}

/**
 * The paper's names and the words beside a dose show on the round's posts in the channel: a phone
 * number or an email address in them is refused at its field.
 */
function paperContacts(cell: PaperCell, errors: Record<string, string>) {
  const fields = [
    ["by", cell.by, CONTACT_INSTEAD.initials],
    ["witness", cell.witness, CONTACT_INSTEAD.initials],
    ["note", cell.note, CONTACT_INSTEAD.note],
  ] as const;
  for (const [field, words, instead] of fields) {
    const refusal = contactRefusal(words, "channel", instead);
    if (refusal) errors[paperField(field, cell.item)] ??= refusal;
  }
}

/** Each cell checked against the kept sheet, the record and the clock: what to write, or the errors. */
async function checkCells(
  deps: Pick<Deps, "record" | "config" | "clock" | "log"> & Partial<Pick<Deps, "kennel">>,
  sheet: Sheet,
  pet: SheetPet,
  cells: PaperCell[],
  requestKey: string,
): Promise<Checked | { errors: Record<string, string> }> {
  const errors: Record<string, string> = {};
  const tz = deps.config.timezone;
  const now = deps.clock.now();
  const { status } = await petStatus(deps, sheet, pet);
  const { kennel } = deps;
  const stay = kennel ? await stayTimesSoon({ kennel, log: deps.log }, pet) : { arrival: pet.arrivesAt };
  const out: Checked = { writes: [], marks: [] };
  const seen = new Set<ItemKey>();
  for (const cell of cells) {
    const due = pet.due.find((d) => d.item === cell.item && isMedicationItem(d.item));
    const at = (f: PaperField, words: string) => {
      errors[paperField(f, cell.item)] ??= words;
    };
    if (!due) {
      at("mark", `${cell.item} is not a dose the ${sheet.round} round asked of ${pet.name}.`);
      continue;
    }
    if (seen.has(cell.item)) {
      at("mark", `${due.label} is entered twice: enter each dose once.`);
      continue;
    }
    seen.add(cell.item);
    const { mark } = cell;
    // Half-filled: a time, a giver… with no mark. What the paper marks is never guessed.
    if (!mark) {
      at("mark", paperNoMarkWords(due.label, paperWritten(cell)));
      continue;
    }
    // Recorded already, by another request (this one delivered again is written once, by the store).
    const already = status.current.get(cell.item);
    if (already && already.requestKey !== requestKey) at("mark", paperAlreadyWords(due.label, already, tz));
    const by = cell.by?.trim();
    if (!by) at("by", "Say who gave it, as the paper names them (initials or a name).");
    else if ([...by].length > PAPER_BY_MAX)
      at("by", `At most ${PAPER_BY_MAX} characters: the initials or the name on the paper.`);
    const read = paperTime(deps, sheet, pet, due, cell.time, { ...stay, now });
    if ("error" in read) at("time", read.error);
    const witness = paperWitness({ ...cell, mark }, due, by);
    if (witness.error) at("witness", witness.error);
    paperContacts(cell, errors);
    if (!by || errors[paperField("mark", cell.item)] || "error" in read || witness.error) continue;
    out.writes.push(writeOf({ ...cell, mark }, read.at));
    out.marks.push({ item: cell.item, by, ...(witness.name ? { witness: witness.name } : {}) });
  }
  if (cells.length === 0) errors.pet = paperNothingWords(pet.name);
  return Object.keys(errors).length ? { errors } : out;
}

/**
 * Enters one pet's round from the paper: every cell checked first, then all written in one
 * transaction with the paper's mark beside them, or nothing.
 */
export async function enterFromPaper(
  deps: Pick<Deps, "record" | "config" | "clock" | "log"> & Partial<Pick<Deps, "kennel">>,
  sheet: Sheet,
  pet: SheetPet,
  cells: PaperCell[],
  who: Who,
  requestKey: string,
): Promise<PaperResult> {
  const checked = await checkCells(deps, sheet, pet, cells, requestKey);
  if ("errors" in checked) return { status: "fields", errors: checked.errors };
  const mark: LogInput<"paper"> = {
    kind: "paper",
    date: sheet.date,
    bookingId: pet.bookingId,
    petId: pet.petId,
    userId: who.userId,
    requestKey: `paper:${requestKey}`,
    body: { v: 2, request: requestKey, items: checked.marks },
  };
  const result = await recordItems(deps, sheet, pet, checked.writes, who, requestKey, [mark]);
  if (result.status === "recorded" || result.status === "duplicate") return result;
  if (result.status === "already") {
    // Recorded meanwhile by someone else: said on each item's field, nothing written.
    const errors: Record<string, string> = {};
    for (const e of await withPaperMarks(deps, result.existing)) {
      const label = pet.due.find((d) => d.item === e.item)?.label ?? e.item;
      errors[paperField("mark", e.item)] = paperAlreadyWords(label, e, deps.config.timezone);
    }
    return { status: "fields", errors };
  }
  // The sheet listed every item checked above: anything else is a sheet that changed under us.
  return { status: "fields", errors: { pet: `Nothing was written for ${pet.name}: open the form again.` } };
}

/**
 * A pet of the paper round, as its kept sheet has it, with its room and booking reference as the
 * round kept them (what tells two pets of one name apart in the picker; never a contact).
 */
export type PaperPet = SheetPet & {
  room?: string | undefined;
  reference?: string | undefined;
  /** How many of its doses the record holds already, of how many (read when the picker is drawn). */
  recorded?: { doses: number; of: number } | undefined;
};

/** A round's kept sheet as "📄 Enter from paper…" opens it: the pets with a dose, or why not. */
export type PaperRound =
  | ({ ok: true; sheet: Sheet } & PaperPets)
  | { ok: false; why: "no_store" | "unknown" | "later" | "no_doses"; sheet?: Sheet };

/** The round's pets with a dose, and what the round kept (read once, for the entries' read-back too). */
interface PaperPets {
  pets: PaperPet[];
  owed: OwedRound | undefined;
}

const hasDose = (p: SheetPet) => p.due.some((d) => isMedicationItem(d.item));

/**
 * A pet the kept round asked a dose of that its sheet does not list (in house at the round's time
 * but not on the sheet when it was kept, written since as an arrival): its items as the round kept
 * them. No message of the post holds it: the parent (its progress line) is the one drawn again.
 */
const offSheetPet = (p: OwedPet): SheetPet => ({
  bookingId: p.bookingId,
  petId: p.petId,
  name: p.name,
  due: p.items.map(dueOfOwed),
  oneTap: false,
  message: 0,
  ...(p.arrivesAt ? { arrivesAt: p.arrivesAt } : {}),
});

/**
 * Every pet whose dose the kept round asked, in the sheet's order then the round's: those the sheet
 * lists, and those the round added since (gone home since or arriving later, each still enterable:
 * the paper's time is checked against the booking's check-in and check-out); each with its room and
 * booking reference as the round kept them, when it did.
 */
export async function paperPets(deps: Pick<Deps, "record" | "config">, sheet: Sheet): Promise<PaperPets> {
  const listed = new Set(sheet.pets.map(owedPetKey));
  const owed = await owedRound(deps, sheet.date, sheet.round);
  const kept = new Map((owed?.pets ?? []).map((p) => [owedPetKey(p), p]));
  const more = (owed?.pets ?? []).filter((p) => !listed.has(owedPetKey(p))).map(offSheetPet);
  const pets = [...sheet.pets, ...more].filter(hasDose).map((p): PaperPet => {
    const said = kept.get(owedPetKey(p));
    return {
      ...p,
      ...(said?.room ? { room: said.room } : {}),
      ...(said?.reference ? { reference: said.reference } : {}),
    };
  });
  return { pets, owed };
}

/** The kept sheet a round post's button names: of today or an earlier day, its pets with a dose. */
export async function paperRound(
  deps: Pick<Deps, "record" | "clock" | "config">,
  sheetId: number,
): Promise<PaperRound> {
  if (!deps.record) return { ok: false, why: "no_store" };
  const sheet = await loadSheet(deps, sheetId);
  if (!sheet) return { ok: false, why: "unknown" };
  if (sheet.date > localDate(deps.clock.now(), deps.config.timezone))
    return { ok: false, why: "later", sheet };
  const [{ pets, owed }, entries] = await Promise.all([
    paperPets(deps, sheet),
    deps.record.entries({ date: sheet.date, round: sheet.round }),
  ]);
  // Each pet with how many of its doses are in the record already: the picker marks those entered.
  const counted = pets.map((p): PaperPet => {
    const { current } = petRoundStatus({ ...sheet, bookingId: p.bookingId, petId: p.petId }, p.due, entries);
    const doses = p.due.filter((d) => isMedicationItem(d.item));
    return { ...p, recorded: { doses: doses.filter((d) => current.has(d.item)).length, of: doses.length } };
  });
  return counted.length ? { ok: true, sheet, pets: counted, owed } : { ok: false, why: "no_doses", sheet };
}
