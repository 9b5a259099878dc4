/**
 * A round's sheet with its care record, as one document for every serializer (issue 43): Block Kit
 * (src/blocks/round-sheet.ts) and the terminal (src/text/house.ts) draw the same parts.
 *
 * - `draftSheet`: the sheet as it will be kept (src/answers/sheets.ts): the round's document
 *   (src/present/rounds.ts), and each pet with something to record there, decided once by the
 *   kennel's rule (src/domain/round-sheet.ts): what is due, one tap or not, its arrival, its plan
 *   to confirm, a dose to give if needed. One message; `splitSheet` shares it out into the messages
 *   Slack posts (a parent, then replies headed "Evening round · 21–65 of 120"), by counts the
 *   serializer gives.
 * - `sheetMessageDoc`: one message of a kept sheet (or of a draft not kept) with the record's
 *   entries: a progress line before its first pet (or why the record cannot be used), each pet's
 *   record beside its sheet lines (whole, and in a few words for a message short of room), and each
 *   pet's buttons (which ones is decided here, once: the serializers only draw or leave them out).
 *
 * A button carries only ids: what it may record is read from the kept sheet and the record, never Slack.
 */
import type { SheetCustody } from "../answers/custody-sheet.ts";
import type { SheetRecord } from "../answers/round-record.ts";
import type { RoundReport } from "../answers/rounds.ts";
import type { Sheet, SheetBody, SheetPet } from "../answers/sheets.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import type { PrnDose } from "../domain/prn.ts";
import { type PetRoundStatus, printedItems, roundProgress } from "../domain/record.ts";
import { sheetPetOf } from "../domain/round-sheet.ts";
import { awaitingWitness, type WitnessView } from "../domain/witness.ts";
import { type Doc, type Line, type Part, strong } from "./doc.ts";
import { offTimeMarks, openDoses, overdueCounts, owing } from "./dose-states.ts";
import { lastGivenLines } from "./last-given.ts";
import { onceGivenLines } from "./once-given.ts";
import { replyLabel } from "./parts.ts";
import { type PlanNowOnSheet, withPlanNow } from "./plan-sheet.ts";
import { petStatuses, progressLine, recordProblemLine } from "./record.ts";
import { type RoundDocOptions, roundDoc, sheetPetKey } from "./rounds.ts";
import { isItem, joinedItems, petsOfItems } from "./sheet-items.ts";
import { petRecordOf } from "./sheet-pet-record.ts";
import { withWelfareOf } from "./welfare-flag.ts";

/** What a pet's button does; the serializer gives it its action and value (ids only). */
export type SheetButton =
  | { kind: "all" | "each" | "give" | "custody"; text: string; pet: SheetPet; primary?: true }
  | { kind: "plan"; text: string; pet: SheetPet; versionId: number }
  /** A round's entry (`entryId`) or a dose given if needed (`prnId`) awaiting its witness. */
  | ({ kind: "witness"; text: string; pet: SheetPet } & ({ entryId: number } | { prnId: number }));

/** A pet on a message of the sheet: its sheet lines, its record and its buttons, by its key. */
interface SheetPetPart {
  kind: "pet";
  key: string;
  lines: Line[];
  /** Its lines with its welfare flags in a few words (for a message short of room), when it has any. */
  short?: Line[] | undefined;
  /** Its record in full, and in a few words (for a message short of room). */
  record: { full: Line[]; compact: Line[] };
  buttons: SheetButton[];
}

/** The record's line before a message's first pet: its progress, or why the record cannot be used. */
export interface SheetHeadPart {
  kind: "head";
  line: Line;
  /** A message of a round posted in several: it counts its own pets. */
  part: boolean;
}

/**
 * The sheet's own button, at the foot of a kept sheet's first message: "🖨 Chart", the day's
 * medication chart on paper for the one who taps (src/listeners/actions/chart.ts).
 */
export interface SheetChartPart {
  kind: "chart";
  text: string;
  date: string;
}

