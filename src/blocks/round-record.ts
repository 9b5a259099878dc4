/**
 * The care record on a round post: beside each pet, what staff recorded ("✅ 08:12 Jane",
 * "⚠️ Rimadyl refused 08:15 Jane: spat it out", a corrected entry struck through), its two buttons
 * ("✅ All given & eaten", one tap; "✏️ Record each…", the modal), and a progress line on each
 * message of the post ("12 of 31 pets recorded · 3 doses left").
 *
 * The record part of a message is always drawn from the store: the bot re-draws it with
 * `redrawRecord`, from the message's own blocks (each pet's sheet text is kept as it was posted;
 * its length is in the pet's block_id) and the store's entries, so the message equals the record.
 */
import { drugName } from "../domain/care.ts";
import {
  type DueItem,
  type PetRoundStatus,
  petRoundStatus,
  type RoundProgress,
  roundProgress,
} from "../domain/record.ts";
import { plural } from "../domain/text.ts";
import type { Entry, ItemKey, Outcome } from "../record/types.ts";
import { timeOf } from "../words/dates.ts";
import { outcomeWords } from "../words/record.ts";
import { type PetRoundState, recordAll, recordEach } from "./buttons.ts";
import { LIMITS } from "./limits.ts";
import { button, clip, context, esc, truncate } from "./mrkdwn.ts";
import type { Block, ContextBlock, SectionBlock } from "./types.ts";

const PET_BLOCK = "kd_pet";
const ACTIONS_BLOCK = "kd_act";
export const PROGRESS_BLOCK = "kd_progress";
/** The progress line of one message of a round posted in several (a parent and thread replies). */
export const PROGRESS_PART_BLOCK = "kd_progress_part";
/** Room kept in a message for each pet's record, drawn later (the compact form fits in it). */
export const RECORD_RESERVE = 90;
/** A section's text stays under this (Slack's 3000, less a margin). */
const SECTION_MAX = 2990;

const ICONS: Record<Outcome, string> = {
  given: "✅",
  ate_all: "✅",
  ate_some: "🟡",
  refused: "⚠️",
  not_given: "⚠️",
  ate_none: "⚠️",
  not_offered: "⚠️",
};

/** The due items a button carries, as the domain's DueItem. */
export const dueOf = (s: PetRoundState): DueItem[] =>
  s.i.map(([item, text, label]) => ({ item: item as ItemKey, text, label }));

/** The short label of an entry's item: "meal", or the medication's name from its text. */
function itemLabel(e: Pick<Entry, "item" | "itemText">): string {
  if (e.item === "meal") return "meal";
  return drugName(e.itemText.split(" · ")[0] ?? e.itemText);
}

/** One entry on the sheet: "⚠️ Rimadyl 50 mg refused 08:15 Jane: spat it out". */
export function entryLine(e: Entry, timezone: string): string {
  const detail = [e.reason, e.note].filter((t) => t?.trim()).map((t) => clip(t, 150));
  return `${ICONS[e.outcome]} ${esc(itemLabel(e))} ${outcomeWords(e.outcome)} ${timeOf(e.recordedAt, timezone)} ${clip(e.userName, 40)}${detail.length ? `: ${detail.join(" · ")}` : ""}`;
}

const names = (entries: Entry[]) => [...new Set(entries.map((e) => clip(e.userName, 40)))].join(", ");
const latest = (entries: Entry[]) =>
  entries.reduce((a, b) => (Date.parse(b.recordedAt) > Date.parse(a.recordedAt) ? b : a));

/** The record beside one pet, in full; "" when nothing is recorded. */
function petRecordText(s: PetRoundStatus, timezone: string): string {
  const current = [...s.current.values()];
  const struck = s.superseded.slice(-3).map((e) => `~${entryLine(e, timezone).replace(/~/g, "")}~`);
  if (current.length === 0 && struck.length === 0) return "";
  const plain = current.every((e) => !e.note && (e.outcome === "given" || e.outcome === "ate_all"));
  if (s.state === "all" && plain && s.extra.length === 0) {
    const last = latest(current);
    return [`✅ ${timeOf(last.recordedAt, timezone)} ${names(current)}`, ...struck].join("\n");
  }
  const lines: string[] = [];
  for (const d of s.due) {
    const e = s.current.get(d.item);
    lines.push(e ? entryLine(e, timezone) : `⬜ ${esc(d.label)} to record`);
  }
  for (const e of s.extra) lines.push(entryLine(e, timezone));
  return [...lines, ...struck].join("\n");
}

