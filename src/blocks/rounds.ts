/**
 * A feeding and medication round (/rounds and the round posts): every pet in house by room, this
 * round's diet, each medication as the round's sheet shows it (src/domain/care.ts
 * `medicationsFor`: every instruction in full in the morning, a dose its words put on a round in
 * that round), allergies; a pet with nothing this round, by its record, on one line. Channel-safe.
 */
import type { RoundPet, RoundReport } from "../answers/rounds.ts";
import { type OffFoodPet, offFoodKey } from "../domain/off-food.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { dueItems } from "../domain/record.ts";
import { roundWord } from "../domain/rounds.ts";
import type { Entry } from "../record/types.ts";
import {
  CARE_NOT_LOADED,
  CARE_NOT_MATCHED,
  NO_DIET_ON_RECORD,
  namedDietRow,
  roundMedicationRow,
  sheetAlertWords,
  speciesEmoji,
} from "../words/care.ts";
import { NO_ONE_IN_HOUSE, roundSummaryParts, roundTitle, stayMarkWords } from "../words/house.ts";
import { offFoodWords } from "../words/off-food.ts";
import type { PetRoundState } from "./buttons.ts";
import { lateWords } from "./digest.ts";
import { bold, clip, context, esc, header, truncate } from "./mrkdwn.ts";
import { PROGRESS_BLOCK, petBlocks, RECORD_RESERVE, redrawRecord } from "./round-record.ts";
import { type Threaded, type ThreadItem, threaded } from "./thread.ts";
import type { Block, Message } from "./types.ts";

const title = (r: ChannelSafe<RoundReport>) =>
  roundTitle(r.round, r.date, r.totals.pets + r.totals.careMissing, r.kennelName);
const summary = (r: ChannelSafe<RoundReport>) =>
  roundSummaryParts(r.totals)
    .map((p) => p.text)
    .join(" · ");

/** One pet on the sheet (mrkdwn, within a section). */
function roundPetText(p: ChannelSafe<RoundPet>, r: ChannelSafe<RoundReport>): string {
  const b = p.booking;
  const room = b.roomName ? `${bold(clip(b.roomName, 80))}` : "*no room*";
  const marks = stayMarkWords(p).map((m) => ` · ${m}`);
  const owner = `${b.customerName ? ` (${clip(b.customerName, 80)})` : ""}${marks.join("")}`;
  if (!p.pet || !p.sheet) {
    const which = p.unmatched.length
      ? clip(p.unmatched.join(", "), 200)
      : b.petNames
        ? clip(b.petNames, 200)
        : "pets";
    const why = p.careStatus === "not_matched" ? CARE_NOT_MATCHED : CARE_NOT_LOADED;
    return `${room} · ${which}${owner}\n❔ ${why}, and check this pet's care by hand`;
  }
  const name = `${speciesEmoji(p.pet.pet)} ${bold(clip(p.pet.flags.name, 80))}`;
  const s = p.sheet;
  const allergy = s.allergies ? `⚠️ allergies: ${clip(s.allergies, 300)}` : "";
  // Fasting (and the other alerts) before anything else in the pet's lines.
  const alerts = sheetAlertWords(p.pet.flags).map((a) => clip(a, 400));
  if (s.nothing) {
    const others = s.medications.map((m) => clip(roundMedicationRow(m, r.round), 200));
    return truncate(
      [`${room} · ${name}${owner} · nothing this round`, ...alerts, allergy, ...others.map((o) => `💊 ${o}`)]
        .filter(Boolean)
        .join("\n"),
      2900,
    );
  }
  // Allergies straight after the name: in a long sheet they are the line never to lose.
  const lines = [`${room} · ${name}${owner}`, ...alerts, allergy].filter(Boolean);
  if (s.diet.round) lines.push(`🍽 ${roundWord(r.round).toLowerCase()}: ${clip(s.diet.round, 600)}`);
  if (s.diet.general) lines.push(`🍽 general: ${clip(s.diet.general, 400)}`);
  for (const d of s.diet.named) lines.push(`🍽 ${clip(namedDietRow(d), 600)}`);
  if (s.noDiet) lines.push(`🍽 ${NO_DIET_ON_RECORD}`);
  else if (!s.fed && !s.diet.round) lines.push(`🍽 no ${r.round} diet recorded`);
  for (const m of s.medications) lines.push(`💊 ${clip(roundMedicationRow(m, r.round), 700)}`);
  return truncate(lines.join("\n"), 2900);
}