type SheetPart = Part | SheetPetPart | SheetHeadPart | SheetChartPart;

export interface SheetMessageDoc {
  fallback: string;
  parts: SheetPart[];
}

/**
 * A round's sheet as it will be posted and kept: its document and the pets with something to
 * record, all in one message (`splitSheet` shares it out). Pure.
 */
export function draftSheet(
  r: ChannelSafe<RoundReport>,
  o: RoundDocOptions & { timezone: string },
): SheetBody {
  const doc = roundDoc(r, o);
  const kennelId = r.pets
    .map((p) => p.pet?.pet.kennelId)
    .find((k): k is number => typeof k === "number" && k > 0);
  const pets = r.pets.flatMap((p): SheetPet[] => {
    const pet = sheetPetOf(p, r.date, o.timezone, r.round);
    return pet ? [{ ...pet, message: 0 }] : [];
  });
  return {
    v: 1,
    date: r.date,
    round: r.round,
    fallback: doc.fallback,
    ...(kennelId ? { kennelId } : {}),
    pets,
    messages: [{ parts: doc.parts }],
  };
}

/**
 * A drafted sheet shared out into messages: `itemsPer[m]` items in message m, in order. The parent
 * keeps the title, the summary and the foot; each reply is headed "Evening round · 21–65 of 120",
 * counting pets (a pet in several items once: "24 of 84, continued" for a reply holding only the
 * rest of one), and, for a sheet shown for reference (not kept: `reference`, its words), says so as
 * the parent does: a reply read on its own is never taken for a round to record on.
 */
export function splitSheet(
  draft: SheetBody,
  itemsPer: readonly number[],
  reference?: string | undefined,
): SheetBody {
  const parts = draft.messages.flatMap((m): Part[] => m.parts);
  const items = parts.filter(isItem);
  if (itemsPer.length <= 1 || items.length === 0) return draft;
  const title = parts.find((p) => p.kind === "title");
  const head = parts.filter((p) => p.kind === "title" || p.kind === "summary");
  const foot = parts.filter((p) => p.kind === "note");
  const where = new Map<string, number>();
  const messages: SheetBody["messages"] = [];
  const counted = petsOfItems(items);
  let at = 0;
  itemsPer.forEach((count, m) => {
    const mine = items.slice(at, at + count);
    for (const p of mine) if (p.key) where.set(p.key, m);
    const first = counted.pet[at] ?? 0;
    const end = (counted.pet[at + count - 1] ?? first) + 1;
    const label: Part = {
      kind: "summary",
      lines: [
        [
          ...(title?.kind === "title" ? [strong(title.text), { text: " · " }] : []),
          { text: replyLabel(first, end, counted.total, counted.on[at]) },
        ],
        ...(reference ? [[strong(reference)]] : []),
      ],
    };
    messages.push({ parts: m === 0 ? [...head, ...mine, ...foot] : [label, ...mine] });
    at += count;
  });
  const pets = draft.pets.map((p) => ({ ...p, message: where.get(sheetPetKey(p.bookingId, p.petId)) ?? 0 }));
  return { ...draft, pets, messages };
}

/**
 * A sheet in several messages as one (a surface with no messages: the terminal): the parent's title
 * and summary, every pet in the order posted, once (a pet shared out over messages as one item, every
 * word), the parent's foot; each reply's "Evening round · 21–65 of 120" left out. So its record is
 * one progress line for the whole round. A sheet in one message is itself.
 */
export function wholeSheet<S extends SheetBody>(sheet: S): S {
  const [first = [], ...replies] = sheet.messages.map((m): Part[] => m.parts);
  if (replies.length === 0) return sheet;
  const foot = first.filter((p) => p.kind === "note");
  const parts = joinedItems([
    ...first.filter((p) => p.kind !== "note"),
    ...replies.flatMap((r) => r.filter((p) => p.kind !== "summary")),
    ...foot,
  ]);
  return { ...sheet, pets: sheet.pets.map((p) => ({ ...p, message: 0 })), messages: [{ parts }] };
}

