/**
 * A round's sheet in Slack with its care record: the round's document (src/present/rounds.ts) shared
 * out into a parent message and thread replies once, when it is posted (`draftSheet`: what each
 * message holds, and what is due for each pet, to be kept in the record: src/answers/sheets.ts),
 * then every message drawn from the kept sheet and the record's entries (`sheetMessages`,
 * `sheetMessage`): each pet with something due gets its record beside its sheet and its two buttons,
 * attached by the pet's key (never by position), each message a progress line. A high-alert dose
 * given shows its witness, and "👀 Witnessed" beside it while a second person may still say so
 * (issue 35). A button's value is only ids (the sheet, the booking, the pet, an entry): what it may
 * record is read from the kept sheet and the record.
 */
import type { SheetCustody } from "../answers/custody-sheet.ts";
import type { RoundReport } from "../answers/rounds.ts";
import type { Sheet, SheetBody, SheetPet } from "../answers/sheets.ts";
import { saysCheckedIn } from "../domain/bookings.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import type { PrnDose } from "../domain/prn.ts";
import {
  dueOf,
  oneTapAllowed,
  type PetRoundStatus,
  petRoundStatus,
  printedItems,
  roundProgress,
} from "../domain/record.ts";
import type { WitnessView } from "../domain/witness.ts";
import { sheetMedicineLines } from "../present/custody-pet.ts";
import type { Part } from "../present/doc.ts";
import { strong } from "../present/doc.ts";
import { openDoses, overdueCounts, owing, type SheetDoses } from "../present/dose-states.ts";
import { type PlanNowOnSheet, withPlanNow } from "../present/plan-sheet.ts";
import { prnCompactLine, prnDoseLine } from "../present/prn.ts";
import { petRecordCompact, petRecordLines, progressLine, recordProblemLine } from "../present/record.ts";
import { petKeyOf, roundDoc, sheetPetKey } from "../present/rounds.ts";
import type { Entry } from "../record/types.ts";
import { localDate } from "../time.ts";
import { custodyOpen, prnGive, recordAll } from "./buttons.ts";
import { docBlocks, docThread, lineMrkdwn } from "./doc.ts";
import { LIMITS, messageChars } from "./limits.ts";
import { context, fallback } from "./mrkdwn.ts";
import { petBlocks, SECTION_MAX, sheetText, witnessButtons } from "./round-pet.ts";
import { replyLabel, type Threaded, type ThreadItem, threadSplit } from "./thread.ts";
import type { Block, ContextBlock, Message } from "./types.ts";

const PROGRESS_BLOCK = "kd_progress";
/** The progress line of one message of a round posted in several (a parent and thread replies). */
const PROGRESS_PART_BLOCK = "kd_progress_part";
/** Room kept in a message for each pet's record, drawn later (the compact form fits in it). */
const RECORD_RESERVE = 90;
/** The longest button value a sheet's ids make, for sizing the messages before the sheet has an id. */
const SIZING_VALUE = JSON.stringify({
  s: Number.MAX_SAFE_INTEGER,
  b: Number.MAX_SAFE_INTEGER,
  p: Number.MAX_SAFE_INTEGER,
});

/**
 * The pets of a round with something to record or a plan to confirm, by key: what is due, what to
 * give if needed, and whether one tap may sign it off. Every item the sheet prints can be recorded
 * there (issue 44: src/domain/plan/round.ts), and every pet whose plan is not confirmed has its
 * "📋 Plan…".
 */
function duePets(r: ChannelSafe<RoundReport>, timezone: string): Map<string, Omit<SheetPet, "message">> {
  const out = new Map<string, Omit<SheetPet, "message">>();
  for (const p of r.pets) {
    const key = petKeyOf(p);
    if (!key || !p.pet || !p.sheet) continue;
    const due = dueOf(p);
    const ifNeeded = p.ifNeeded ?? [];
    // A confirmed plan with a dose to give if needed: on the sheet with its button, due or not.
    const asNeeded = p.plan?.state === "confirmed" && p.plan.items.some((i) => i.on.status === "as_needed");
    // A plan kept and not confirmed yet: "📋 Plan…" beside the pet opens it.
    const toConfirm = p.plan?.versionId !== undefined && p.plan.state !== "confirmed";
    if (due.length === 0 && ifNeeded.length === 0 && !asNeeded && !toConfirm) continue;
    // Not here yet: arriving later that day, not checked in (a tap before then asks first).
    const checkIn = p.booking.checkInDate;
    const arrivesAt =
      checkIn && !saysCheckedIn(p.booking) && localDate(Date.parse(checkIn), timezone) === r.date
        ? checkIn
        : undefined;
    const short = <T extends { label: string }>(d: T): T => ({
      ...d,
      label: Array.from(d.label).slice(0, 40).join(""),
    });
    out.set(key, {
      ...(arrivesAt ? { arrivesAt } : {}),
      bookingId: p.booking.bookingId as number,
      petId: p.pet.pet.petId as number,
      name: Array.from(p.pet.flags.name || "pet")
        .slice(0, 80)
        .join(""),
      due: due.map(short),
      ...(ifNeeded.length ? { ifNeeded: ifNeeded.map(short) } : {}),
      oneTap: p.oneTap ?? oneTapAllowed(p.pet.flags),
      ...(toConfirm ? { planToConfirm: p.plan?.versionId } : {}),
      ...(asNeeded ? { asNeeded: true } : {}),
    });
  }
  return out;
}

