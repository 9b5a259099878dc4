/**
 * A view drawn again in place on a tap inside it (a page turned, a plan's answer chosen): a newer
 * tap's drawing that reached Slack first (its `hash_conflict`) is left to stand, since it carries
 * this tap's answer too; any other failure is logged and the tapper told privately what happened
 * and what to do, never left with a view that did not move.
 */
import type { webApi } from "@slack/bolt";
import { describeFailure } from "../answers/failure.ts";
import { esc } from "../blocks/mrkdwn.ts";
import { type NotDrawn, viewNotDrawnWords } from "../words/surface.ts";
import type { BotDeps } from "./bot-deps.ts";

interface Tapped {
  deps: Pick<BotDeps, "log">;
  client: webApi.WebClient;
  tell(text: string): Promise<void>;
}

export async function updateTappedView(
  t: Tapped,
  update: { view_id: string; hash?: string | undefined; view: unknown },
  shown: NotDrawn,
): Promise<void> {
  try {
    await t.client.views.update({
      view_id: update.view_id,
      ...(update.hash ? { hash: update.hash } : {}),
      view: update.view as never,
    });
  } catch (error) {
    const code = (error as { data?: { error?: unknown } } | undefined)?.data?.error;
    if (code === "hash_conflict") {
      t.deps.log.debug({ ...shown }, "a view's newer drawing came first");
      return;
    }
    const f = describeFailure(error);
    t.deps.log.warn({ ...shown, failure: f }, "a view could not be drawn again");
    await t.tell(viewNotDrawnWords(shown, esc(f.what), esc(f.whatToDo)));
  }
}
