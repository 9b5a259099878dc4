/**
 * The record modals' submissions: "Record each…" (each item's outcome, a reason, a note; a changed
 * outcome is a correction that supersedes the earlier entry) and the late day's confirmation of
 * "all given and eaten". ack() first (a form to fix is answered in the ack itself, with the field's
 * error); then the access rule, the record, and the round message redrawn from the store. A failure
 * is told to the one who submitted only ("Could not record: … try again").
 */
import type { AllMiddlewareArgs, App, SlackViewMiddlewareArgs, ViewSubmitAction } from "@slack/bolt";
import {
  LATE_MODAL,
  type ModalMeta,
  RECORD_MODAL,
  readMeta,
  readSubmission,
} from "../../blocks/record-modal.ts";
import type { BotDeps } from "../bot-deps.ts";
import {
  couldNotRecord,
  NO_STORE,
  type RoundRecorder,
  roundName,
  TAMPERED,
  whoRecorded,
} from "../record-round.ts";

type ViewArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

export function registerRecordSubmit(app: App, deps: BotDeps, recorder: RoundRecorder): void {
  app.view(RECORD_MODAL, async ({ ack, body, view, client }: ViewArgs) => {
    const meta = readMeta(view.private_metadata);
    if (!meta) {
      await ack();
      return void (await deps.inflight.track(tell(client, undefined, body.user.id, `🔒 ${TAMPERED}`)));
    }
    const sub = readSubmission(meta, view.state.values as never);
    if (!sub.ok) return void (await ack({ response_action: "errors", errors: sub.errors }));
    await ack();
    const cur = new Map(meta.cur.map(([item, id]) => [item, id]));
    await deps.inflight.track(
      submit(client, body, meta, async (who, key) =>
        recorder.record(
          meta.s,
          sub.choices.map((c) => ({ ...c, note: sub.note, supersedes: cur.get(c.item) })),
          who,
          key,
        ),
      ),
    );
  });

  app.view(LATE_MODAL, async ({ ack, body, view, client }: ViewArgs) => {
    await ack();
    const meta = readMeta(view.private_metadata);
    if (!meta)
      return void (await deps.inflight.track(tell(client, undefined, body.user.id, `🔒 ${TAMPERED}`)));
    await deps.inflight.track(submit(client, body, meta, (who, key) => recorder.recordAll(meta.s, who, key)));
  });

  async function tell(client: ViewArgs["client"], channel: string | undefined, user: string, text: string) {
    try {
      if (channel) await client.chat.postEphemeral({ channel, user, text });
      else await client.chat.postMessage({ channel: user, text });
    } catch {
      // The channel may be closed to the bot: the app's DM with the person, then the log.
      await client.chat.postMessage({ channel: user, text }).catch((error: unknown) => {
        deps.log.warn({ err: String((error as Error)?.message ?? error) }, "could not answer a record form");
      });
    }
  }

  async function submit(
    client: ViewArgs["client"],
    body: ViewArgs["body"],
    meta: ModalMeta,
    write: (
      who: { userId: string; userName: string },
      requestKey: string,
    ) => ReturnType<RoundRecorder["recordAll"]>,
  ): Promise<void> {
    const user = body.user.id;
    const channel = meta.c;
    try {
      const access = await deps.access.check(client, user, channel, { button: true });
      if (!access.ok) return await tell(client, channel, user, `🔒 ${access.message}`);
      if (!recorder.store) return await tell(client, channel, user, NO_STORE);
      const who = {
        userId: user,
        userName:
          deps.access.displayName(user) ??
          body.user.name ??
          (body.user as { username?: string }).username ??
          user,
      };
      const result = await write(who, `view:${body.view.id}`);
      const updated = await recorder.redraw(client, {
        channel,
        ts: meta.t,
        threadTs: meta.h,
        responseUrl: meta.u,
      });
      if (result.status === "already" || result.status === "nothing") {
        return await tell(
          client,
          channel,
          user,
          `Not recorded: ${whoRecorded(result.existing, deps.config.timezone)}, after this form was opened (${roundName(meta.s)}). Open ✏️ Record each… again to correct it.`,
        );
      }
      if (!updated) {
        await tell(
          client,
          channel,
          user,
          `✅ Recorded for ${roundName(meta.s)}, but the post could not be updated just now; it will show it at the next tap.`,
        );
      }
    } catch (error) {
      await tell(client, channel, user, couldNotRecord(error));
    }
  }
}
