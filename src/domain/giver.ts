/**
 * Who gave a dose (issue: who gave it, when it is not who recorded it). An entry is signed by who
 * recorded it (`userId`, `userName`); who gave the dose is a fact about the dose: the paper chart's
 * giver for an entry entered from it (`paper.by`, issue 50), else the person the form named
 * ("Given by (if not you)": `givenBy`), else who recorded it. Every surface that names who gave a
 * dose asks here, so none names the recorder as the giver. Pure.
 *
 * A giver the form named is said as the record knows them: "someone not yet named (U0NIA)" until
 * Slack names them (never their id alone, never a mention that pings), and "Sam (not staff: a
 * guest)" when Slack said after the commit that they are not one of the kennel's staff ("(not
 * staff: Slack does not know them)" when Slack answered it knows no such person).
 */
import type { Entry } from "../record/types.ts";

type Giving = Pick<Entry, "userName" | "paper" | "givenBy">;
type GivenBy = NonNullable<Entry["givenBy"]>;

const NOT_STAFF: Record<NonNullable<GivenBy["notStaff"]>, string> = {
  guest: "a guest",
  bot: "a bot or app",
  other: "not in the workspace",
  unknown: "Slack does not know them",
};

/**
 * A form's giver in words: their name, or "someone not yet named (U…)", and "(not staff: a guest)"
 * when so; one Slack does not know will never be named: "someone Slack never named (U…) (not staff:
 * Slack does not know them)".
 */
export function giverWords(g: GivenBy): string {
  const unnamed = g.notStaff === "unknown" ? "someone Slack never named" : "someone not yet named";
  const name = g.unnamed ? `${unnamed} (${g.name})` : g.name;
  return g.notStaff ? `${name} (not staff: ${NOT_STAFF[g.notStaff]})` : name;
}

/** The giver's bare name (the chart's initials): the paper's giver, else the form's, else who recorded it. */
export const giverNameOf = (e: Giving): string => e.paper?.by ?? e.givenBy?.name ?? e.userName;

/** The name of who gave the dose: the paper's giver, else the one the form named, else who recorded it. */
export const giverOf = (e: Giving): string => e.paper?.by ?? (e.givenBy ? giverWords(e.givenBy) : e.userName);

/**
 * The Slack user id of who gave the dose, when the record knows it: the one the form named, else who
 * recorded it; undefined for a dose entered from the paper (the paper names its giver in words), or
 * whose giver a correction carried from the paper.
 */
export const giverIdOf = (e: Pick<Entry, "userId" | "paper" | "givenBy">): string | undefined =>
  e.paper ? undefined : e.givenBy ? e.givenBy.userId : e.userId;

/** Given by someone the form named who is not who recorded it: surfaces say both. */
export const givenByOther = (e: Partial<Pick<Entry, "userId">> & Pick<Entry, "givenBy">): boolean =>
  e.givenBy !== undefined && e.givenBy.userId !== e.userId;

/**
 * Who gave the dose an entry records, to carry to its correction (a correction that stays "given",
 * no giver chosen on its form): the one the form named (by id; its name when Slack had given one),
 * else the paper's giver (in words), else who recorded it.
 */
export function carriedGiver(old: Pick<Entry, "userId" | "userName" | "paper" | "givenBy">): {
  userId?: string;
  name?: string;
} {
  if (old.paper) return { name: old.paper.by };
  const g = old.givenBy;
  if (g) return { ...(g.userId ? { userId: g.userId } : {}), ...(g.unnamed ? {} : { name: g.name }) };
  return { userId: old.userId, name: old.userName };
}
