/**
 * Home's "💊 Today's doses" (issue 35): every dose due counted, in the record's words and order, then
 * each high-alert (💉) dose late or missed named whatever the cap (an insulin missed at 18:30 is never
 * behind "and 32 more" of the morning's), then each late or missed one with a double-dose warning
 * ("☑️ given today at the morning round … its plan gives it once a day", two slots, the plan now),
 * whatever the cap, then the refused, not given, missed and late ones up to the cap, the latest round first (src/answers/home-record.ts orders them), the rest counted by state;
 * and each high-alert dose given with no witness named ("💉 unwitnessed: Jess (Kennel 3)
 * Phenobarbital 30 mg · evening · given 18:50 by Jane"), the few past its cap counted. Lines are
 * whole: a long day's lines go on in more sections (src/blocks/doc.ts), never cut in a name or a drug.
 */
import type { TodayOverview } from "../answers/today.ts";
import { apartWords } from "../words/apart.ts";
import { timeOf } from "../words/dates.ts";
import { stateTimeWords, stateWords, unwitnessedWords } from "../words/doses.ts";
import { NOT_RECORDED_TODAY, TWO_SLOTS_ASK } from "../words/not-due.ts";
import { recordedByWords } from "../words/record.ts";
import { doseName } from "../words/unconfirmed.ts";
import type { Line, Part } from "./doc.ts";
import { line, strong, toned, whole } from "./doc.ts";
import { doseFiguresWords, NOT_GIVEN, notGivenWhy } from "./dose-figures.ts";
import { andMoreWords } from "./parts.ts";

/**
 * Refused, not given, missed and late doses named on Home at most, past the high-alert ones late or
 * missed (each named, whatever their number): Home names at least `REST_MIN` of the others beside
 * them (a refusal is a vet's first question), the rest counted, with where to see them.
 */
const NAMED_DOSES_MAX = 8;
const REST_MIN = 3;
/** High-alert doses given with no witness named on Home at most (few: the rest counted). */
const UNWITNESSED_MAX = 5;

type HomeDoses = NonNullable<NonNullable<TodayOverview["record"]>["doses"]>;
type NamedDose = HomeDoses["named"][number];
type Unwitnessed = NonNullable<HomeDoses["unwitnessed"]>[number];

/** The words Home names a dose's state with, and the tone it draws it in. */
const NAMED_STATE: Record<NamedDose["state"], { words: string; tone: "alert" | "warn" }> = {
  missed: { words: stateWords("missed"), tone: "alert" },
  refused: { words: `${NOT_GIVEN.refused.icon} ${NOT_GIVEN.refused.words}`, tone: "alert" },
  not_given: { words: `${NOT_GIVEN.not_given.icon} ${NOT_GIVEN.not_given.words}`, tone: "warn" },
  late: { words: stateWords("late"), tone: "warn" },
};

const urgent = (o: NamedDose) => o.highAlert === true && (o.state === "late" || o.state === "missed");

const whoWords = (o: Pick<NamedDose, "petName" | "room">) =>
  `${whole(o.petName)}${o.room ? ` (${whole(o.room)})` : ""}`;

/** The drug as Home names it: "💉 Caninsulin 6iu (plan not confirmed)" for a high-alert one. */
const drugWords = (o: Pick<NamedDose, "label" | "unconfirmed" | "highAlert">) =>
  `${o.highAlert ? "💉 " : ""}${doseName(whole(o.label), o.unconfirmed)}`;

/**
 * A dose named on Home: "❌ missed: Sugar (Kennel 4) 💉 Caninsulin · evening · window closed 19:00",
 * "⚠️ refused: Zoë (Kennel 2) Gabapentin 100 mg · morning · 08:05 · Jane", "⚠️ not given: … ·
 * vomited within 30 min · recorded 08:05 by Jane" (a dose not given keeps no time of its own).
 */
function namedDoseLine(o: NamedDose, timezone: string, apart: string | undefined): Line {
  const when =
    "window" in o
      ? stateTimeWords(o.state, o.window, timezone)
      : [
          // Its words whole (capped as the round post caps them); "refused" once.
          notGivenWhy(o),
          // A dose not given keeps no time: when it was recorded, by whom, never as when it happened.
          ...(o.untimed
            ? [recordedByWords(timeOf(o.at, timezone), whole(o.userName))]
            : [timeOf(o.at, timezone), o.userName && whole(o.userName)]),
        ]
          .filter(Boolean)
          .join(" · ");
  const s = NAMED_STATE[o.state];
  return [
    toned(
      s.tone,
      `${s.words}: ${whoWords(o)} ${drugWords(o)}${apart ? ` · ${whole(apart)}` : ""}${"window" in o && o.onceToday ? ` · ${NOT_RECORDED_TODAY}` : ""}${"window" in o && o.twoSlots ? ` · ${TWO_SLOTS_ASK}` : ""} · ${o.round} · ${when}${"window" in o && o.onceGiven ? ` · ${o.onceGiven}` : ""}${"window" in o && o.planNow ? ` · ${o.planNow}` : ""}${"window" in o && o.inError ? ` · ${whole(o.inError)}` : ""}`,
    ),
  ];
}

