/**
 * The daily welfare check as documents: one message of a welfare post (its pets, each with its check
 * or "to check", its meal at the round and its open flags; the progress), the pets not checked by
 * WELFARE_CHECK_BY, a check's own line (the record's views), and the advice form's time read in
 * its words. Block Kit (src/blocks/welfare.ts)
 * and the terminal (src/text/doc.ts) draw the same documents. Channel-safe: names and rooms only.
 */
import type { BoardPet, WelfareBoard } from "../answers/welfare.ts";
import type { Round } from "../domain/care.ts";
import { type Which, wallTime } from "../domain/clock-change.ts";
import { plural } from "../domain/text.ts";
import { abnormalSigns, checkedLate, isAllNormal, type WelfareCheck } from "../domain/welfare.ts";
import { adviceTimeProblem } from "../domain/welfare-flag.ts";
import { isIsoDate, localDate } from "../time.ts";
import { dateTimeOf, repeatedTimeWords, skippedTimeWords, timeOnDay } from "../words/dates.ts";
import { ownCountWords } from "../words/record.ts";
import {
  checkName,
  flagHeadWords,
  mealWords,
  progressWords,
  signWords,
  valuesWords,
  welfareHouseWords,
} from "../words/welfare.ts";
import type { Doc, Line, Part, Span } from "./doc.ts";
import { dotted, line, prose, strong, toned, value, valueWithin, whole } from "./doc.ts";
import { flagLines } from "./welfare-flag.ts";

/** The check's fields and words, which its Slack form (src/blocks/welfare-modal.ts) draws and reads back. */
export { ALL_NORMAL, WELFARE_FIELDS, WELFARE_SIGNS } from "../domain/welfare.ts";
export { dayHeading, timeOf } from "../words/dates.ts";
export { FIELD_WORDS, flagHeadWords, mealWords, valueWords } from "../words/welfare.ts";

/** Most bookings named that could not be listed (the round post names every one). */
const UNLISTED = 8;

/** A pet's key on a welfare post ("bookingId-petId"), as its buttons are attached. */
const welfarePetKey = (p: { bookingId: number; petId: number }) => `${p.bookingId}-${p.petId}`;

/** "Kennel 2 Biscuit": the room in bold, then the name. */
export const petNameLine = (p: { room?: string | undefined; name: string }): Line =>
  line(p.room ? strong(whole(p.room)) : undefined, p.room ? " " : undefined, whole(p.name));

/** When a check was made: "18:12", or one made on a later day than its own "checked late, Mon 23 Nov 09:10". */
const checkedWhen = (c: WelfareCheck, timezone: string): string =>
  `${checkedLate(c, timezone) ? "checked late, " : ""}${timeOnDay(c.recordedAt, timezone, c.date)}`;

/**
 * A check in one line: "✅ all normal · 🍽 ate all · 18:12 Jane", "⚠️ 💩 loose stool · 18:12 Jane:
 * note"; one made on a later day than its own: "· checked late, Mon 23 Nov 09:10 Jane". Its note
 * whole, or (`noteMax`: a post's line per pet) shortened past that with where it is whole.
 */
export function checkLine(
  c: WelfareCheck,
  timezone: string,
  o: { struck?: boolean; meal?: boolean; noteMax?: number } = {},
): Line {
  const normal = isAllNormal(c);
  const meal = o.meal === false ? undefined : c.eating.find((m) => m.round === c.round);
  const words = (note: string) =>
    o.noteMax === undefined ? whole(note) : prose(note, o.noteMax, "the stay record");
  const note = c.note ? `: ${words(c.note)}` : "";
  const text = `${normal ? "✅" : "⚠️"} ${valuesWords(c.values)}${o.meal === false ? "" : ` · ${mealWords(meal)}`} · ${checkedWhen(c, timezone)} ${whole(c.userName)}${note}`;
  // The check's note as kept: a channel hides a contact in it.
  const span: Span = o.struck
    ? { text, tone: "muted", struck: true, kept: true }
    : normal
      ? { text, kept: true }
      : { text, tone: "warn", kept: true };
  return [span];
}

/** A checker's name in a message too long even in few words with whole names (Slack's allow 80). */
const CHECKER_SHORT = 20;

/** A check's note on the post, one block a pet: past this, shortened with where it is whole. */
const NOTE_ON_POST = 100;

/** The lines of a pet on the post: its name, its check (or "to check"), corrections, its flags. */
function petLines(p: BoardPet, timezone: string): Line[] {
  const status: Line = p.check
    ? checkLine(p.check, timezone, { noteMax: NOTE_ON_POST })
    : [{ text: `⬜ to check · ${mealWords(p.meal)}` }];
  const struck = p.superseded
    .slice(-2)
    .map((c) => checkLine(c, timezone, { struck: true, noteMax: NOTE_ON_POST }));
  return [petNameLine(p), status, ...struck, ...flagLines(p.flags)];
}

