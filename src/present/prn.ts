/**
 * As-needed doses in a document's lines (src/present/doc.ts), the same on the round's sheet, the
 * pet's card, Home, the stay's record and the terminal: "💊 Piriton 4mg given 09:10 by Jane for
 * scratching · awaiting effect", then "· helped" once the giver answered. The words are the shared
 * ones (src/words/doses.ts); values are cleaned here, each serializer escapes them.
 */
import type { PetAsNeeded } from "../answers/prn-pets.ts";
import { careFieldWords } from "../domain/care.ts";
import type { ChangedItem } from "../domain/plan/state.ts";
import {
  type AsNeededItem,
  type AsNeededPet,
  type PrnDose,
  type PrnEffectEntry,
  prnGivenAtProblem,
} from "../domain/prn.ts";
import { PRN_EFFECTS, type PrnEffect } from "../domain/prn-effects.ts";
import { plural } from "../domain/text.ts";
import { localDate } from "../time.ts";
import { dateTimeOf, dayHeading, timeOf } from "../words/dates.ts";
import {
  EFFECT_BUTTONS,
  effectWords,
  followUpQuestion,
  forReason,
  prnDoseWords,
  prnLimitWords,
  witnessWords,
} from "../words/doses.ts";
import { itemKeyWords, planStateWords } from "../words/plan.ts";
import { checkedCellWords } from "../words/prn-checked.ts";
import { FROM_THE_WORDS } from "../words/unconfirmed.ts";
import type { Action, ActionOf, Doc, Line, Part } from "./doc.ts";
import { dotted, kept, line, strong, toned, whole } from "./doc.ts";

export { prnGivenAt } from "../domain/prn.ts";
export { REASON_MISSING_ABOVE, REASONS_ABOVE, reasonMissingWords } from "../words/record.ts";

/** The words for a time given that cannot stand (src/domain/prn.ts says which). */
const AT_ERRORS = {
  missing: () => "Choose when it was given.",
  future: () => "That is in the future: choose when it was given.",
  before_arrival: () => "That is before the pet arrived.",
  after_departure: (departure: string, timezone: string, now: string) =>
    `That is after the pet went home (${dateTimeOf(departure, timezone, localDate(now, timezone).slice(0, 4))}, the booking's check-out): a dose is recorded only while it is here.`,
  too_far_back: () => "That is more than a day ago: ask the manager to record it.",
} as const;

/** Why the give form's time (ms) cannot be when the dose was given, in the form's words; undefined: it stands. */
export function givenAtError(
  at: number,
  o: { now: string; arrival?: string | undefined; departure?: string | undefined; timezone: string },
): string | undefined {
  const problem = Number.isFinite(at) ? prnGivenAtProblem(at, o) : "missing";
  return problem ? AT_ERRORS[problem](o.departure ?? "", o.timezone, o.now) : undefined;
}

/**
 * Why nothing is given now: the kennel system's words for the pet changed since its plan was
 * confirmed (a vet's "STOPPED — do not give"): each changed field's words now, and what to do. Plain
 * text, the pet's name and the kennel system's words in it as they are: escaped whole where it is shown.
 */
export function wordsChangedWords(petName: string, changed: ChangedItem[]): string {
  const now = changed
    .flatMap((c) => c.after.map((f) => `${careFieldWords(f.field)} now "${f.words}"`))
    .concat(changed.filter((c) => c.after.length === 0).map((c) => `${itemKeyWords(c.key)} now none`));
  return `⚠️ ${petName}'s care changed in the kennel system since its plan was confirmed${now.length ? `: ${now.join("; ")}` : ""}. Nothing was recorded: read it, and confirm the plan again (📋 Plan… on the round post) before giving.`;
}

/**
 * One dose: toned to stand out while it awaits its effect, and when it made things worse. `today`:
 * the day it is read on ("given yesterday 23:20" for last night's dose).
 */
