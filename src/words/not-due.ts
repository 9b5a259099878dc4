/**
 * A dose the round asked and was not due in the end, in words (issue 45), the same on every surface:
 * the pet went home first ("🏠 not due: gone home 08:30"), or a dose owed once a day from its words
 * (src/domain/day-dose.ts) settled by another entry of its day ("☑️ given at the morning round by Jane
 * 08:12") or chased at a later round ("⏭ not recorded today: …"). Times are in the kennel's zone.
 */
import type { Round } from "../domain/care.ts";
import type { NotDueWhy, SettledBy } from "../domain/doses.ts";
import { timeOf } from "./dates.ts";
import { ONCE_BY_PLAN, ONCE_BY_WORDS } from "./given-twice.ts";
import { outcomeWords, recordedByWords } from "./record.ts";

/** A dose the round asked and was not due in the end: "🏠". */
export const NOT_DUE_ICON = "🏠";

/** Why a dose the round asked was not due in the end, as the words below read it. */
type NotDue = { why: NotDueWhy; at: string; by?: SettledBy | undefined; laterRound?: Round | undefined };

/** The mark of a dose not due in the end: "🏠" (gone home, arrives later), "☑️" (settled), "⏭" (chased later). */
export const notDueIcon = (n: Pick<NotDue, "why">): string =>
  n.why === "settled" ? "☑️" : n.why === "later_round" ? "⏭" : NOT_DUE_ICON;

/**
 * What settled a dose owed once a day (src/domain/day-dose.ts): "given at the morning round by Jane
 * 08:12", "not given at the morning round (recorded 08:12 by Jane)", "the same drug as medication 1:
 * given 08:12 by Jane" (when given, not when typed in).
 */
function settledWords(by: SettledBy, at: string): string {
  const where = by.here ? "" : ` at the ${by.round} round`;
  // `at`: when it was given (a late entry's given time), else when recorded (one not given keeps no time).
  if (by.item)
    return `the same drug as medication ${by.item.slice(4)}${where}: ${by.untimed ? `${outcomeWords(by.outcome)} (${recordedByWords(at, by.who)})` : `${outcomeWords(by.outcome)} ${at} by ${by.who}`}`;
  if (by.untimed) return `${outcomeWords(by.outcome)}${where} (${recordedByWords(at, by.who)})`;
  return `${outcomeWords(by.outcome)}${where} by ${by.who} ${at}`;
}

/**
 * Why a dose the round asked was not due in the end (issue 45): "not due: gone home 08:30" (the pet
 * went home before its window closed, nothing recorded), "not due: arrives 19:00"; a dose owed once a
 * day, settled by another entry of its day ("given at the morning round by Jane 08:12") or chased at
 * a later round ("not recorded today: owed once a day, chased at the evening round").
 */
export function notDueWords(n: NotDue, timeZone: string): string {
  const at = timeOf(n.at, timeZone);
  if (n.why === "settled" && n.by) return settledWords(n.by, at);
  if (n.why === "later_round")
    return `${NOT_RECORDED_TODAY}: owed once a day, chased at the ${n.laterRound ?? "next"} round`;
  return n.why === "gone_home" ? `not due: gone home ${at}` : `not due: arrives ${at}`;
}

/** A dose owed once a day from its words, in its chase: "not recorded today". */
export const NOT_RECORDED_TODAY = "not recorded today";

/**
 * One drug in two slots, neither recorded, the plan's "one dose or two?" not answered: said beside
 * them wherever they are chased (the late and missed replies, Home), as the round sheet asks it, so
 * two open slots are never read as two doses owed.
 */
export const TWO_SLOTS_ASK = "⚠️ one drug in two slots: one dose or two? ask before giving both";

/**
 * The same two slots both missed, on the stay's record (src/words/stay-exceptions.ts): an inspector
 * reads that they may be one dose, the kennel not having answered, never two doses plainly missed.
 */
export const TWO_SLOTS_UNANSWERED = "one drug in two slots: one dose or two? not answered on its plan";

/**
 * A dose owed once a day, in the pet's ✏️ Record each… form at another round of its day: what its
 * round's line says, and, recorded already, that it is recorded here only if given again.
 */
