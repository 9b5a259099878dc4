/**
 * The modals of the care record: "Record each…" (each item's outcome, a reason from the list and in
 * the person's words when a dose was not given or refused, a note) and the confirmation of a one tap
 * that asks first (an earlier day's sheet, a round still ahead, a pet not here yet). After a dose's
 * window has closed, both ask when it was given (issue 35: a day and a time, in the kennel's zone;
 * the one tap's default now, "Record each…"'s none, for a dose not given keeps no time). Pure: the listener opens them with views.open (their metadata sealed:
 * src/slack/seal.ts) and reads the submission with `readSubmission` (src/blocks/record-form.ts); what
 * a form may write is checked against the kept sheet (src/answers/record-round.ts), never its metadata.
 */
import { z } from "zod";
import type { TimeQuestion } from "../answers/late-entry.ts";
import type { LastDay } from "../answers/prn-pets.ts";
import type { Ask } from "../answers/record-round.ts";
import type { Sheet, SheetPet } from "../answers/sheets.ts";
import type { Round } from "../domain/care.ts";
import type { DoseState, DoseWindow } from "../domain/doses.ts";
import type { Line } from "../present/doc.ts";
import { offTimeMark } from "../present/dose-states.ts";
import { entryLine } from "../present/record.ts";
import {
  dayHeading,
  earlierEntriesWords,
  GIVEN_BY_FIELD,
  givenByHint,
  INSTRUCTION_ON_POST,
  isMedicationItem,
  LATE_FIELDS,
  recordFormItems,
  roundWord,
  timeQuestionWords,
  WHICH_WORDS,
  whichHourWords,
} from "../present/record-form.ts";
import type { Entry, ItemKey, Outcome } from "../record/types.ts";
import { contexts } from "./doc.ts";
import { fitItems, wordSections } from "./form-room.ts";
import { defineForm } from "./forms.ts";
import { modalView, plain } from "./modal.ts";
import { esc } from "./mrkdwn.ts";
import { againTick, bothTick, instructionBlocks, itemBlocks } from "./record-items.ts";
import { drawnSections } from "./sections.ts";
import { less, type Room, sizeOf, VIEW_ROOM, within } from "./view-room.ts";

const RECORD_MODAL = "rec_modal";
const LATE_MODAL = "rec_late";

export { GIVEN_WHY_MAX, NOTE_MAX, WHY_MAX } from "./record-items.ts";
/** The time question's fields (a form recording after a dose's window closed). */
export const GIVEN_ON = "given_on";
export const GIVEN_AT = "given_at";
/** On a day the clocks go back, which of the hour that came twice (issue 46). */
export const GIVEN_WHICH = "given_which";
/** Who gave the doses recorded given, when not the person recording them (once per form). */
export const GIVEN_BY = "given_by";

/** "Given by (if not you)": a Slack person, for every dose the form records given (src/answers/given-by.ts). */
function giverBlock(hint: string = GIVEN_BY_FIELD.hint) {
  return {
    type: "input",
    block_id: GIVEN_BY,
    optional: true,
    label: plain(GIVEN_BY_FIELD.label, 2000),
    hint: plain(hint, 2000),
    element: { type: "users_select", action_id: "user" },
  };
}

const recordId = () => z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** What a modal carries back to the bot (private_metadata, ≤ 3000 characters with its seal). */
const modalMeta = () =>
  z.object({
    /** The kept sheet, the booking and the pet. */
    s: recordId(),
    b: recordId(),
    p: recordId(),
    /** The message the button was on: channel, ts, and its thread's ts when it is a reply. */
    c: z.string().min(1).max(40),
    t: z.string().min(1).max(40),
    h: z.string().max(40).optional(),
    /** The tap's response_url (to replace the message when chat.update cannot). */
    u: z.string().max(500).optional(),
    /**
     * The current entry of each item when the modal opened: [item, entry id, outcome], and its
     * reason from the list when it has one (a form opened before it was kept has none).
     */
    cur: z.array(z.tuple([z.string(), z.number().int(), z.string(), z.string().max(20).optional()])).max(6),
    /** The form asks when the doses whose window had closed were given (issue 35). */
    q: z.literal(1).optional(),
    /** The time asked showed first, its recorded doses' ("YYYY-MM-DD HH:mm"): changed alone, it corrects theirs. */
    k: z.string().max(16).optional(),
  });