/** The record beside one pet in a few words, for a message that would be too long in full. */
function petRecordCompact(s: PetRoundStatus, timezone: string): string {
  const current = [...s.current.values()];
  if (current.length === 0) return "";
  const last = latest(current);
  const who = `${timeOf(last.recordedAt, timezone)} ${clip(last.userName, 20)}`;
  const problems = s.problems.length ? ` · ⚠️ ${s.problems.length} not given or not eaten` : "";
  if (s.state === "all") return `${s.problems.length ? "⚠️" : "✅"} ${who}${problems}`;
  return `${s.problems.length ? "⚠️" : "🟡"} ${current.length} of ${s.due.length} recorded, ${who}${problems}`;
}

/** The section's text: the sheet as posted, then the record (cut to the room left). */
function petSectionText(sheet: string, record: string): string {
  if (!record) return sheet;
  const room = SECTION_MAX - sheet.length - 1;
  return `${sheet}\n${record.length > room ? truncate(record, Math.max(room, 2)) : record}`;
}

/** The value both buttons carry, within Slack's 2000 characters whatever the texts. */
function stateValue(s: PetRoundState): string {
  let state = s;
  for (const max of [200, 120, 60, 30]) {
    state = {
      ...s,
      i: s.i.map(([item, text, label]) => [item, cut(text, max), label] as (typeof s.i)[number]),
    };
    const value = recordAll.encode(state);
    if (value.length <= LIMITS.buttonValue) return value;
  }
  return recordAll.encode(state);
}
const cut = (t: string, max: number) =>
  Array.from(t).length <= max
    ? t
    : `${Array.from(t)
        .slice(0, max - 1)
        .join("")}…`;

const suffix = (s: Pick<PetRoundState, "b" | "p">) => `${s.b}-${s.p}`;

/** A pet's blocks on a round post: its sheet with the record, and the two buttons. */
export function petBlocks(sheet: string, state: PetRoundState, record: string, oneTap = true): Block[] {
  const value = stateValue(state);
  const section: SectionBlock = {
    type: "section",
    block_id: `${PET_BLOCK}:${state.b}:${state.p}:${sheet.length}`,
    text: { type: "mrkdwn", text: petSectionText(sheet, record), verbatim: true },
  };
  return [
    section,
    {
      type: "actions",
      block_id: `${ACTIONS_BLOCK}:${state.b}:${state.p}`,
      // A fasting pet is recorded item by item: one tap would say it ate (src/domain/record.ts oneTapAllowed).
      elements: [
        ...(oneTap
          ? [button("✅ All given & eaten", recordAll.actionId(suffix(state)), value, "primary")]
          : []),
        button("✏️ Record each…", recordEach.actionId(suffix(state)), value),
      ],
    },
  ];
}

/** "📋 12 of 31 pets recorded · 3 doses left" */
export function progressWords(p: RoundProgress): string {
  if (p.pets === 0) return "📋 Nothing to record this round";
  const parts = [`📋 ${p.recorded} of ${plural(p.pets, "pet")} recorded`];
  if (p.dosesLeft) parts.push(`${plural(p.dosesLeft, "dose")} left`);
  if (p.mealsLeft) parts.push(`${plural(p.mealsLeft, "meal")} left`);
  if (p.recorded === p.pets && !p.dosesLeft && !p.mealsLeft) parts.push("all done");
  if (p.problems) parts.push(`⚠️ ${p.problems} not given or not eaten`);
  return parts.join(" · ");
}