/**
 * Where the doses past Home's named ones are: a missed or late one in its round post's thread (the
 * bot's reply there), a refused or not given one on the round post itself (its pet's line).
 */
const restWhere = (rest: NamedDose[]) =>
  rest.some((o) => o.state === "refused" || o.state === "not_given")
    ? "each round post and its thread (/rounds)"
    : "each round post's thread (/rounds)";

/** "and 17 more (❌ 12 missed, ⏰ 5 late): see each round post's thread (/rounds)": by state, never one count of all. */
function restLine(rest: NamedDose[]): Line {
  const states = (Object.keys(NAMED_STATE) as NamedDose["state"][])
    .map((state) => [state, rest.filter((o) => o.state === state).length] as const)
    .filter(([, n]) => n > 0)
    .map(([state, n]) => NAMED_STATE[state].words.replace(" ", ` ${n} `))
    .join(", ");
  return line(
    andMoreWords(rest.length, undefined, restWhere(rest)).replace(/^(and \d+ more)/, `$1 (${states})`),
  );
}

/** "💉 unwitnessed: Jess (Kennel 3) Phenobarbital 30 mg · evening · given 18:50 by Jane" (or "no witness on the paper"). */
const unwitnessedLine = (u: Unwitnessed, timezone: string): Line => [
  toned(
    "alert",
    `💉 ${unwitnessedWords(u.onPaper ? { onPaper: true } : {})}: ${whoWords(u)} ${doseName(whole(u.label), u.unconfirmed)} · ${u.round} · given ${timeOf(u.at, timezone)}${u.userName ? ` by ${whole(u.userName)}` : ""}`,
  ),
];

/** Each high-alert dose given with no witness, up to its cap, the rest counted and where they are. */
function unwitnessedLines(all: Unwitnessed[], timezone: string): Line[] {
  const lines = all.slice(0, UNWITNESSED_MAX).map((u) => unwitnessedLine(u, timezone));
  if (all.length > UNWITNESSED_MAX)
    lines.push(
      line(andMoreWords(all.length - UNWITNESSED_MAX, "unwitnessed dose", "each round post (/rounds)")),
    );
  return lines;
}

/**
 * A dose late or missed that carries a double-dose warning: given today elsewhere when its plan gives
 * it once a day (`onceGiven`), one drug in two slots (`twoSlots`), its plan now (`planNow`). Named
 * whatever the cap, as a high-alert one is: giving it late from a count is how a second dose happens.
 */
const warned = (o: NamedDose) =>
  (o.state === "late" || o.state === "missed") &&
  "window" in o &&
  Boolean(o.onceGiven || o.twoSlots || o.planNow);

/** The doses Home names: every high-alert one late or missed, every one warned, then the others up to the cap. */
function namedOnHome(named: NamedDose[]): NamedDose[] {
  const high = named.filter(urgent);
  const told = named.filter((o) => !urgent(o) && warned(o));
  const first = [...high, ...told];
  const others = named.filter((o) => !first.includes(o));
  return [...first, ...others.slice(0, Math.max(NAMED_DOSES_MAX - first.length, REST_MIN))];
}

/** Today's doses on Home: the figures, each dose named (`namedOnHome`), the rest counted, the unwitnessed named. */
export function dosesPart(d: HomeDoses, timezone: string): Part {
  const lines: Line[] = [
    [strong("💊 Today's doses:"), { text: " " }, ...doseFiguresWords(d.figures, { byState: true })],
  ];
  const shown = namedOnHome(d.named);
  // Two of a pet's doses of a round named alike (one drug in two slots) each say what tells them apart.
  const apart = apartWords(
    d.named.map((o) => ({
      whose: `${o.pet ?? o.petName}|${o.round}`,
      shown: o.label,
      item: o.item,
      text: o.text,
    })),
  );
  for (const o of shown) lines.push(namedDoseLine(o, timezone, apart[d.named.indexOf(o)]));
  const rest = d.named.filter((o) => !shown.includes(o));
  if (rest.length) lines.push(restLine(rest));
  lines.push(...unwitnessedLines(d.unwitnessed ?? [], timezone));
  return { kind: "text", lines };
}
