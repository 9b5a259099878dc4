/**
 * Why a medication printed whole at a round is not that round's, in the sheet's own words (src/domain/care.ts):
 * its words name other rounds, or say not this one (`named_elsewhere`: "its words name the morning
 * ("AM")", "its words say not in the evening ("skip PM")"), or it is given once a day at another
 * round (`once_elsewhere`: "given once a day (see the evening sheet)"). One place: the sheet's line
 * (src/words/care.ts) and the line its form records only if given (src/domain/printed-not-due.ts).
 */
import { ROUNDS, type Round, type RoundMedication } from "../domain/care.ts";

/** A round as a time of day: "not in the evening", "not at midday". */
const AT: Record<Round, string> = {
  morning: "in the morning",
  midday: "at midday",
  evening: "in the evening",
};

/** The rounds a `named_elsewhere` line's words name, in the day's order. */
export const roundsNamedElsewhere = (rm: Pick<RoundMedication, "namedRounds">): Round[] =>
  ROUNDS.filter((r) => rm.namedRounds?.[r] !== undefined);

/**
 * Why the line is not this round's: "its words name the evening ("bedtime")", "its words say not in
 * the evening ("skip PM")", "given once a day (see the morning sheet)"; undefined for any other line.
 */
export function elsewhereWords(
  rm: Pick<RoundMedication, "state" | "namedRounds" | "saidNot" | "onceAt">,
  round: Round,
): string | undefined {
  if (rm.state === "once_elsewhere") return `given once a day (see the ${rm.onceAt} sheet)`;
  if (rm.state !== "named_elsewhere") return undefined;
  if (rm.saidNot) return `its words say not ${AT[round]} ("${rm.saidNot}")`;
  const words = [...new Set(Object.values(rm.namedRounds ?? {}))].map((w) => `"${w}"`).join(", ");
  return `its words name the ${roundsNamedElsewhere(rm).join(" and ")} (${words})`;
}