function progressBlock(p: RoundProgress, part: boolean): ContextBlock {
  // A round in several messages: each message counts its own pets, and says so.
  const words = part ? `${progressWords(p)} (the pets of this message)` : progressWords(p);
  return { ...context(words), block_id: part ? PROGRESS_PART_BLOCK : PROGRESS_BLOCK };
}

// --- re-drawing a posted message from the store --------------------------------------------------

/** A block as Slack gives it back: our fields, and whatever Slack adds. */
interface RawBlock {
  type?: string;
  block_id?: string;
  text?: { type?: string; text?: string; verbatim?: boolean };
  elements?: Array<{ action_id?: string; value?: string; text?: unknown; type?: string }>;
  [key: string]: unknown;
}

/** A pet found on a posted message: its section's index, its sheet text and its buttons' state. */
export interface PostedPet {
  index: number;
  sheet: string;
  state: PetRoundState;
}

/** The pets on a posted round message (those with record buttons). */
export function postedPets(blocks: unknown[]): PostedPet[] {
  const out: PostedPet[] = [];
  const raw = blocks as RawBlock[];
  for (const [index, b] of raw.entries()) {
    const m = /^kd_pet:(\d+):(\d+):(\d+)$/.exec(b.block_id ?? "");
    if (!m || b.type !== "section") continue;
    const next = raw[index + 1];
    // Both buttons carry the state; a fasting pet has only "Record each…".
    const value = next?.elements?.find(
      (e) => recordAll.pattern.test(e.action_id ?? "") || recordEach.pattern.test(e.action_id ?? ""),
    )?.value;
    const state = recordAll.decode(value);
    if (!state || String(state.b) !== m[1] || String(state.p) !== m[2]) continue;
    const text = b.text?.text ?? "";
    out.push({ index, sheet: text.slice(0, Number(m[3])), state });
  }
  return out;
}

/** The record's size in a message's text: what the redraw may add beyond the posted sheets. */
function textSize(blocks: RawBlock[]): number {
  let n = 0;
  for (const b of blocks) {
    if (typeof b.text?.text === "string") n += b.text.text.length;
    for (const e of b.elements ?? []) {
      const t = e.text as { text?: unknown } | string | undefined;
      if (typeof t === "string") n += t.length;
      else if (typeof t?.text === "string") n += t.text.length;
    }
  }
  return n;
}

/**
 * The message's blocks with every pet's record and the progress line drawn from `entries` (the
 * store's entries for the round). Other blocks are kept as they are. When the full record would
 * make the message too long, each pet's record is given in a few words.
 */
export function redrawRecord(
  blocks: unknown[],
  fallbackText: string,
  entries: Entry[],
  timezone: string,
): { blocks: unknown[]; statuses: PetRoundStatus[] } {
  const pets = postedPets(blocks);
  const statuses = pets.map((p) =>
    petRoundStatus(
      { date: p.state.d, round: p.state.r, bookingId: p.state.b, petId: p.state.p },
      dueOf(p.state),
      entries,
    ),
  );
  const draw = (compact: boolean) => {
    const out = [...(blocks as RawBlock[])];
    pets.forEach((p, i) => {
      const s = statuses[i] as PetRoundStatus;
      const full = compact ? "" : petRecordText(s, timezone);
      // A long sheet leaves little room: the record in a few words rather than cut off.
      const record =
        compact || p.sheet.length + 1 + full.length > SECTION_MAX ? petRecordCompact(s, timezone) : full;
      const old = out[p.index] as RawBlock;
      out[p.index] = {
        ...old,
        text: { type: "mrkdwn", text: petSectionText(p.sheet, record), verbatim: true },
      };
    });
    const at = out.findIndex((b) => b.block_id === PROGRESS_BLOCK || b.block_id === PROGRESS_PART_BLOCK);
    const part = out[at]?.block_id === PROGRESS_PART_BLOCK;
    if (at >= 0) out[at] = progressBlock(roundProgress(statuses), part) as unknown as RawBlock;
    return out;
  };
  let out = draw(false);
  if (textSize(out) + fallbackText.length > LIMITS.messageText - 200) out = draw(true);
  return { blocks: out, statuses };
}
