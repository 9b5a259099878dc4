/**
 * The daily welfare check's settings (issue 38; docs/configuration.md):
 * - WELFARE_ROUNDS: the rounds a check is made at (default `evening`; `morning,evening` for two a
 *   day; `off` for none);
 * - WELFARE_CHANNEL: where its posts go (default ROUNDS_CHANNEL; neither: no posts);
 * - WELFARE_TIME: when each round's post goes (one time, or one per round; default the round's time);
 * - WELFARE_CHECK_BY: when the pets not checked are named in the post's thread (one time, or one
 *   per round; default two hours after the post, and for the evening never before 20:00);
 * - WELFARE_AREAS: the areas, each a room name's beginning (`Kennel,Cattery,Suite`: one post each,
 *   and one for the rooms no area names); unset: one post for the whole house;
 * - WELFARE_IN_ROUND: the round post of each welfare round carries the check in its thread instead
 *   of a post of its own (needs ROUNDS_CHANNEL).
 */
import {
  bad,
  type Check,
  type ConfigProblem,
  channelId,
  clockTime,
  type EnvReader,
  flag,
  ok,
} from "./reader.ts";

/** A round, as the settings name it (src/domain/care.ts's Round; no import: the settings stand alone). */
type Round = "morning" | "midday" | "evening";

export interface WelfareSettings {
  /** The rounds a check is made at, in the day's order; empty: no welfare check. */
  rounds: Round[];
  /** Where the posts go; undefined: none are posted. */
  channel: string | undefined;
  /** Each welfare round's post time (local HH:MM). */
  times: Partial<Record<Round, string>>;
  /** Each welfare round's "not checked by" time (local HH:MM). */
  checkBy: Partial<Record<Round, string>>;
  /** The areas' room-name beginnings, in order; empty: one post for the house. */
  areas: string[];
  /** The round post carries the check (its thread) instead of a post of its own. */
  inRound: boolean;
}

const ORDER: readonly Round[] = ["morning", "midday", "evening"];

function welfareRounds(value: string): Check<Round[]> {
  if (["off", "none", "0"].includes(value.toLowerCase())) return ok([]);
  const words = value.split(",").map((s) => s.trim().toLowerCase());
  const wrong = words.filter((w) => !(ORDER as readonly string[]).includes(w));
  if (wrong.length || words.length === 0)
    return bad(
      `"${value}" is not a list of rounds.`,
      "Use morning, midday or evening, or several separated by commas (evening, the default; morning,evening), or off.",
    );
  return ok(ORDER.filter((r) => words.includes(r)));
}

/** One time for every round, or one per round in the rounds' order. */
function timesFor(rounds: Round[], example: string) {
  return (value: string): Check<string[]> => {
    const times = value.split(",").map((s) => clockTime(s.trim()));
    if (times.some((t) => t === undefined) || (times.length !== 1 && times.length !== rounds.length))
      return bad(
        `"${value}" is not ${rounds.length > 1 ? `one time, or ${rounds.length} times (one per welfare round)` : "a time of day"}.`,
        `Write HH:MM in 24-hour time, for example ${example}.`,
      );
    return ok(rounds.map((_, i) => (times.length === 1 ? times[0] : times[i]) as string));
  };
}

function areaList(value: string): Check<string[]> {
  const areas = value
    .split(",")
    .map((s) => s.trim().replace(/\s+/g, " "))
    .filter(Boolean);
  const fix = "Give the beginnings of the room names, separated by commas, for example Kennel,Cattery,Suite.";
  if (areas.length === 0 || areas.length > 12) return bad(`"${value}" is not 1 to 12 areas.`, fix);
  const odd = areas.find((a) => a.length > 40 || !/^[\p{L}\p{N}][\p{L}\p{N} '&/.-]*$/u.test(a));
  if (odd !== undefined) return bad(`"${odd}" is not a room name's beginning.`, fix);
  if (new Set(areas.map((a) => a.toLowerCase())).size !== areas.length)
    return bad(`"${value}" names an area twice.`, fix);
  return ok(areas);
}

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3));
const timeAt = (m: number) =>
  `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

/** Reads the welfare settings; a problem is added to the reader's list. */
export function readWelfare(
  r: EnvReader,
  o: { roundsChannel: string | undefined; times: Record<Round, string> },
): WelfareSettings {
  const rounds = r.read("WELFARE_ROUNDS", { fallback: ["evening"] as Round[], parse: welfareRounds });
  const channel = r.read("WELFARE_CHANNEL", { fallback: o.roundsChannel, parse: channelId });
  const inRound = r.read("WELFARE_IN_ROUND", { fallback: false, parse: flag("WELFARE_IN_ROUND") });
  const areas = r.read("WELFARE_AREAS", { fallback: [] as string[], parse: areaList });
  const given = r.read("WELFARE_TIME", { fallback: undefined, parse: timesFor(rounds, "18:00") });
  const by = r.read("WELFARE_CHECK_BY", { fallback: undefined, parse: timesFor(rounds, "20:00") });
  const times: Partial<Record<Round, string>> = {};
  const checkBy: Partial<Record<Round, string>> = {};
  const problems: ConfigProblem[] = [];
  for (const [i, round] of rounds.entries()) {
    const at = inRound ? o.times[round] : (given?.[i] ?? o.times[round]);
    times[round] = at;
    // Two hours after the post (never past 23:59); the evening's never before 20:00. A late evening
    // round (ROUNDS_TIMES at 21:00) is so named by 23:00, not refused for a default nobody set.
    const twoHours = Math.min(minutes(at) + 120, 23 * 60 + 59);
    const until = by?.[i] ?? timeAt(round === "evening" ? Math.max(twoHours, minutes("20:00")) : twoHours);
    checkBy[round] = until;
    if (minutes(until) <= minutes(at))
      problems.push({
        variable: "WELFARE_CHECK_BY",
        problem: `is ${until}, not after the ${round} welfare check's post (${at}): no pet could be checked by then.`,
        fix: "Give a time after the post's time (WELFARE_TIME, or the round's time), for example 20:00.",
      });
  }
  if (inRound && given)
    problems.push({
      variable: "WELFARE_TIME",
      problem: "is set, but WELFARE_IN_ROUND is on: the check goes with the round post, at the round's time.",
      fix: "Remove WELFARE_TIME, or turn WELFARE_IN_ROUND off for a post of its own.",
    });
  if (inRound && rounds.length > 0 && !o.roundsChannel)
    problems.push({
      variable: "WELFARE_IN_ROUND",
      problem: "is on, but ROUNDS_CHANNEL is not set: there is no round post to carry the check.",
      fix: "Set ROUNDS_CHANNEL, or turn WELFARE_IN_ROUND off (the check then goes in WELFARE_CHANNEL).",
    });
  for (const p of problems) r.add(p);
  return { rounds, channel: rounds.length ? channel : undefined, times, checkBy, areas, inRound };
}
