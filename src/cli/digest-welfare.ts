/**
 * `kennel-desk digest --content welfare` (and `welfare-due`): the daily welfare check's posts for an
 * external scheduler (DIGEST_SCHEDULE=off), through the scheduler's own job, so each is posted once
 * per day: the check itself (one per area, or for the house) in WELFARE_CHANNEL, or the pets not
 * checked, in its thread. `--round` names the welfare round (default: the round now, when it is one
 * of WELFARE_ROUNDS, else the last of them). `--dry-run` prints each post's document as text.
 */
import { UsageError } from "../answers/failure.ts";
import { welfareBoard, welfareLists } from "../answers/welfare.ts";
import { readLists } from "../answers/welfare-store.ts";
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
  return welfarePosts(w, config.rounds).filter((p) => {
    const k = welfareKindOf(p.kind);
    return k?.round === round && (k.part === "post") === (part === "welfare");
  });
}

/** A welfare post as a reader sees it: each message's document, or the pets not checked. */
export async function welfarePostText(
  deps: Deps,
  kind: string,
  date: string,
  o: TextOptions,
): Promise<string> {
  const k = welfareKindOf(kind);
  if (!k) throw new Error(`Nothing shows the "${kind}" post as text.`);
  const w = deps.config.welfare;
  // The kind's area (every area for the round post's listing).
  const area = k.part === "due" && w.inRound ? undefined : areaNamed(w, k.slug);
  const mine = (l: { area: string | null }) => area === undefined || l.area === area;
  const kept =
    k.part === "due" && deps.record ? (await readLists(deps.record, date, k.round)).filter(mine) : [];
  const lists = kept.length ? kept : (await welfareLists(deps, k.round, date)).lists.filter(mine);
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