export function prnDoseLine(d: PrnDose, timezone: string, today?: string): Line {
  // Its reason, who gave it and its effect's note as kept: a channel hides a contact in them.
  const text = whole(prnDoseWords(d, timezone, today));
  return [kept(text, d.effect?.effect === "worse" ? "alert" : d.effect ? undefined : "warn")];
}

/**
 * A pet's doses of the day in a few words, for a message short of room: "💊 2 as needed, 1 awaiting
 * effect". A high-alert dose awaiting its witness is shown whole all the same (its drug, who gave it,
 * until when), as its 👀 Witnessed button beside it asks: never a count alone.
 */
export function prnCompactLines(doses: PrnDose[], timezone: string, today?: string): Line[] {
  if (doses.length === 0) return [];
  const awaiting = doses.filter((d) => !d.effect).length;
  const worse = doses.filter((d) => d.effect?.effect === "worse").length;
  const witness = doses.filter((d) => d.witness?.state === "awaiting");
  return [
    line(
      `💊 ${doses.length} as needed${awaiting ? `, ${awaiting} awaiting effect` : ""}${worse ? `, ⚠️ ${worse} worse` : ""}`,
    ),
    ...witness.map((d) => prnDoseLine(d, timezone, today)),
  ];
}

/** An as-needed item as offered: "Piriton 4mg: if needed only if scratching · at most 2 in 24 h". */
function asNeededItemLine(i: AsNeededItem): Line {
  const limits = prnLimitWords(i);
  return line(
    `💊 ${whole(i.label)}: if needed${i.reason ? ` ${whole(forReason(i.reason))}` : ""}${limits ? ` · ${limits}` : ""}`,
  );
}

/** "2 pets with a dose to give if needed" */
export const asNeededCountWords = (n: number): string =>
  `💊 ${plural(n, "pet")} with a dose to give if needed`;

export interface AsNeededDocOptions {
  timezone: string;
  /** Slack's "💊 Give if needed…" button beside each pet; without it, none. */
  giveAction?: ActionOf<AsNeededPet>;
}

/** The first line of a pet with a dose to give if needed: "Kennel 4 · Itchy". */
const petHead = (p: AsNeededPet): Line =>
  dotted(p.room ? strong(whole(p.room)) : undefined, strong(whole(p.name)));

/**
 * The pets in house with a dose to give if needed (Home's list behind its button): each pet, its
 * items with the plan's reason and limits, the day's doses with their effect, and its button.
 * `pets` undefined: they could not be read (said, never an empty list).
 */
export function asNeededDoc(pets: AsNeededPet[] | undefined, date: string, o: AsNeededDocOptions): Doc {
  const title = `Give if needed — ${dayHeading(date)}`;
  const parts: Part[] = [{ kind: "title", text: title }];
  if (pets === undefined)
    parts.push({
      kind: "text",
      lines: [[toned("alert", "❔ The pets' care plans could not be read just now: try again in a minute.")]],
    });
  else if (pets.length === 0)
    parts.push({
      kind: "text",
      lines: [line("No pet in house has a dose to give if needed in its confirmed care plan.")],
    });
  for (const p of pets ?? []) {
    const give = o.giveAction?.(p);
    parts.push({
      kind: "item",
      lines: [
        petHead(p),
        ...p.items.map(asNeededItemLine),
        ...p.doses.map((d) => prnDoseLine(d, o.timezone, date)),
      ],
      ...(give ? { action: { text: "💊 Give if needed…", ...give } } : {}),
      key: `${p.bookingId}-${p.petId}`,
    });
  }
  parts.push({
    kind: "note",
    lines: [
      line(
        "Offered only from a care plan a person confirmed. The plan's most per 24 h and least time between doses are checked; the giver is asked how it worked an hour later.",
      ),
    ],
  });
  return { fallback: title, parts };
}

/**
 * Home's line for one pet: "Kennel 4 · Itchy: Piriton 4mg if needed · 4 doses today, ⚠️ 2 past the
 * plan's limit, the last awaiting effect" (a dose given past a limit, checked on the form, stands out).
 */