export type ModalMeta = z.infer<ReturnType<typeof modalMeta>>;

/** A record form's metadata, named: the pet on the kept sheet, the message, what it showed. */
const named = (m: ModalMeta) => ({
  sheetId: m.s,
  bookingId: m.b,
  petId: m.p,
  at: { channel: m.c, ts: m.t, threadTs: m.h, responseUrl: m.u },
  /** The current entry of each item when the form opened: [item, entry id, outcome]. */
  current: m.cur,
  /** The form asks when the doses past their window were given. */
  asksWhen: m.q === 1,
  keptTime: m.k,
});
/** Within Slack's 3000 characters once sealed: without the response_url when it must (the redraw then uses chat.update alone). */
const shorter = (m: ModalMeta) => [{ ...m, u: undefined }];
/** "Record each…". */
export const recordForm = defineForm(RECORD_MODAL, modalMeta, { shorter, names: named });
/** The one tap's confirmation (an earlier day, a round ahead, a pet not here yet, a dose past its window). */
export const lateForm = defineForm(LATE_MODAL, modalMeta, { shorter, names: named });

/** The round of a sheet, as the modals name it. */
type SheetRound = Pick<Sheet, "date" | "round">;

/** "recording late for Tue 24 Nov, morning" */
const lateWords = (s: SheetRound): string => `recording late for ${dayHeading(s.date)}, ${s.round}`;

/** The head of both modals: the pet, the round, and what is asked (late, early) when there is one. */
function heading(s: SheetRound, pet: SheetPet, ask: Ask | undefined) {
  const line = `*${esc(pet.name)}* · ${roundWord(s.round as Round).toLowerCase()} round, ${dayHeading(s.date)}`;
  const said =
    ask?.kind === "early" || ask?.kind === "discard"
      ? esc(ask.words)
      : ask?.kind === "late"
        ? `⏰ ${lateWords(s)[0]?.toUpperCase()}${lateWords(s).slice(1)}`
        : undefined;
  return {
    type: "section",
    text: { type: "mrkdwn", text: said ? `${line}\n${said}` : line, verbatim: true },
  };
}

/**
 * "When was it given?": the day and the time (default now), in the kennel's zone. `optional`
 * ("Record each…", which may write none of the doses past their window, or write one not given):
 * Slack lets it be left empty, and it is asked for only when the form writes a dose given or refused
 * (src/answers/late-entry.ts checkGiven); its labels say so, and no time is shown first, since a dose
 * not given keeps none. The one tap's confirmation (all given) shows now first.
 */
function timeBlocks(q: TimeQuestion, optional = false): unknown[] {
  const words = timeQuestionWords(
    { open: q.labels, recorded: q.recorded ?? [], closedAt: q.closedAt, notAsked: q.notAsked },
    q.timezone,
    optional,
    q.meal === true,
  );
  const maybe = optional ? { optional: true } : {};
  return [
    // Each dose named whole, escaped once, in as many sections as it takes.
    ...wordSections([[{ text: words }]]),
    {
      type: "input",
      block_id: GIVEN_ON,
      ...maybe,
      label: plain(optional ? LATE_FIELDS.on : "Given on", 2000),
      element: { type: "datepicker", action_id: "date", initial_date: q.kept?.date ?? q.date },
    },
    {
      type: "input",
      block_id: GIVEN_AT,
      ...maybe,
      label: plain(
        optional ? LATE_FIELDS.at(q.timezone) : `Given at (the kennel's time, ${q.timezone})`,
        2000,
      ),
      ...(optional ? { hint: plain(q.kept ? LATE_FIELDS.kept : LATE_FIELDS.hint, 2000) } : {}),
      // "Record each…" shows no time first: it is said for a dose given or refused, and a dose not
      // given keeps none (a time shown first would be kept as when it happened); but every dose it
      // asks recorded at one time shows that time, so a note added keeps it.
      element: {
        type: "timepicker",
        action_id: "time",
        ...(optional ? (q.kept ? { initial_time: q.kept.time } : {}) : { initial_time: q.time }),
        timezone: q.timezone,
      },
    },
    ...(q.repeated ? [whichBlock(q.repeated)] : []),
  ];
}

