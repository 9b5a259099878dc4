/**
 * The plans post of a round ("Care plans to confirm · Evening round, Sun 22 Nov"), as posted and as
 * drawn again after a person saves or confirms a plan (issue 34), from whichever button (issue 44):
 * each pet in its state now, a confirmed one kept on the post (✅ plan confirmed, by whom and when),
 * and the summary counting the whole post from the record ("📋 15 to confirm · ✅ 2 confirmed since
 * posted"), so a post split into a thread never keeps the counts it was posted with. Each pet's
 * button says the shortest way to its confirmation: its questions to answer, or Confirm. The items
 * and the summary are src/present/plan.ts's (plansToConfirmDoc); here, the post's heading.
 */
import type { Round } from "../domain/care.ts";
import { roundWord } from "../domain/rounds.ts";
import { dayHeading } from "../words/dates.ts";

/** A plans post's heading: "Evening round, Sun 22 Nov". */
export const plansHeading = (round: Round, date: string) => `${roundWord(round)} round, ${dayHeading(date)}`;