export function asNeededHomeLine(p: AsNeededPet): Line {
  const last = p.doses.at(-1);
  const past = p.doses.filter((d) => d.ack).length;
  // Given from a medicine its giver checked first (past its discard-by, handed back): said, the last's words.
  const checked = p.doses.filter((d) => d.checked);
  const lastChecked = checkedCellWords(checked.at(-1)?.checked);
  return [
    ...petHead(p),
    { text: `: ${whole(p.items.map((i) => i.label).join(", "))} if needed` },
    ...(p.doses.length ? [{ text: ` · ${plural(p.doses.length, "dose")} today` }] : []),
    ...(past ? [{ text: ", " }, toned("warn", `⚠️ ${past} past the plan's limit`)] : []),
    ...(checked.length
      ? [
          { text: ", " },
          toned("warn", `⚠️ ${checked.length} from a medicine checked first (${whole(lastChecked)})`),
        ]
      : []),
    ...(last && !last.effect ? [{ text: ", the last awaiting effect" }] : []),
  ];
}

/**
 * A pet card's doses to give if needed: each item with the plan's reason and limits (or that the
 * plan is not confirmed yet, and so not offered), the doses of the last 24 hours, the button.
 */
export function petAsNeededParts(
  a: PetAsNeeded | undefined,
  timezone: string,
  giveAction?: ActionOf<AsNeededPet>,
): Part[] {
  if (!a) return [];
  const lines: Line[] = [
    ...a.items.map(asNeededItemLine),
    ...(a.items.length && !a.confirmed
      ? [[toned("warn", `${planStateWords("draft")}: give if needed is offered once it is confirmed`)]]
      : []),
    ...a.doses.map((d) => prnDoseLine(d, timezone, a.today)),
  ];
  const give = a.confirmed && a.items.length ? giveAction?.(a) : undefined;
  return [{ kind: "text", lines, ...(give ? { action: { text: "💊 Give if needed…", ...give } } : {}) }];
}

// --- the forms and the follow-up (Slack's: drawn by src/blocks/prn.ts and src/blocks/prn-modal.ts) ---

/**
 * The give form's head: the pet, its room, "give if needed"; each item with the plan's reason and
 * limits, numbered when the form's choices name them by their number (`numbered`).
 */
export function giveFormLines(
  name: string,
  room: string | undefined,
  items: AsNeededItem[],
  numbered = false,
): Line[] {
  return [
    dotted(strong(whole(name)), room ? whole(room) : undefined, "give if needed"),
    ...items.map(
      (i, n): Line =>
        numbered ? [strong(`${n + 1}.`), { text: " " }, ...asNeededItemLine(i)] : asNeededItemLine(i),
    ),
  ];
}

/** The reason field's hint: "The plan says: only if scratching" (each item's, named, when several). */
export function reasonHintWords(items: AsNeededItem[]): string | undefined {
  const reasons = items
    .filter((i) => i.reason)
    .map((i) => (items.length > 1 ? `${i.label}: ${i.reason}` : i.reason));
  return reasons.length ? `The plan says: ${reasons.join(" · ")}` : undefined;
}

/** Why the form came back: each limit the dose goes past, and what to do. */
export function pastLimitLines(words: string[]): Line[] {
  return [
    line(strong("⚠️ Past the plan's limit:", "alert"), ` ${whole(words.join("; "))}.`),
    line("Give it only if you have checked (with the vet, the owner's instructions or the manager)."),
  ];
}

/** The follow-up's answers, in order: each effect, its words and its button's. */
export const EFFECT_CHOICES = PRN_EFFECTS.map((effect) => ({
  effect,
  words: effectWords(effect),
  button: EFFECT_BUTTONS[effect],
}));

/** The follow-up's question, and the dose it asks about; `today`: the day it is read on. */
export function followUpLines(dose: PrnDose, petName: string, timezone: string, today?: string): Line[] {
  return [[strong(whole(followUpQuestion(dose.label, petName)))], prnDoseLine(dose, timezone, today)];
}