/**
 * A round's sheet as it will be posted and kept: its document shared out into messages (the parent,
 * then replies headed "Evening round · 21–65 of 120"), each pet with something due, and the message
 * that holds it. Pure; the caller keeps it (src/answers/sheets.ts) and draws it with `sheetMessages`.
 */
export function draftSheet(
  r: ChannelSafe<RoundReport>,
  o: { lateAt?: string | undefined; timezone?: string } = {},
): SheetBody {
  const doc = roundDoc(r, o);
  const due = duePets(r, o.timezone ?? "UTC");
  const kennelId = r.pets
    .map((p) => p.pet?.pet.kennelId)
    .find((k): k is number => typeof k === "number" && k > 0);
  const base = {
    v: 1 as const,
    date: r.date,
    round: r.round,
    fallback: doc.fallback,
    ...(kennelId ? { kennelId } : {}),
  };
  const items = doc.parts.filter((p): p is Extract<Part, { kind: "item" }> => p.kind === "item");
  if (items.length === 0) return { ...base, pets: [], messages: [{ parts: doc.parts }] };
  const { head, foot } = docThread(doc);
  const sized: ThreadItem[] = items.map((p) => {
    const pet = p.key ? due.get(p.key) : undefined;
    if (!p.key || !pet) return sheetText(p.lines);
    return {
      blocks: petBlocks(p.key, p.lines, [], {
        value: SIZING_VALUE,
        oneTap: pet.oneTap,
        record: printedItems(pet).length > 0,
        plan: pet.planToConfirm,
        give: pet.asNeeded ? SIZING_VALUE : undefined,
      }),
      reserve: RECORD_RESERVE,
    };
  });
  const per = threadSplit(doc.fallback, head, sized, foot).itemsPer;
  const title = doc.parts.find((p) => p.kind === "title");
  const pets: SheetPet[] = [];
  const messages: SheetBody["messages"] = [];
  let at = 0;
  per.forEach((count, m) => {
    const mine = items.slice(at, at + count);
    for (const p of mine) {
      const pet = p.key ? due.get(p.key) : undefined;
      if (pet) pets.push({ ...pet, message: m });
    }
    const label: Part = {
      kind: "summary",
      lines: [
        [
          ...(title?.kind === "title" ? [strong(title.text), { text: " · " }] : []),
          { text: replyLabel(at, at + count, items.length) },
        ],
      ],
    };
    const parts =
      m === 0
        ? [
            ...doc.parts.filter((p) => p.kind === "title" || p.kind === "summary"),
            ...mine,
            ...doc.parts.filter((p) => p.kind === "note"),
          ]
        : [label, ...mine];
    messages.push({ parts });
    at += count;
  });
  return { ...base, pets, messages };
}

export interface SheetRecord {
  entries: Entry[];
  timezone: string;
  /** The as-needed doses of the sheet's day (each pet's shown beside its record). */
  asNeeded?: PrnDose[] | undefined;
  /** The round's witnesses and the time it is drawn at: high-alert doses show theirs (issue 35). */
  witness?: WitnessView | undefined;
  /** Dose times (issue 35): when drawn, and what the round asked (its windows, who went home): each item's state. Without it, none. */
  doses?: SheetDoses | undefined;
  /** Medicine custody (issue 49), by pet: its balances, and each dose due never counted in. */
  custody?: Map<string, SheetCustody> | undefined;
  /**
   * The pets' care plans saved or confirmed since the sheet was kept, by pet key (issue 44): drawn
   * with the plan now (src/present/plan-sheet.ts), their buttons as it says.
   */
  plans?: ReadonlyMap<string, PlanNowOnSheet> | undefined;
}

function progressBlock(
  statuses: PetRoundStatus[],
  part: boolean,
  overdue: { late: number; missed: number },
): ContextBlock {
  return {
    ...context(lineMrkdwn(progressLine(roundProgress(statuses), part, overdue))),
    block_id: part ? PROGRESS_PART_BLOCK : PROGRESS_BLOCK,
  };
}

/**
 * One message of a sheet with the record. A kept sheet has each pet's record and buttons and a
 * progress line (or, when the record could not be read, `problem` in its place); a sheet not kept
 * has no buttons, and says `problem` when there is one (the record could not be written).
 */
