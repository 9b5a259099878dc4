/**
 * The manager's daily review (issue 50) as one document: posted in the rounds channel after the
 * day's last round, "Thu 26 Nov: 412 of 420 doses given on time · 3 late · 2 missed · 1 refused · 2
 * welfare flags open", each missed, refused or not-given dose named, and who has reviewed the day
 * ("✅ Reviewed by Morgan 21:05: …"), with the "✅ Reviewed…" button (Slack's; the terminal leaves
 * it out). Two missed slots of one drug are one line naming both (src/words/two-slots.ts); a drug its
 * plan gives once a day given at two rounds is named after the exceptions, to look at.
 */
import type { GivenTwice } from "../answers/given-twice.ts";
import type { DayReview } from "../answers/review.ts";
import { plural } from "../domain/text.ts";
import { apartWords } from "../words/apart.ts";
import { dayHeading, timeOnDay } from "../words/dates.ts";
import { OFF_TIME, UNWITNESSED, unwitnessedCountWords } from "../words/doses.ts";
import { GIVEN_TWICE_ICON, givenTwiceAsks, givenTwiceWords } from "../words/given-twice.ts";
import { notAskedCountWords } from "../words/record.ts";
import { missedInSlotsWords, twoSlotsMissedWords } from "../words/two-slots.ts";
import {
  type Action,
  type Doc,
  dotted,
  kept,
  type Line,
  line,
  type Part,
  toned,
  value,
  whole,
} from "./doc.ts";

/** The most doses named on the post (the rest "and N more"; `record` lists each). */
const NAMED_MAX = 15;

const KIND_WORDS = {
  missed: "❌ missed",
  refused: "⚠️ refused",
  not_given: "⚠️ not given",
  // The marks of the round's record; "given late" here is also a dose given after its window closed.
  early: `${OFF_TIME.early.icon} given early`,
  late: `${OFF_TIME.late.icon} given late`,
  unwitnessed: `💉 given, ${UNWITNESSED}`,
} as const;

/** After the day's missed figure, how many of them are one drug in two slots: " (2 of them one drug in two slots)". */
function missedPaired(r: DayReview): string {
  const n = dosesIn(r.exceptions.filter((e) => e.twoSlots));
  return n ? ` (${missedInSlotsWords(n)})` : "";
}

/** The day's figures on one line. */
function figuresLine(r: DayReview): Line {
  const d = r.doses;
  return dotted(
    `${dayHeading(r.date)}: ${d.onTime} of ${d.due} ${d.due === 1 ? "dose" : "doses"} given on time`,
    d.givenEarly ? [toned("warn", `${OFF_TIME.early.icon} ${d.givenEarly} early`)] : undefined,
    d.givenLate ? [toned("warn", `${OFF_TIME.late.icon} ${d.givenLate} late`)] : undefined,
    d.missed ? [toned("alert", `${d.missed} missed${missedPaired(r)}`)] : undefined,
    d.refused ? [toned("warn", `${d.refused} refused`)] : undefined,
    d.notGiven ? [toned("warn", `${d.notGiven} not given`)] : undefined,
    d.unwitnessed && unwitnessedCountWords(d.unwitnessed)
      ? [toned("alert", `💉 ${unwitnessedCountWords(d.unwitnessed)}`)]
      : undefined,
    d.open ? `${d.open} still open` : undefined,
    d.lateEntries ? `${plural(d.lateEntries, "late entry", "late entries")}` : undefined,
    // Recorded where no round asked them: never due, never late entries; said apart, as the record does.
    d.notAsked ? notAskedCountWords(d.notAsked) : undefined,
    r.welfareOpen === undefined
      ? "welfare flags not read"
      : r.welfareOpen
        ? [toned("warn", `${plural(r.welfareOpen, "welfare flag")} open`)]
        : "no welfare flag open",
    r.countsOverdue === undefined
      ? "medicine counts not read"
      : r.countsOverdue
        ? [toned("warn", `${plural(r.countsOverdue, "count")} overdue`)]
        : undefined,
  );
}

/** The review form's question. */
export const reviewFormLabel = (date: string) =>
  `What you checked of ${dayHeading(date)} (kept in the care record with your name)`;

/**
 * What the day's review asks its reviewer to answer, when the day has a dose missed, refused or not
 * given, or a high-alert dose given early, late or with no witness: "3 missed (1 high-alert) · 1
 * high-alert dose unwitnessed: say what was done about them". Undefined for a day with none (the
 * note stays optional then). A fresh try saw an empty form accepted over 63 missed doses.
 */
export function reviewAsks(r: Pick<DayReview, "exceptions" | "givenTwice">): string | undefined {
  const twice = r.givenTwice?.length ?? 0;
  if (r.exceptions.length === 0 && twice === 0) return undefined;
  const counts = (Object.keys(KIND_WORDS) as Exception["kind"][])
    .map((kind) => {
      const of = r.exceptions.filter((e) => e.kind === kind);
      const [all, high] = [dosesIn(of), dosesIn(of.filter((e) => e.due.highAlert))];
      if (of.length === 0) return "";
      const words = KIND_WORDS[kind].replace(/^\S+ /, "");
      const paired = dosesIn(of.filter((e) => e.twoSlots));
      return `${all} ${words}${high && high < all ? ` (${high} high-alert)` : high ? " (high-alert)" : ""}${paired ? ` (${missedInSlotsWords(paired)})` : ""}`;
    })
    .filter(Boolean);
  if (twice) counts.push(givenTwiceAsks(twice));
  return `${counts.join(" · ")}: say what was done about them (the vet or the owner told, a dose given late, nothing needed and why).`;
}