/**
 * The follow-up in the giver's direct messages: "Effect of Piriton 4mg for Itchy?", the dose, and
 * (Slack) a button per effect and one for a note.
 */
export function followUpDoc(
  dose: PrnDose,
  petName: string,
  timezone: string,
  o: {
    answer?: (effect: PrnEffect) => Omit<Action, "text">;
    withNote?: Omit<Action, "text">;
    /** The day it is sent on: last night's dose, asked about after midnight, "given yesterday 23:20". */
    today?: string;
  } = {},
): Doc {
  const [question, about] = followUpLines(dose, petName, timezone, o.today);
  const answers = o.answer
    ? EFFECT_CHOICES.map(
        (c): Action => ({
          text: c.button,
          ...(o.answer as NonNullable<typeof o.answer>)(c.effect),
          ...(c.effect === "helped" ? { style: "primary" } : c.effect === "worse" ? { style: "danger" } : {}),
        }),
      )
    : [];
  return {
    fallback: followUpQuestion(dose.label, petName),
    parts: [
      { kind: "text", lines: [question as Line] },
      { kind: "summary", lines: [about as Line] },
      ...(answers.length || o.withNote
        ? [
            {
              kind: "actions" as const,
              actions: [...answers, ...(o.withNote ? [{ text: "📝 With a note…", ...o.withNote }] : [])],
            },
          ]
        : []),
    ],
  };
}

/** The follow-up once answered: "✅ Effect of Piriton 4mg for Itchy: helped · recorded 10:12 by Jane". */
export function answeredDoc(dose: PrnDose, petName: string, effect: PrnEffectEntry, timezone: string): Doc {
  const question = followUpQuestion(dose.label, petName).replace(/\?$/, "");
  // Drawn as the effect is recorded: the dose's time is said against that day.
  const today = localDate(effect.recordedAt, timezone);
  // The note whole: the record keeps at most 500 characters, but each line break is drawn " ↵ ".
  const words = `${effectWords(effect.effect)} · recorded ${timeOf(effect.recordedAt, timezone)} by ${whole(effect.userName)}${effect.note ? ` · ${whole(effect.note)}` : ""}`;
  return {
    fallback: `${question}: ${effectWords(effect.effect)}`,
    parts: [
      {
        kind: "text",
        lines: [
          line(
            effect.effect === "worse" ? "⚠️ " : "✅ ",
            strong(`${whole(question)}:`, effect.effect === "worse" ? "alert" : undefined),
            ` ${words}`,
          ),
        ],
      },
      { kind: "summary", lines: [prnDoseLine({ ...dose, effect }, timezone, today)] },
    ],
  };
}

/** A high-alert dose's witness as the export's cell says it: "witnessed by Tom 12:05", "unwitnessed"; none for another dose. */
export const witnessCellWords = (d: PrnDose, timezone: string): string | undefined =>
  d.witness ? witnessWords(d.witness, timezone) : undefined;
/** A dose given from the words, its plan not confirmed (issue 44), as the export's cell says it. */
export const prnFromWordsCell = (d: Pick<PrnDose, "unconfirmed">): string | null =>
  d.unconfirmed ? FROM_THE_WORDS : null;
/** Its medicine checked first, as the export's cell says it, days whole: "discard by 2026-11-10, past it". */
export const checkedCell = (d: Pick<PrnDose, "checked">): string | undefined =>
  checkedCellWords(d.checked, (day) => day) || undefined;

/** A dose's effect as the export's cell says it: "helped · Jane 2026-11-22 10:12 · calmer". */
export function effectCellWords(d: PrnDose, stamp: (iso: string) => string): string {
  const e = d.effect;
  if (!e) return "awaiting effect";
  return [effectWords(e.effect), `${e.userName} ${stamp(e.recordedAt)}`, e.note].filter(Boolean).join(" · ");
}