/** On a day the clocks go back: which of the hour that came twice, when the time falls in it. */
function whichBlock(r: NonNullable<TimeQuestion["repeated"]>) {
  const option = (value: keyof typeof WHICH_WORDS) => ({ text: plain(WHICH_WORDS[value], 75), value });
  return {
    type: "input",
    block_id: GIVEN_WHICH,
    optional: true,
    label: plain(whichHourWords(r), 2000),
    element: { type: "radio_buttons", action_id: "which", options: [option("first"), option("second")] },
  };
}

/** What the record form shows beside its items: the kennel's time now, for an as-needed dose's time. */
export interface FormClock {
  time: string;
  timezone: string;
  /** The hour that came twice on the day an as-needed dose's time is read on, when the clocks go back that day. */
  repeated?: { date: string; from: string; to: string } | undefined;
  /** Each entry's state by its item's window, and the window, by entry id: its off-time mark, as on the post. */
  states?: ReadonlyMap<number, { state: DoseState; window: DoseWindow }> | undefined;
  /** A dose owed once a day settled at another round of its day (or chased later), in its line's words. */
  settled?: ReadonlyMap<string, string> | undefined;
  /** One drug in two slots, "one dose or two?" not answered: each group's slots (its tick after the last). */
  pairs?: readonly (readonly string[])[] | undefined;
  /** A dose its plan gives here alone, asked or given at another round today: its "Given again" tick after it. */
  again?: readonly string[] | undefined;
  /** The pet's as-needed doses of the last 24 hours (or that they could not be read), beside each such drug. */
  lastDay?: LastDay | undefined;
}

/**
 * "Record each…": every item the sheet printed for the pet (issue 44), each with its outcome (the
 * current one chosen), a reason for a dose not given or refused and its own note; a dose to give if
 * needed with why and when; when a dose's window has closed, when it was given. `sealed`: the
 * metadata's text with its seal.
 */
export function recordModal(
  sealed: string,
  m: ModalMeta,
  sheet: SheetRound,
  pet: SheetPet,
  entries: Entry[],
  clock: FormClock,
  ask?: Ask,
  when?: TimeQuestion,
) {
  const current = new Map(
    m.cur.map(([item, , outcome, code]) => [item, { outcome: outcome as Outcome, code }] as const),
  );
  // A dose due from its words, plan not confirmed: its "Given again" tick says it is owed once a day by them.
  const byWords = (item: string) => pet.due.some((d) => d.item === item && d.unconfirmed === true);
  // An instruction with no room to show whole is not shown in part: the round post has it whole.
  const items = recordFormItems(pet, current, clock.repeated, clock.settled, clock.lastDay).map((f) => ({
    words: instructionBlocks(f),
    inputs: [
      ...itemBlocks(f, clock),
      ...bothTick(f.item, clock.pairs),
      ...againTick(f.item, clock.again, byWords(f.item)),
    ],
    elsewhere: { type: "section", text: { type: "mrkdwn", text: INSTRUCTION_ON_POST, verbatim: true } },
  }));
  const time = [...(when ? timeBlocks(when, true) : []), giverBlock(givenByHint(entries))];
  const head = heading(sheet, pet, ask);
  // The items first (what to record now); what was recorded in the room left, the least of it kept
  // for it (how many entries are not shown).
  const asked = new Set<string>(pet.due.map((d) => d.item));
  const least = recordedBlocks(entries, clock, { blocks: 1, bytes: 0 }, asked);
  const fitted = fitItems(items, [head, ...time, ...least]);
  const room = less(VIEW_ROOM, [head, ...fitted, ...time]);
  return modalView({
    callbackId: RECORD_MODAL,
    sealed,
    title: "Record the round",
    submit: submitWords(pet, current),
    blocks: [head, ...fitted, ...time, ...recordedBlocks(entries, clock, room, asked)],
  });
}

