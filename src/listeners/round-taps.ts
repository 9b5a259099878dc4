/**
 * What the round's taps and forms share once through the pipeline: the kept sheet and pet a button
 * or form names (or why nothing is written), and what follows a committed entry.
 */
import type { webApi } from "@slack/bolt";
import { locate, type Located as OnSheet, type SheetPetRef } from "../answers/record-round.ts";
import type { BotDeps } from "./bot-deps.ts";
import type { Located } from "./interaction.ts";
import type { MessageRef, SheetRedraw } from "./record-round.ts";
import { LATER_DAY, NO_STORE, roundName, TAMPERED } from "./tapper-words.ts";

type WebClient = webApi.WebClient;

/** A pet on a kept sheet, found. */
export type SheetPetFound = Extract<OnSheet, { ok: true }>;

/**
 * The kept sheet and pet a button or form names, or why nothing is written: no record, a later
 * day's sheet (`later`: said so; else refused as not ours), a sheet or pet this bot never kept.
 */
export function onSheet(what: string, o: { later: boolean } = { later: true }) {
  return async (deps: BotDeps, ref: SheetPetRef): Promise<Located<SheetPetFound>> => {
    const found = await locate(deps, ref);
    if (found.ok) return { ok: true, found };
    if (found.why === "no_store") return { ok: false, refusal: NO_STORE };
    if (o.later && found.why === "later" && found.sheet)
      return { ok: false, refusal: LATER_DAY(found.sheet) };
    return { ok: false, refusal: `🔒 ${TAMPERED}`, log: `refused ${what} naming no kept sheet or pet` };
  };
}

/**
 * After a round's entries are committed (Slack acknowledged): the message and the round's late and
 * missed replies redrawn from the record, the tapper told when the answer went late or the post
 * could not be updated, or `said` (the times a form kept: tapper-words.ts keptTimesWords) always,
 * and, when an entry was written (`recorded`), the round's other messages with a paper entry since.
 * True when the post shows it.
 */
export async function afterRound(
  t: { deps: BotDeps; client: WebClient; ack: { late: boolean }; tell(text: string): Promise<void> },
  redraw: SheetRedraw,
  { sheet, pet }: Pick<SheetPetFound, "sheet" | "pet">,
  at: MessageRef,
  recorded: boolean,
  said?: string,
): Promise<boolean> {
  const updated = await redraw.afterTap(t.client, sheet, pet.message, at, recorded ? pet : undefined);
  if (said)
    await t.tell(
      `${said}${updated ? "" : " The post could not be updated just now; it will show it at the next tap."}`,
    );
  else if (t.ack.late)
    await t.tell(
      `✅ Recorded: ${roundName(sheet, pet)}.${updated ? "" : " The post shows it at the next tap."}`,
    );
  else if (!updated)
    await t.tell(
      `✅ Recorded for ${roundName(sheet, pet)}, but the post could not be updated just now; it will show it at the next tap.`,
    );
  // The round's other messages showing entries from the paper chart entered since (the terminal's).
  if (recorded) await redraw.redrawChanged(t.client, sheet, pet.message, at).catch(() => undefined);
  return updated;
}