/**
 * A pet in a few words, for a message that would be too long in full (every value within its
 * escaped size): "✅ all normal · 18:10 Jane", "⚠️ 2 signs noted · 18:10 Jane", "🚩 2 flags: …".
 * The checker's name is whole, but for `checkerMax` (a message still too long in few words).
 */
function petCompact(p: BoardPet, timezone: string, checkerMax?: number): Line[] {
  const name = petNameLine(p);
  const c = p.check;
  const seen = c ? abnormalSigns(c.values).length + (c.note ? 1 : 0) : 0;
  const status: Line = c
    ? [
        toned(
          seen ? "warn" : undefined,
          `${seen ? `⚠️ ${plural(seen, "thing")} noted` : "✅ all normal"} · ${checkedWhen(c, timezone)} ${checkerMax === undefined ? whole(c.userName) : valueWithin(c.userName, checkerMax)}`,
        ),
      ]
    : [{ text: "⬜ to check" }];
  const flags: Line[] = p.flags.length
    ? [
        [
          toned(
            "alert",
            valueWithin(
              p.flags.length === 1
                ? flagHeadWords(p.flags[0] as BoardPet["flags"][number])
                : `🚩 ${p.flags.length} flags: ${p.flags.map((f) => signWords(f.sign)).join(", ")}`,
              80,
            ),
          ),
        ],
      ]
    : [];
  return [name, status, ...flags];
}

/** "📋 31 of 48 pets checked"; `part`: a message of a post in several ("📋 This message: 12 of 33 pets checked"). */
function progressLine(pets: BoardPet[], part: boolean, flagged: number): Line {
  const checked = pets.filter((p) => p.check).length;
  const words = pets.length === 0 ? "📋 No pet to check" : `📋 ${progressWords(checked, pets.length)}`;
  const done = pets.length > 0 && checked === pets.length ? " · all checked ✓" : "";
  return dotted(
    `${ownCountWords(words, part && pets.length > 0)}${done}`,
    flagged > 0 && toned("alert", `🚩 ${plural(flagged, "pet")} flagged`),
  );
}

/** The post's title: "🩺 Evening welfare check, Sun 22 Nov · Kennel". */
function welfareTitle(list: { round: Round; date: string; area: string | null }): string {
  const area = list.area === null ? "" : list.area === "" ? " · Other rooms" : ` · ${whole(list.area)}`;
  return `🩺 ${checkName(list.round, list.date)}${area}`;
}

export interface WelfareDocOptions {
  timezone: string;
  /** A post made late: when it went out, "19:40". */
  lateAt?: string | undefined;
  /**
   * The message would be too long in full: each pet in fewer words (`true`), and, when even those
   * would be, the checkers' names within 20 characters each (`"short"`: they stay whole in the
   * stay record and on the check's form).
   */
  compact?: boolean | "short";
}

/** The bookings whose pets could not be matched, at the parent's foot: the first named, the rest counted. */
function unlistedPart(unlisted: string[]): Part {
  return {
    kind: "note",
    lines: [
      ...unlisted.slice(0, UNLISTED).map((u): Line => [toned("alert", `❔ ${whole(u)}`)]),
      ...(unlisted.length > UNLISTED
        ? [
            line(
              `and ${unlisted.length - UNLISTED} more bookings to check by hand (the round post names each)`,
            ),
          ]
        : []),
    ],
  };
}

/**
 * One message of a welfare post: the parent (title, how it works, its pets, the bookings not
 * listed) or a reply ("Evening welfare check · Kennel · 41–80 of 150", its pets); each pet an item
 * keyed by its ids, and the message's progress.
 */
export function welfareMessageDoc(board: WelfareBoard, message: number, o: WelfareDocOptions): Doc {
  const { list } = board;
  const title = welfareTitle(list);
  const mine = board.pets.filter((p) => p.message === message);
  const several = list.messages > 1;
  const flagged = mine.filter((p) => p.flags.length > 0).length;
  const parts: Part[] = [];
  // One context each message (its head, its progress, a problem): a block per pet fits 47 of them.
  const head: Line[] = [];
  if (message === 0) {
    parts.push({ kind: "title", text: title });
    head.push(
      line(
        // The house as the round's sheet counts it: the bookings not matched (at the foot) too.
        `${welfareHouseWords(list.pets.length, list.unlisted.length)} · ✅ All normal: one tap · ✏️ Something to note: drinking, stool, urine, demeanour, a note · eating is read from the round's meals`,
        o.lateAt ? ` · posted late, at ${value(o.lateAt, 10)}` : "",
      ),
    );
  } else {
    const first = list.pets.findIndex((p) => p.message === message);
    head.push(line(strong(title), ` · ${first + 1}–${first + mine.length} of ${list.pets.length}`));
  }
  head.push(progressLine(mine, several, flagged));
  if (board.problem)
    head.push([
      toned(
        "warn",
        `❔ The care record could not be used: ${value(board.problem, 300)} It shows here at the next tap.`,
      ),
    ]);
  parts.push({ kind: "summary", lines: head });
  for (const p of mine)
    parts.push({
      kind: "item",
      key: welfarePetKey(p),
      lines: o.compact
        ? petCompact(p, o.timezone, o.compact === "short" ? CHECKER_SHORT : undefined)
        : petLines(p, o.timezone),
    });
  if (message === 0 && list.pets.length === 0 && list.unlisted.length === 0)
    parts.push({ kind: "text", lines: [line("No pet in house here at this round.")] });
  if (message === 0 && list.unlisted.length) parts.push(unlistedPart(list.unlisted));
  return {
    fallback: welfareFallback(
      title,
      mine,
      several ? { message, of: list.pets.length + list.unlisted.length } : undefined,
    ),
    parts,
  };
}

