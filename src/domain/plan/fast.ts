/**
 * A fast for a procedure, read from any care field (issue 42): the diet, the notes, the medical
 * notes, the evaluation notes. "Spay Wed 9/12, nil by mouth from 10pm the night before" is a fast
 * from 22:00 on the 8th until the procedure on the 9th; "Dental Fri 11th – NPO after midnight" from
 * the start of the 11th. The procedure's day is a date or a weekday the stay holds once; a fast whose
 * day the words do not give ("NBM from midnight, op tomorrow") is left to a person.
 *
 * On the day: the rounds from the fast's start are not fed; where the words give its end ("until
 * 10am") the rounds after it are fed as usual, else the rounds after the morning are for a person
 * (after a procedure the vet says when the pet eats again).
 */
import { addDays, weekday } from "../../time.ts";
import { weekdayOf } from "../calendar-words.ts";
import { fastingTimes, saysFasting } from "../fasting.ts";
import { datesIn } from "./dates.ts";
import type { DateContext } from "./read-text.ts";
import type { Fast, SourceField } from "./types.ts";

const PROCEDURE =
  /\b(?:spay(?:ed|ing)?|neuter(?:ed|ing)?|castrat\w*|dental|op|operation|surgery|ga|general\s+an(?:a)?esthetic|an(?:a)?esthetic|sedation|sedated|bloods|blood\s+tests?|bloodwork|x-?rays?|scan|procedure|mri|ct\s+scan|lump\s+removal|removal|biopsy)\b/i;
const DAY_WORD = /\b(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(?:day|sday|nesday|rsday|urday)?s?\b/gi;
const UNDATED = /\b(?:tomorrow|today|tonight|tmrw|tmw)\b/i;

export type FastReading =
  | { fast: Fast }
  /** The words say the pet fasts, but not on which day: a person reads it. */
  | { undated: SourceField }
  | undefined;

/** The stay's dates that fall on a weekday (the first fortnight when the stay is open). */
function staysOn(day: number, dates: DateContext): string[] {
  const last = dates.last ?? addDays(dates.first, 13);
  const out: string[] = [];
  for (let d = dates.first; d <= last && out.length < 3; d = addDays(d, 1))
    if (weekday(d) === day) out.push(d);
  return out;
}

/** The procedure's day in the words: one date, or one weekday the stay holds once. */
function procedureDay(words: string, dates: DateContext): string | undefined {
  if (UNDATED.test(words)) return undefined;
  const found = datesIn(words, dates.order, dates.first).filter((d) => d.date !== undefined);
  const distinct = [...new Set(found.map((d) => d.date))];
  if (distinct.length === 1) return distinct[0];
  if (distinct.length > 1) {
    // Several dates ("castration 10/12, no food after 8pm on 9/12"): the one the procedure names.
    const procedure = PROCEDURE.exec(words);
    const after = procedure && found.find((d) => d.index > procedure.index && d.index - procedure.index < 30);
    return after ? after.date : undefined;
  }
  const days = [...new Set([...words.matchAll(DAY_WORD)].map((m) => weekdayOf((m[1] ?? "").toLowerCase())))];
  if (days.length !== 1 || days[0] === undefined) return undefined;
  const on = staysOn(days[0], dates);
  return on.length === 1 ? on[0] : undefined;
}

/** The first field whose words say the pet fasts, read for its procedure's day and times. */
export function fastIn(fields: SourceField[], dates: DateContext): FastReading {
  const said = fields.find((f) => saysFasting(f.words));
  if (!said) return undefined;
  const named = PROCEDURE.test(said.words) || new RegExp(DAY_WORD.source, "i").test(said.words);
  const day = named ? procedureDay(said.words, dates) : undefined;
  if (!day) return { undated: said };
  const times = fastingTimes(said.words);
  const start = times?.from;
  // Midnight as a start is the procedure day's beginning; an evening time is the night before.
  const from =
    start === undefined || start === "24:00"
      ? { date: day, time: "00:00" }
      : start >= "12:00"
        ? { date: addDays(day, -1), time: start }
        : { date: day, time: start };
  return {
    fast: {
      words: said.words,
      field: said.field,
      day,
      from,
      ...(times?.until ? { until: times.until } : {}),
    },
  };
}
