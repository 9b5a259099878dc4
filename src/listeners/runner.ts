/**
 * How every command and button is answered: ack() first (the caller does it before anything
 * else), then the access check, then the work; "Looking up…" when the work takes longer than
 * about 1.5 s; errors in words with the request id; and, when the response_url fails, the same
 * answer through the Web API so the asker still hears back.
 */
import { randomBytes } from "node:crypto";
import type { RespondArguments, RespondFn, webApi } from "@slack/bolt";
import { describeFailure } from "../answers/failure.ts";
import { failureMessage as failureBlocks, noticeMessage } from "../blocks/notice.ts";
import type { Message } from "../blocks/types.ts";
import type { Deps } from "../deps.ts";
import type { BotDeps } from "./bot-deps.ts";

type WebClient = webApi.WebClient;

export type Visibility = "in_channel" | "ephemeral";

export interface RunOptions {
  deps: BotDeps;
  respond: RespondFn;
  client: WebClient;
  userId: string | undefined;
  channelId: string | undefined;
  /** What is being answered, for logs: "/arrivals", "day_page_next". */
  label: string;
  visibility: Visibility;
  /** For buttons: the first message replaces the one clicked. */
  replaceOriginal?: boolean;
  /**
   * A click on the Home tab: no channel and no response_url. The answer goes to the app's DM with
   * the clicker, and ALLOWED_CHANNELS does not apply (the Home tab is the person's own).
   */
  home?: boolean;
  /** Show "Looking up…" when slow (commands). */
  showLoading?: boolean;
  work: () => Promise<Message[]>;
}

function toArgs(
  message: Message,
  visibility: Visibility,
  extra: { replace_original?: boolean } = {},
): RespondArguments {
  return {
    response_type: visibility,
    text: message.text,
    blocks: message.blocks,
    ...extra,
  };
}

/** Words for any failure: the kennel API's own, or a logged incident reference. */
function failureMessage(error: unknown, deps: Deps, label: string): Message {
  const f = describeFailure(error);
  if (f.kind !== "unexpected") {
    if (f.kind !== "usage") deps.log.warn({ label, failure: f }, `${label}: ${f.kind}`);
    return failureBlocks(f);
  }
  const incident = randomBytes(4).toString("hex");
  deps.log.error({ label, incident, err: error }, `${label}: unexpected error`);
  return failureBlocks({
    ...f,
    what: "Kennel Desk hit an unexpected problem and could not answer.",
    whatToDo: `Try again; if it keeps happening, tell whoever installed Kennel Desk (incident ${incident} in its log).`,
  });
}

export async function run(options: RunOptions): Promise<void> {
  const { deps } = options;
  const work = runInner(options);
  await deps.inflight.track(work);
}

async function runInner(o: RunOptions): Promise<void> {
  const { deps } = o;
  const send = (args: RespondArguments, message: Message, visibility: Visibility) =>
    sendSafely(o, args, message, visibility);
  if (deps.inflight.draining) {
    const notice = noticeMessage("Kennel Desk is restarting. Try again in a minute.");
    await send(toArgs(notice, "ephemeral"), notice, "ephemeral");
    return;
  }
  const access = await deps.access.check(o.client, o.userId, o.channelId, { home: o.home === true });
  if (!access.ok) {
    const refusal = noticeMessage(`🔒 ${access.message}`);
    await send(
      toArgs(refusal, "ephemeral", o.replaceOriginal ? { replace_original: false } : {}),
      refusal,
      "ephemeral",
    );
    return;
  }
  let loading: Promise<boolean> | undefined;
  let settled = false;
  const timer = o.showLoading
    ? setTimeout(() => {
        if (settled) return;
        const notice = noticeMessage("⏳ Looking up…");
        loading = send(toArgs(notice, "ephemeral"), notice, "ephemeral");
      }, deps.loadingAfterMs)
    : undefined;
  let messages: Message[];
  let visibility = o.visibility;
  let failed = false;
  try {
    messages = await o.work();
  } catch (error) {
    messages = [failureMessage(error, deps, o.label)];
    visibility = "ephemeral";
    failed = true;
  } finally {
    settled = true;
    if (timer) clearTimeout(timer);
  }
  const loadingShown = loading ? await loading : false;
  for (const [i, message] of messages.entries()) {
    let extra: { replace_original?: boolean } = {};
    if (i === 0 && loadingShown) {
      if (visibility === "ephemeral") extra = { replace_original: true };
      else await o.respond({ delete_original: true }).catch(() => undefined);
    } else if (i === 0 && o.replaceOriginal && !failed) {
      extra = { replace_original: true };
    } else if (o.replaceOriginal) {
      extra = { replace_original: false };
    }
    await send(toArgs(message, visibility, extra), message, visibility);
  }
}

/**
 * Sends through response_url; if that fails, through the Web API (chat.postEphemeral to the
 * asker, or chat.postMessage to the channel). True when delivered by response_url.
 */
async function sendSafely(
  o: RunOptions,
  args: RespondArguments,
  message: Message,
  visibility: Visibility,
): Promise<boolean> {
  if (o.home) return postToDm(o, message);
  try {
    await o.respond(args);
    return true;
  } catch (error) {
    o.deps.log.warn(
      { label: o.label, err: String((error as Error)?.message ?? error) },
      "response_url failed; using the Web API",
    );
  }
  if (!o.channelId) return postToDm(o, message);
  try {
    if (visibility === "ephemeral") {
      if (!o.userId) return false;
      await o.client.chat.postEphemeral({
        channel: o.channelId,
        user: o.userId,
        text: message.text,
        blocks: message.blocks,
      });
    } else {
      await o.client.chat.postMessage({
        channel: o.channelId,
        text: message.text,
        blocks: message.blocks,
      });
    }
  } catch (error) {
    o.deps.log.error(
      { label: o.label, err: String((error as Error)?.message ?? error) },
      "could not deliver the answer to Slack",
    );
  }
  return false;
}

/** The answer in the app's DM with the asker (the Home tab's buttons: no channel, no response_url). */
async function postToDm(o: RunOptions, message: Message): Promise<boolean> {
  if (!o.userId) return false;
  try {
    await o.client.chat.postMessage({ channel: o.userId, text: message.text, blocks: message.blocks });
  } catch (error) {
    o.deps.log.error(
      { label: o.label, err: String((error as Error)?.message ?? error) },
      "could not deliver the answer to Slack",
    );
  }
  return false;
}