/**
 * The notification's words. A post in several messages counts this message's pets, and says so
 * with the whole house beside it: "0 of 33 pets checked" alone read as the house's progress.
 */
function welfareFallback(title: string, mine: BoardPet[], part?: { message: number; of: number }): string {
  const progress = `${title.slice(3)}: ${progressWords(mine.filter((p) => p.check).length, mine.length)}`;
  if (!part) return progress;
  return `${progress} in this message, ${plural(part.of, "pet")} in all (part ${part.message + 1})`;
}

export interface UncheckedPet {
  room: string | undefined;
  name: string;
}

/** The pets with no check by WELFARE_CHECK_BY, once, in the post's thread. */
export function uncheckedDoc(u: {
  round: Round;
  date: string;
  area: string | null;
  checkBy: string;
  missing: UncheckedPet[];
  pets: number;
  problem?: string | undefined;
}): Doc {
  const name = welfareTitle(u).slice(3);
  const MAX = 60;
  if (u.missing.length === 0 && !u.problem)
    return {
      fallback: `${name}: every pet checked`,
      parts: [
        {
          kind: "text",
          lines: [
            line(strong(`✅ ${name}: every pet checked by ${u.checkBy}`), ` (${plural(u.pets, "pet")})`),
          ],
        },
      ],
    };
  const lines: Line[] = u.missing.slice(0, MAX).map((p) => line("• ", ...petNameLine(p)));
  if (u.missing.length > MAX) lines.push(line(`and ${u.missing.length - MAX} more: see the post`));
  return {
    fallback: `Not checked by ${u.checkBy} (${name}): ${plural(u.missing.length, "pet")}`,
    parts: [
      {
        kind: "text",
        lines: [
          line(
            toned("warn", "⏰ "),
            strong(`Not checked by ${u.checkBy}`),
            ` · ${name} · ${u.pets - u.missing.length} of ${plural(u.pets, "pet")} checked`,
          ),
        ],
      },
      ...(lines.length ? [{ kind: "text", lines } as Part] : []),
      ...(u.problem
        ? [{ kind: "note", lines: [[toned("warn", `❔ ${value(u.problem, 300)}`)]] } as Part]
        : []),
    ],
  };
}

/**
 * When the vet's advice was sought, as written in its form ("HH:MM" today, "YYYY-MM-DD HH:MM"; on a
 * day the clocks went back, "01:30 first" or "01:30 second" for the hour that came twice): the
 * instant, or the words for the field (unreadable, a time that never happened, one that happened
 * twice unsaid, still to come, before the flag was raised: src/domain/welfare-flag.ts).
 */
export function soughtAt(
  when: string,
  o: { now: Date; timezone: string; openedAt: string },
): { at: string } | { error: string } {
  const m = /^(?:(\d{4}-\d{2}-\d{2})\s+)?([01]?\d|2[0-3]):([0-5]\d)(?:\s+(first|second))?$/i.exec(when);
  const today = localDate(o.now, o.timezone);
  const date = m?.[1] ?? today;
  if (!m || !isIsoDate(date)) return { error: "Write the time HH:MM (today), or YYYY-MM-DD HH:MM." };
  const time = `${(m[2] as string).padStart(2, "0")}:${m[3]}`;
  const read = wallTime(date, time, o.timezone, m[4]?.toLowerCase() as Which | undefined);
  if (read.kind === "skipped") return { error: `${skippedTimeWords(date, time)} Give when it was sought.` };
  if (read.kind !== "one")
    return { error: `${repeatedTimeWords(date, time)} Write "${time} first" or "${time} second".` };
  const problem = adviceTimeProblem(read.at, { now: o.now.toISOString(), openedAt: o.openedAt });
  if (problem === "future") return { error: "That is still to come: give when it was sought." };
  if (problem === "before_flag")
    return {
      error: `That is before the flag was raised (${dateTimeOf(o.openedAt, o.timezone, today.slice(0, 4))}): give when it was sought.`,
    };
  return { at: read.at };
}