/**
 * "Record each…"'s button, for what it does: "Record correction" when every item it asks is recorded
 * already (any change corrects an entry); else "Record", never "Record late", since the form may write
 * a dose not given, which keeps no time and is no late entry (its time question says what is late).
 */
const submitWords = (pet: Pick<SheetPet, "due">, current: ReadonlyMap<string, unknown>) =>
  pet.due.length > 0 && pet.due.every((d) => current.has(d.item)) ? "Record correction" : "Record";

/**
 * What the pet's round has recorded already, each entry whole with its off-time mark, in as many
 * context blocks as it takes within `room` (blocks and bytes); when they do not all fit, the latest
 * that do and how many earlier ones are not shown (the stay record has them all). Never a part of an
 * entry. An entry of an item the round did not ask (not in `asked`) is never a late entry.
 */
function recordedBlocks(
  entries: Entry[],
  clock: FormClock,
  room: Room,
  asked: ReadonlySet<string>,
): unknown[] {
  const offTime = (e: Entry, k = clock.states?.get(e.id)) =>
    offTimeMark(e.item, k?.state, k?.window, clock.timezone);
  const lines = entries.map((e) =>
    entryLine(e, clock.timezone, { offTime: offTime(e), notAsked: !asked.has(e.item) }),
  );
  /** The entries from the `left`-th on, each whole and its own element, and how many earlier are not shown. */
  const drawn = (left: number): unknown[] => {
    const shown: Line[] = [
      ...lines.slice(left),
      ...(left > 0 ? [[{ text: earlierEntriesWords(left) }]] : []),
    ];
    return contexts(
      shown.map(
        (l, i): Line => [
          ...(i === 0 ? [{ text: "Recorded: " }] : []),
          ...l,
          ...(i < shown.length - 1 ? [{ text: " ·" }] : []),
        ],
      ),
    );
  };
  if (!lines.length) return [];
  let left = 0;
  while (left < lines.length && !within(sizeOf(drawn(left)), room)) left++;
  return drawn(left);
}

/**
 * The confirmation of a one-tap "all given and eaten" that asks first: on an earlier day's sheet,
 * before the round's time or the pet's arrival, or after a dose's window has closed (then with when
 * it was given). Nothing is written until it is submitted.
 */
export function confirmModal(
  sealed: string,
  sheet: SheetRound,
  pet: SheetPet,
  ask: Ask | undefined,
  when?: TimeQuestion,
) {
  const items = pet.due.map(({ item, label }) =>
    isMedicationItem(item as ItemKey) ? `💊 ${label}` : "🍽 meal",
  );
  const late = ask?.kind === "late" || (ask === undefined && when !== undefined);
  return modalView({
    callbackId: LATE_MODAL,
    sealed,
    title: late ? "Record late?" : "Record now?",
    submit: late ? "Record late" : "Record now",
    blocks: [
      heading(sheet, pet, ask),
      ...wordSections([[{ text: `All given and eaten, for what is not recorded yet: ${items.join(", ")}` }]]),
      ...(when ? timeBlocks(when) : []),
      giverBlock(),
    ],
  });
}

/** The form replaced by a refusal (nothing was written): why, and what to do. */
export function refusalView(text: string) {
  return {
    type: "modal" as const,
    title: plain("Not recorded", 24),
    close: plain("Close", 24),
    // Every word: a refusal may name a pet and its care words whole, past one section.
    blocks: drawnSections(text).map((t) => ({
      type: "section",
      text: { type: "mrkdwn", text: t, verbatim: true },
    })),
  };
}