/**
 * The care record on the post (when Kennel Desk keeps one): each round's entries and the kennel's
 * time zone. Each pet with something due gets its record and its two buttons; each message a
 * progress line.
 */
export interface RoundRecord {
  entries: Entry[];
  timezone: string;
  /** The store could not be read: the post says so (the record shows at the next tap). */
  problem?: string | undefined;
  /** Pets off their food at the rounds before this one (by offFoodKey): flagged under their name. */
  offFood?: Map<string, OffFoodPet> | undefined;
}

/** The sheet's text with "🍽 off food: 2 meals" under the pet's first line, when it is off its food. */
function withOffFood(text: string, p: RoundPet, record: RoundRecord | undefined): string {
  const b = p.booking.bookingId;
  const id = p.pet?.pet.petId;
  const flag = b !== undefined && id !== undefined ? record?.offFood?.get(offFoodKey(b, id)) : undefined;
  if (!flag) return text;
  const cut = text.indexOf("\n");
  const line = `*${offFoodWords(flag)}*`;
  return cut < 0 ? `${text}\n${line}` : `${text.slice(0, cut)}\n${line}${text.slice(cut)}`;
}

/** A pet's buttons' state; undefined when it has nothing to record (or the API gave no ids). */
function petState(p: ChannelSafe<RoundPet>, r: ChannelSafe<RoundReport>): PetRoundState | undefined {
  const bookingId = p.booking.bookingId;
  const petId = p.pet?.pet.petId;
  // ASSUMPTION: a booking or pet without its id (the spec does not say ids are always present)
  // cannot be keyed in the record: the pet's sheet is shown as always, without record buttons.
  if (!p.pet || !p.sheet || bookingId === undefined || petId === undefined) return undefined;
  const due = dueItems(p.sheet);
  if (due.length === 0) return undefined;
  return {
    d: r.date,
    r: r.round,
    b: bookingId,
    p: petId,
    n: Array.from(p.pet.flags.name || "pet")
      .slice(0, 80)
      .join(""),
    i: due.map((d) => [d.item, d.text, Array.from(d.label).slice(0, 40).join("")]),
  };
}

function withProgress(m: Message, at: number, record: RoundRecord): Message {
  if (!m.blocks.some((b) => b.type === "actions")) return m;
  const blocks: Block[] = [...m.blocks];
  blocks.splice(at, 0, { type: "context", block_id: PROGRESS_BLOCK, elements: [] });
  const drawn = redrawRecord(blocks, m.text, record.entries, record.timezone).blocks as Block[];
  if (record.problem) {
    drawn[at] = {
      ...context(
        `❔ The care record could not be read: ${clip(record.problem, 300)} It shows here at the next tap.`,
      ),
      block_id: PROGRESS_BLOCK,
    };
  }
  return { text: m.text, blocks: drawn };
}

export function roundMessages(r: ChannelSafe<RoundReport>, lateAt?: string, record?: RoundRecord): Threaded {
  const t = title(r);
  const head = [header(t), context(`${esc(summary(r))}${lateWords(lateAt)}`)];
  if (r.pets.length === 0) {
    return {
      parent: { text: t, blocks: [...head, context(NO_ONE_IN_HOUSE)] },
      replies: [],
    };
  }
  const foot = [
    context(
      [r.careProblem ? `❔ ${esc(r.careProblem)}` : "", `request id ${esc(r.requestId)}`]
        .filter(Boolean)
        .join(" · "),
    ),
  ];
  const items = r.pets.map((p): ThreadItem => {
    const text = withOffFood(roundPetText(p, r), p, record);
    const state = record ? petState(p, r) : undefined;
    return state ? { blocks: petBlocks(text, state, ""), reserve: RECORD_RESERVE } : text;
  });
  const post = threaded(`${t}: ${summary(r)}`, head, items, foot);
  if (!record) return post;
  return {
    parent: withProgress(post.parent, head.length, record),
    replies: post.replies.map((m) => withProgress(m, 1, record)),
  };
}