/** The words of each button, said once. */
const BUTTON_WORDS = {
  all: "✅ All given & eaten",
  each: "✏️ Record each…",
  give: "💊 Give if needed…",
  custody: "💊 Medicines in…",
  plan: "📋 Plan…",
  witness: (label: string) => `👀 Witnessed: ${label}`,
  chart: "🖨 Chart",
} as const;

/** The sheet's "🖨 Chart" (its day's medication chart), on the first message of a kept sheet. */
export const chartPart = (date: string): SheetChartPart => ({
  kind: "chart",
  text: BUTTON_WORDS.chart,
  date,
});

/**
 * A pet's buttons on a kept sheet: "All given & eaten" (something due, one tap allowed: not a fasting
 * pet nor a drug in two slots), "Record each…" (anything printed to record: issue 44), "Give if
 * needed…", "📋 Plan…" (a plan to confirm: `plan`, saved or confirmed since the sheet was kept, decides
 * these two now), "💊 Medicines in…" (`custody`: a dose due never counted in, issue 49), and "👀
 * Witnessed" for each high-alert dose given (at the round, by its days, or if needed) awaiting its witness.
 */
export function petButtons(
  pet: SheetPet,
  status?: Pick<PetRoundStatus, "due" | "current">,
  w?: WitnessView,
  plan?: PlanNowOnSheet,
  custody?: SheetCustody,
  asNeeded: PrnDose[] = [],
): SheetButton[] {
  const record = printedItems(pet).length > 0;
  const oneTap = pet.due.length > 0 && pet.oneTap;
  const give = plan ? plan.asNeeded : pet.asNeeded;
  const toConfirm = plan ? (plan.state === "confirmed" ? undefined : plan.versionId) : pet.planToConfirm;
  return [
    ...(oneTap ? [{ kind: "all" as const, text: BUTTON_WORDS.all, pet, primary: true as const }] : []),
    ...(record ? [{ kind: "each" as const, text: BUTTON_WORDS.each, pet }] : []),
    ...(give ? [{ kind: "give" as const, text: BUTTON_WORDS.give, pet }] : []),
    ...(custody?.notCountedIn.length ? [{ kind: "custody" as const, text: BUTTON_WORDS.custody, pet }] : []),
    ...(toConfirm !== undefined
      ? [{ kind: "plan" as const, text: BUTTON_WORDS.plan, pet, versionId: toConfirm }]
      : []),
    ...awaitingWitness(
      { ...(status ?? { current: new Map() }), due: [...(status?.due ?? []), ...(pet.byDays ?? [])] },
      w,
      asNeeded,
    ).map(({ label, ...dose }) => ({
      kind: "witness" as const,
      text: BUTTON_WORDS.witness(label),
      pet,
      ...dose,
    })),
  ];
}

/** The record's line before a message's first pet, or none (a sheet not kept, with nothing to say). */
function headLine(
  statuses: PetRoundStatus[],
  kept: boolean,
  problem: string | undefined,
  overdue: { late: number; missed: number },
  part: boolean,
): SheetHeadPart | undefined {
  if (!kept)
    return problem
      ? {
          kind: "head",
          part,
          line: recordProblemLine(problem, "Record this round from the next post, or run /rounds again."),
        }
      : undefined;
  if (problem)
    return { kind: "head", part, line: recordProblemLine(problem, "It shows here at the next tap.") };
  return { kind: "head", part, line: progressLine(roundProgress(statuses), part, overdue) };
}

/**
 * One message of a sheet with the record. A kept sheet has each pet's record and buttons and a
 * progress line (or, when the record could not be read, `problem` in its place); a sheet not kept
 * has no buttons, and says `problem` when there is one (the record could not be written).
 */