type Exception = DayReview["exceptions"][number];

/**
 * Each exception's line: "❌ missed: Skye (Kennel 2) · Chloramphenicol 1% eye drops · medication 4 ·
 * morning", the room beside the name (two Biscuits in house are two dogs), and what tells two of one
 * pet's doses of a round apart when their words are the same (src/words/apart.ts).
 */
function exceptionLines(exceptions: readonly Exception[]): Line[] {
  const apart = apartWords(
    exceptions.map((e) => ({
      whose: `${e.bookingId}-${e.petId}|${e.round}`,
      shown: e.due.label,
      item: e.due.item,
      text: e.due.text,
    })),
  );
  return exceptions.map((e, i) =>
    line(
      `${KIND_WORDS[e.kind]}: ${whole(e.petName)}${e.room ? ` (${whole(e.room)})` : ""} · ${e.due.highAlert ? "💉 " : ""}${doseWords(e, apart[i])} · ${e.round}`,
    ),
  );
}

/** The dose an exception names: its label and what tells it apart; one drug in two slots, each slot. */
function doseWords(e: Exception, apart: string | undefined): string {
  if (!e.twoSlots) return `${whole(e.due.label)}${apart ? ` · ${whole(apart)}` : ""}`;
  const { names, what } = twoSlotsMissedWords(e.twoSlots);
  return `${whole(names)} ${what}`;
}

/** How many doses the exceptions name (a drug in two slots missed names each of its slots). */
const dosesIn = (of: readonly Exception[]) => of.reduce((n, e) => n + (e.twoSlots?.items.length ?? 1), 0);

/** A drug its plan gives once a day given at two rounds: to look at, not an error in the record. */
const givenTwiceLine = (g: GivenTwice, timezone: string): Line =>
  line(
    toned(
      "warn",
      `${GIVEN_TWICE_ICON} ${givenTwiceWords({ ...g, petName: whole(g.petName), room: g.room && whole(g.room), label: whole(g.label) }, timezone, "that day")}`,
    ),
    " — to look at",
  );

export interface ReviewDocOptions {
  timezone: string;
  /** "✅ Reviewed…" (Slack's; the terminal leaves it out). */
  action?: Omit<Action, "text">;
  /** "📋 Show all N…": every exception, in Slack, when more than the post names (Slack's). */
  every?: Omit<Action, "text">;
}

export function reviewDoc(r: DayReview, o: ReviewDocOptions): Doc {
  const title = `📋 Day's review · ${dayHeading(r.date)}`;
  const all = exceptionLines(r.exceptions);
  // Every high-alert dose is named on the post (they come first), the rest up to NAMED_MAX in all.
  const high = r.exceptions.filter((e) => e.due.highAlert).length;
  const named = all.slice(0, Math.max(NAMED_MAX, high));
  const more = all.length - named.length;
  const moreLine = line(
    o.every
      ? `and ${more} more (📋 Show all ${all.length} names each here; kennel-desk record ${r.date} in the terminal)`
      : `and ${more} more (kennel-desk record ${r.date} lists each)`,
  );
  const twice = (r.givenTwice ?? []).map((g) => givenTwiceLine(g, o.timezone));
  const reviews = r.reviews.map((v) =>
    line(
      `✅ Reviewed by ${whole(v.userName)} ${timeOnDay(v.at, o.timezone, r.date)}`,
      // The review's note as kept: a channel hides a contact in it.
      v.note ? kept(`: ${value(v.note, 1000)}`) : undefined,
    ),
  );
  const parts: Part[] = [
    { kind: "title", text: title },
    {
      kind: "summary",
      lines: [line(`From what ${plural(r.rounds, "round")}' kept sheets asked, beside the entries.`)],
    },
    { kind: "text", lines: [figuresLine(r)] },
    ...(named.length ? [{ kind: "text" as const, lines: named }] : []),
    ...(more > 0
      ? [
          {
            kind: "text" as const,
            lines: [moreLine],
            ...(o.every ? { action: { text: `📋 Show all ${all.length}`, ...o.every } } : {}),
          },
        ]
      : []),
    ...(twice.length ? [{ kind: "text" as const, lines: twice }] : []),
    {
      kind: "text",
      lines: reviews.length ? reviews : [line(toned("warn", "Not reviewed yet."))],
      ...(o.action ? { action: { text: "✅ Reviewed…", ...o.action } } : {}),
    },
  ];
  return { fallback: `${title}: ${r.doses.onTime} of ${r.doses.due} doses given on time`, parts };
}

/**
 * Every dose the day's review counts as missed, refused or not given (and each high-alert dose given
 * early or late), named whole, in the post's order: what "📋 Show all N" answers in Slack, as many
 * messages as it takes, nothing cut.
 */
export function reviewExceptionsDoc(r: DayReview): Doc {
  const title = `📋 Day's review · ${dayHeading(r.date)}: every dose to look at (${r.exceptions.length})`;
  const lines = exceptionLines(r.exceptions);
  return {
    fallback: title,
    parts: [
      { kind: "title", text: title },
      {
        kind: "text",
        lines: lines.length ? lines : [line("Nothing missed, refused or not given that day.")],
      },
      { kind: "note", lines: [line(`In the terminal: kennel-desk record ${r.date}.`)] },
    ],
  };
}