export function sheetMessage(
  sheet: Sheet | SheetBody,
  index: number,
  record: SheetRecord,
  o: { problem?: string | undefined } = {},
): Message {
  const parts: Part[] = sheet.messages[index]?.parts ?? [];
  // A sheet not kept has no buttons (nothing could check what they record); a kept one keeps them
  // when only its record could not be read (it shows at the next tap).
  const kept = "id" in sheet;
  const pets = new Map(
    sheet.pets.filter((p) => p.message === index).map((p) => [sheetPetKey(p.bookingId, p.petId), p]),
  );
  const statuses = new Map(
    [...pets].map(([key, p]) => [
      key,
      petRoundStatus(
        { date: sheet.date, round: sheet.round, bookingId: p.bookingId, petId: p.petId },
        p.due,
        record.entries,
      ),
    ]),
  );
  // Each due item not recorded, with its state when drawn (dose times).
  const open = new Map(
    [...statuses].map(([key, status]) => [key, openDoses(pets.get(key) as SheetPet, status, record.doses)]),
  );
  const part = sheet.messages.length > 1;
  const draw = (compact: boolean): Block[] => {
    const blocks: Block[] = [];
    let headDone = false;
    for (const p of parts) {
      if (p.kind === "item" && !headDone) {
        headDone = true;
        const head =
          pets.size > 0
            ? headLine(owing(statuses, open), part, kept, o.problem, overdueCounts(open.values()))
            : undefined;
        if (head) blocks.push(head);
      }
      const pet = p.kind === "item" && p.key ? pets.get(p.key) : undefined;
      if (p.kind !== "item" || !p.key || !pet) {
        blocks.push(...docBlocks([p]));
        continue;
      }
      const status = statuses.get(p.key) as PetRoundStatus;
      const doses = (record.asNeeded ?? []).filter(
        (d) => d.bookingId === pet.bookingId && d.petId === pet.petId,
      );
      const full = compact
        ? []
        : [
            ...petRecordLines(status, record.timezone, record.witness, open.get(p.key)),
            ...doses.map((d) => prnDoseLine(d, record.timezone, undefined, sheet.date)),
            ...sheetMedicineLines(record.custody?.get(p.key)),
          ];
      const long = sheetText(p.lines).length + 1 + full.map(lineMrkdwn).join("\n").length > SECTION_MAX;
      const few = prnCompactLine(doses);
      const lines =
        compact || long
          ? [
              ...petRecordCompact(status, record.timezone, record.witness, open.get(p.key)),
              ...(few ? [few] : []),
            ]
          : full;
      // The plan saved or confirmed since the sheet was kept: its words and its buttons now.
      const buttons = kept ? petButtons(sheet as Sheet, pet, status, record) : undefined;
      blocks.push(...petBlocks(p.key, withPlanNow(p.lines, record.plans?.get(p.key)), lines, buttons));
    }
    return blocks;
  };
  const text = fallback(index === 0 ? sheet.fallback : `${sheet.fallback}: part ${index + 1}`);
  let blocks = draw(false);
  if (messageChars({ text, blocks }) > LIMITS.messageText - 200) blocks = draw(true);
  return { text, blocks };
}

/** A kept sheet's buttons for one pet: its record, its plan as saved since, as-needed, witness, medicines. */
function petButtons(sheet: Sheet, pet: SheetPet, status: PetRoundStatus, record: SheetRecord) {
  const key = sheetPetKey(pet.bookingId, pet.petId);
  const ids = { s: sheet.id, b: pet.bookingId, p: pet.petId };
  const plan = record.plans?.get(key);
  return {
    value: recordAll.encode(ids),
    oneTap: pet.oneTap,
    record: printedItems(pet).length > 0,
    plan: plan ? (plan.state === "confirmed" ? undefined : plan.versionId) : pet.planToConfirm,
    give: (plan ? plan.asNeeded : pet.asNeeded) ? prnGive.encode(ids) : undefined,
    custody: record.custody?.get(key)?.notCountedIn.length
      ? custodyOpen.encode({ b: pet.bookingId, p: pet.petId })
      : undefined,
    witness: witnessButtons(sheet, pet, status, record.witness),
  };
}

function headLine(
  statuses: Map<string, PetRoundStatus>,
  part: boolean,
  kept: boolean,
  problem: string | undefined,
  overdue: { late: number; missed: number },
): ContextBlock | undefined {
  const block_id = part ? PROGRESS_PART_BLOCK : PROGRESS_BLOCK;
  if (!kept) {
    if (!problem) return undefined;
    return {
      ...context(
        lineMrkdwn(recordProblemLine(problem, "Record this round from the next post, or run /rounds again.")),
      ),
      block_id,
    };
  }
  if (problem)
    return { ...context(lineMrkdwn(recordProblemLine(problem, "It shows here at the next tap."))), block_id };
  return progressBlock([...statuses.values()], part, overdue);
}

/** Every message of a kept sheet (or of a draft that could not be kept), with the record. */
export function sheetMessages(
  sheet: Sheet | SheetBody,
  record: SheetRecord,
  o: { problem?: string | undefined } = {},
): Threaded {
  const [parent, ...replies] = sheet.messages.map((_, i) => sheetMessage(sheet, i, record, o));
  return { parent: parent as Message, replies };
}