export function sheetMessageDoc(
  sheet: Sheet | SheetBody,
  index: number,
  record: SheetRecord,
  o: { problem?: string | undefined } = {},
): SheetMessageDoc {
  const parts: Part[] = sheet.messages[index]?.parts ?? [];
  const kept = "id" in sheet;
  const pets = new Map(
    sheet.pets.filter((p) => p.message === index).map((p) => [sheetPetKey(p.bookingId, p.petId), p]),
  );
  const statuses = petStatuses(sheet, pets, record.entries);
  // Each due item not recorded, with its state when drawn (dose times).
  const open = new Map(
    [...statuses].map(([key, status]) => [key, openDoses(pets.get(key) as SheetPet, status, record.doses)]),
  );
  const part = sheet.messages.length > 1;
  const head =
    pets.size > 0
      ? headLine([...owing(statuses, open).values()], kept, o.problem, overdueCounts(open.values()), part)
      : undefined;
  const out: SheetPart[] = [];
  for (const p of parts) {
    if (p.kind === "item" && head && !out.includes(head)) out.push(head);
    const pet = p.kind === "item" && p.key ? pets.get(p.key) : undefined;
    if (!isItem(p) || !p.key || !pet) {
      // A pet listed with nothing to record there: its flags as they stand all the same.
      out.push(isItem(p) && p.key ? { ...p, lines: withWelfareOf(p.lines, record.welfare, p.key).lines } : p);
      continue;
    }
    const [status, mine] = [statuses.get(p.key) as PetRoundStatus, open.get(p.key)];
    const off = offTimeMarks(pet, status, record.doses, record.timezone);
    const doses = (record.asNeeded ?? []).filter((d) => sheetPetKey(d.bookingId, d.petId) === p.key);
    // The plan saved or confirmed since the sheet was kept: its words and its buttons now.
    const [plan, custody] = [record.plans?.get(p.key), record.custody?.get(p.key)];
    const last = lastGivenLines(pet, record.lastGiven, { timezone: record.timezone, date: sheet.date });
    // A dose given at another round today that its plan gives here alone: Record each… only, no one tap.
    const warned = onceGivenLines(pet, record.onceGiven, status.current, record.timezone).length > 0;
    out.push({
      kind: "pet",
      key: p.key,
      ...withWelfareOf(withPlanNow(p.lines, plan), record.welfare, p.key),
      record: petRecordOf(record, sheet, { pet, status, mine, off, plan, doses, custody, last }),
      buttons: kept
        ? petButtons(warned ? { ...pet, oneTap: false } : pet, status, record.witness, plan, custody, doses)
        : [],
    });
  }
  if (kept && index === 0) out.push(chartPart(sheet.date));
  return { fallback: index === 0 ? sheet.fallback : `${sheet.fallback}: part ${index + 1}`, parts: out };
}

/** A sheet's part with no messages and no buttons: a pet's record under its sheet lines. */
const partAsDoc = (p: SheetPart): Part[] =>
  p.kind === "pet"
    ? [{ kind: "item", lines: [...p.lines, ...p.record.full] }]
    : p.kind === "head"
      ? [{ kind: "summary", lines: [p.line] }]
      : p.kind === "chart"
        ? []
        : [p];

/**
 * A sheet's messages with their record as one document with no buttons, each pet's record under its
 * lines: the terminal's sheet (`kennel-desk rounds`) and the connector's get_round once it is kept.
 */
export function sheetRecordDoc(messages: SheetMessageDoc[]): Doc {
  return {
    fallback: messages[0]?.fallback ?? "",
    parts: messages.flatMap((m) => m.parts.flatMap(partAsDoc)),
  };
}

/** Every message of a sheet with its record, in order (the parent first). */
export function sheetDocs(
  sheet: Sheet | SheetBody,
  record: SheetRecord,
  o: { problem?: string | undefined } = {},
): SheetMessageDoc[] {
  return sheet.messages.map((_, i) => sheetMessageDoc(sheet, i, record, o));
}
