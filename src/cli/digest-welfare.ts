/**
 * `kennel-desk digest --content welfare` (and `welfare-due`): the daily welfare check's posts for an
 * external scheduler (DIGEST_SCHEDULE=off), through the scheduler's own job, so each is posted once
 * per day: the check itself (one per area, or for the house) in WELFARE_CHANNEL, or the pets not
 * checked, in its thread. `--round` names the welfare round (default: the round now, when it is one
 * of WELFARE_ROUNDS, else the last of them). `--dry-run` prints each post's document as text (its
 * channel not set: said beside it).
 */
import { UsageError } from "../answers/failure.ts";
import { welfareBoard, welfareLists } from "../answers/welfare.ts";
import { KINDS, readLists } from "../answers/welfare-store.ts";
import type { Config } from "../config.ts";
import type { Deps } from "../deps.ts";
import { areaNamed, welfareKindOf, welfarePosts } from "../digest/welfare-kinds.ts";
import type { Round } from "../domain/care.ts";
import { uncheckedDoc, welfareMessageDoc } from "../present/welfare.ts";
import { docText } from "../text/doc.ts";
import type { TextOptions } from "../text/index.ts";
import { HELP_HINT } from "./context.ts";

/** The welfare posts a `--content` asks for, on the welfare round asked for (or the one now). */
export function welfareDigestPosts(
  config: Config,
  part: "welfare" | "welfare-due",
  asked: Round | undefined,
  now: Round,
  o: { dryRun?: boolean } = {},
): Array<{ kind: string; channel: string; time: string }> {
  const w = config.welfare;
  if (w.rounds.length === 0)
    throw new UsageError(
      "The welfare check is off (WELFARE_ROUNDS=off): there is no welfare post.",
      HELP_HINT,
    );
  const round = asked ?? (w.rounds.includes(now) ? now : (w.rounds.at(-1) as Round));
  if (!w.rounds.includes(round))
    throw new UsageError(
      `The welfare check is made at the ${w.rounds.join(" and ")} round${w.rounds.length > 1 ? "s" : ""} (WELFARE_ROUNDS), not the ${round}.`,
      HELP_HINT,
    );
  if (part === "welfare" && w.inRound)
    throw new UsageError(
      "WELFARE_IN_ROUND is on: the round post carries the welfare check. Post it with --content rounds.",
      HELP_HINT,
    );
  // A dry run drafts each post its channel not set too, and says so (never a blank answer).
  return welfarePosts(w, config.rounds, { drafts: o.dryRun === true }).filter((p) => {
    const k = welfareKindOf(p.kind);
    return k?.round === round && (k.part === "post") === (part === "welfare");
  });
}

/** The lists kept in the care record for a welfare post's round and area (none without a record). */
async function keptLists(deps: Pick<Deps, "record" | "config">, kind: string, date: string) {
  const k = welfareKindOf(kind);
  if (!k || !deps.record) return [];
  const w = deps.config.welfare;
  // The kind's area (every area for the round post's listing).
  const area = k.part === "due" && w.inRound ? undefined : areaNamed(w, k.slug);
  const mine = (l: { area: string | null }) => area === undefined || l.area === area;
  // The last list kept for each area (a replica's identical one is the same record).
  const kept = (await readLists(deps.record, date, k.round)).filter(mine);
  return [...new Map(kept.map((l) => [l.area, l])).values()];
}

/**
 * When the welfare check (not its pets-not-checked reply) was posted: when its first list was kept in
 * the care record, as the post keeps it when it is made (a real post would find it and post nothing
 * more); undefined when it is not posted.
 */
export async function welfarePostedAt(
  deps: Pick<Deps, "record" | "config">,
  kind: string,
  date: string,
): Promise<string | undefined> {
  const k = welfareKindOf(kind);
  if (k?.part !== "post" || !deps.record) return undefined;
  const area = areaNamed(deps.config.welfare, k.slug);
  const kept = await deps.record.log({ kind: KINDS.list, date });
  return kept.find((e) => e.body.round === k.round && e.body.area === area)?.recordedAt;
}

/**
 * A welfare post as a reader sees it: each message's document, or the pets not checked; drawn from
 * the list the care record kept when it was posted, else from the house now.
 */
export async function welfarePostText(
  deps: Deps,
  kind: string,
  date: string,
  o: TextOptions,
): Promise<string> {
  const k = welfareKindOf(kind);
  if (!k) throw new Error(`Nothing shows the "${kind}" post as text.`);
  const w = deps.config.welfare;
  const area = k.part === "due" && w.inRound ? undefined : areaNamed(w, k.slug);
  const mine = (l: { area: string | null }) => area === undefined || l.area === area;
  const kept = await keptLists(deps, kind, date);
  // None kept: the house now, drawn without the record (a draft keeps nothing: no plan, no list).
  const draft = async () => (await welfareLists({ ...deps, record: undefined }, k.round, date)).lists;
  const lists = kept.length ? kept : (await draft()).filter(mine);
  const texts: string[] = [];
  for (const list of lists) {
    const board = await welfareBoard(deps, list);
    if (k.part === "post") {
      for (let i = 0; i < list.messages; i++)
        texts.push(docText(welfareMessageDoc(board, i, { timezone: o.timezone }), o));
      continue;
    }
    const missing = board.pets.filter((p) => !p.check).map((p) => ({ room: p.room, name: p.name }));
    const checkBy = deps.config.welfare.checkBy[k.round] as string;
    texts.push(
      docText(
        uncheckedDoc({ round: k.round, date, area: list.area, checkBy, missing, pets: board.pets.length }),
        o,
      ),
    );
  }
  return texts.join("\n\n");
}
