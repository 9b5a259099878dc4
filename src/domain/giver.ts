/**
 * Who gave a dose (issue: who gave it, when it is not who recorded it). An entry is signed by who
 * recorded it (`userId`, `userName`); who gave the dose is a fact about the dose: the paper chart's
 * giver for an entry entered from it (`paper.by`, issue 50), else the person the form named
 * ("Given by (if not you)": `givenBy`), else who recorded it. Every surface that names who gave a
 * dose asks here, so none names the recorder as the giver. Pure.
 */
import type { Entry } from "../record/types.ts";

type Giving = Pick<Entry, "userName" | "paper" | "givenBy">;

/** The name of who gave the dose: the paper's giver, else the one the form named, else who recorded it. */
export const giverOf = (e: Giving): string => e.paper?.by ?? e.givenBy?.name ?? e.userName;

/**
 * The Slack user id of who gave the dose, when the record knows it: the one the form named, else who
 * recorded it; undefined for a dose entered from the paper (the paper names its giver in words).
 */
export const giverIdOf = (e: Pick<Entry, "userId" | "paper" | "givenBy">): string | undefined =>
  e.paper ? undefined : (e.givenBy?.userId ?? e.userId);

/** Given by someone the form named who is not who recorded it: surfaces say both. */
export const givenByOther = (e: Partial<Pick<Entry, "userId">> & Pick<Entry, "givenBy">): boolean =>
  e.givenBy !== undefined && e.givenBy.userId !== e.userId;