export function onceADayFormWords(n: NotDue, timeZone: string): string {
  const said = `${notDueIcon(n)} ${notDueWords(n, timeZone)}`;
  if (n.why !== "settled") return said;
  // The same drug in two slots, the plan's "one dose or two?" not answered: one is recorded already.
  if (n.by?.item)
    return `${said} · one dose or two is not answered on its care plan yet: record it here only if a second dose is given`;
  return `${said} · ${ONCE_BY_WORDS}: record it here only if it is given again`;
}

/**
 * A dose recorded only if given (no round asks it: not due by its days' words or by its confirmed
 * plan, or printed where its words name another round), given already today at another round: said
 * first on the form, so nobody gives it again unawares: "☑️ given today at the morning round by Jane
 * 08:10: record it here only if it is given again".
 */
export function givenTodayWords(e: { round: Round; userName: string; at: string }, timeZone: string): string {
  return `☑️ given today at the ${e.round} round by ${e.userName} ${timeOf(e.at, timeZone)}: record it here only if it is given again`;
}

/** One drug in two slots, "one dose or two?" not answered: the form's tick that both were given knowingly. */
export const BOTH_GIVEN_TICK = "Both given: I have checked";
export const BOTH_GIVEN_LABEL = "One drug in two slots: one dose or two is not answered on its care plan";

/** Both slots of such a drug given on one form without the tick: said at the second slot's field. */
export const BOTH_GIVEN_REFUSED = `Both slots of one drug given: its care plan does not say one dose or two. Not given yet: give one unless you have checked two are prescribed. Both given (checked, or already given: say which in a note): tick “${BOTH_GIVEN_TICK}” below.`;

/** Each entry of both slots given with the tick says so, on the record, the replies and the audit. */
export const bothGivenWords = (who: string): string => `both slots given: checked by ${who}`;

/** The words of a check `bothGivenWords` kept in an entry's note (its notes joined " · "), whole; none when none is. */
export const bothGivenIn = (note: string | undefined): string | undefined =>
  note
    ?.split(" · ")
    .find((part) => part.startsWith(bothGivenWords("")) && part.length > bothGivenWords("").length);

/**
 * A dose its confirmed plan gives at this round alone, given today at another round (src/answers/once-given.ts):
 * said first on the round's post (`name`: "☑️ Apoquel 16 mg given today at the morning round by Jane
 * 08:00 — its plan gives it once a day: check before giving it again") and on the form (its item names it).
 * A dose owed once a day by its words (`byWords`), refused on the form, says so: "— owed once a day by
 * its words (no time given, plan not confirmed): check before giving it again".
 */
export function onceGivenWords(
  e: { round: Round; userName: string; at: string; byWords?: true | undefined },
  timeZone: string,
  name?: string,
): string {
  const what = name ? `${name} given` : "given";
  const why = e.byWords ? ONCE_BY_WORDS : ONCE_BY_PLAN;
  return `☑️ ${what} today at the ${e.round} round by ${e.userName} ${timeOf(e.at, timeZone)} — ${why}: check before giving it again`;
}

/**
 * A dose its confirmed plan gives at this round alone, that another round asked today or gave
 * already: the form's tick that it was given again knowingly (src/answers/given-again.ts).
 */
export const GIVEN_AGAIN_TICK = "Given again: I have checked";
export const GIVEN_AGAIN_LABEL =
  "Its care plan gives it once a day, at this round: if it was given at another round today too";
/** The same tick of a dose owed once a day by its words (no time given, plan not confirmed). */
export const GIVEN_AGAIN_WORDS_LABEL =
  "Owed once a day by its words (no time given, plan not confirmed): if it was given at another round today too";

/**
 * Such a dose recorded given here, the day showing it given at another round, without the tick: said
 * at its field ("☑️ given today at the morning round by Jane 08:00 — its plan gives it once a day:
 * check before giving it again. Not recorded…"); `tick`: the form offers it (else it is on the form
 * opened again).
 */
export const givenAgainRefused = (given: string, tick: boolean): string =>
  `${given}. Not recorded. Not given yet: do not give it unless you have checked. Given again (checked, or already given: say which in a note): ${tick ? `tick “${GIVEN_AGAIN_TICK}” below` : `close this form and open ✏️ Record each… again, then tick “${GIVEN_AGAIN_TICK}”`}.`;

/** Each entry of such a dose recorded with the tick says so, on the record, the replies and the audit. */
export const givenAgainWords = (who: string): string => `given again today: checked by ${who}`;
