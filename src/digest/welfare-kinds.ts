/**
 * The welfare check's scheduled posts as data (issue 38): for each welfare round, one post per area
 * (`welfare:evening:kennel`, `welfare:evening:other` for the rooms no area names) or one for the
 * house (`welfare:evening`), at WELFARE_TIME in WELFARE_CHANNEL; and at WELFARE_CHECK_BY the pets
 * not checked, in that post's thread (`welfare-due:evening[:kennel]`). With WELFARE_IN_ROUND the
 * round post carries the check (its thread), and the pets not checked go in the round post's thread
 * (`welfare-due:evening`). Exactly once per day, as every scheduled post (src/digest/post.ts).
 */
import type { WelfareSettings } from "../config/welfare.ts";
import { ROUNDS, type Round } from "../domain/care.ts";
import { areaSlug } from "../domain/welfare.ts";

export interface WelfareKind {
  /** "post": the check itself; "due": the pets not checked by WELFARE_CHECK_BY. */
  part: "post" | "due";
  round: Round;
  /** The area's slug ("kennel", "other"); undefined: the whole house (or the round post's). */
  slug: string | undefined;
}

const KIND = /^(welfare|welfare-due):(morning|midday|evening)(?::([a-z0-9-]{1,20}))?$/;

/** A welfare kind read ("welfare:evening:kennel"), or undefined for another kind of post. */
export function welfareKindOf(kind: string): WelfareKind | undefined {
  const m = KIND.exec(kind);
  if (!m || !ROUNDS.includes(m[2] as Round)) return undefined;
  return { part: m[1] === "welfare" ? "post" : "due", round: m[2] as Round, slug: m[3] };
}

const kindOf = (k: WelfareKind) =>
  `${k.part === "post" ? "welfare" : "welfare-due"}:${k.round}${k.slug ? `:${k.slug}` : ""}`;

/**
 * Each area's slug, as its posts' kinds name it, in WELFARE_AREAS's order: unique, and never the
 * other rooms' "other" ("Suite A" and "Suite-A", or an area named "Other", get their place's number).
 */
function uniqueSlugs(w: Pick<WelfareSettings, "areas">): string[] {
  const used = new Set(["other"]);
  return w.areas.map((area, i) => {
    const base = areaSlug(area);
    const slug = used.has(base) ? `${base.slice(0, 16)}-${i + 1}` : base;
    used.add(slug);
    return slug;
  });
}

/** The areas of the posts, as their kinds name them: each area's slug then "other", or the house. */
const areaSlugs = (w: Pick<WelfareSettings, "areas">): Array<string | undefined> =>
  w.areas.length ? [...uniqueSlugs(w), "other"] : [undefined];

/** The area a slug names (null: the house; "": the other rooms). */
export function areaNamed(w: Pick<WelfareSettings, "areas">, slug: string | undefined): string | null {
  if (slug === undefined) return null;
  const i = uniqueSlugs(w).indexOf(slug);
  return i >= 0 ? (w.areas[i] as string) : "";
}

/** The slug of a list's area, as its post's kind names it (undefined: the house). */
export function slugOfArea(w: Pick<WelfareSettings, "areas">, area: string | null): string | undefined {
  if (area === null) return undefined;
  const i = w.areas.indexOf(area);
  return i >= 0 ? uniqueSlugs(w)[i] : "other";
}

/**
 * Every welfare post the settings ask for. `drafts` (a dry run, which posts nothing): each post the
 * settings would ask for with its channel set too, its channel "" when it is not set.
 */
export function welfarePosts(
  w: WelfareSettings,
  rounds: { channel: string | undefined },
  o: { drafts?: boolean } = {},
): Array<{ kind: string; channel: string; time: string }> {
  const out: Array<{ kind: string; channel: string; time: string }> = [];
  for (const round of w.rounds) {
    const time = w.times[round] as string;
    const by = w.checkBy[round] as string;
    if (w.inRound) {
      if (rounds.channel || o.drafts)
        out.push({
          kind: kindOf({ part: "due", round, slug: undefined }),
          channel: rounds.channel ?? "",
          time: by,
        });
      continue;
    }
    if (!w.channel && !o.drafts) continue;
    for (const slug of areaSlugs(w)) {
      out.push({ kind: kindOf({ part: "post", round, slug }), channel: w.channel ?? "", time });
      out.push({ kind: kindOf({ part: "due", round, slug }), channel: w.channel ?? "", time: by });
    }
  }
  return out;
}

/** The post a "not checked" listing replies under: its welfare post, or the round post. */
export function welfareParentKind(k: WelfareKind, inRound: boolean): string {
  return inRound ? `rounds:${k.round}` : kindOf({ ...k, part: "post" });
}

/** "evening welfare check (Kennel)", for logs and notices. */
export function welfareLabel(k: WelfareKind): string {
  return `${k.round} welfare check${k.part === "due" ? ": pets not checked" : ""}${k.slug ? ` (${k.slug})` : ""}`;
}
