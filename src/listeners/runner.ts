/**
 * How every command and button is answered: ack() first (the caller does it before anything
 * else), then the one guard (src/listeners/guard.ts: stopping, access, told privately), then the work; "Looking up…" when the work takes longer than
 * about 1.5 s; errors in words with the request id; and, when the response_url fails, the same
 * answer through the Web API so the asker still hears back.
 *
 * Slack takes at most five answers on one response_url (within 30 minutes). A channel answer of
 * more than one message (a big round sheet) goes out as the posts do: a message and its thread
 * through the Web API. When the bot is not in the channel (`not_in_channel`), the answer still
 * reaches the asker whole: through the response_url when it fits in the uses left, else in the
 * asker's DM with the app, with a note in the channel saying where it went and how to invite the
 * bot; if even that fails, the note says plainly which parts could not be shown.
 */
import { randomBytes } from "node:crypto";
import type { RespondArguments, RespondFn, webApi } from "@slack/bolt";
import { describeFailure } from "../answers/failure.ts";
import { keepPostedCopy, type RoundCopyOf } from "../answers/round-copies.ts";
import { failureMessage as failureBlocks, noticeMessage } from "../blocks/notice.ts";
import type { Threaded } from "../blocks/thread.ts";
import type { Message } from "../blocks/types.ts";
import type { Deps } from "../deps.ts";
import type { BotDeps } from "./bot-deps.ts";
import { partsToDm, postToDm, roundToDm } from "./dm-answer.ts";
import { admit, privately } from "./guard.ts";
import { type Posted, postThread, slackError } from "./post-thread.ts";

type WebClient = webApi.WebClient;

/** Slack's limit on answers through one response_url. */
const RESPONSE_URL_USES = 5;

export type Visibility = "in_channel" | "ephemeral";

/**
 * What the work answers: messages, each answered in turn, or a thread (a parent and its replies:
 * a big round sheet, tomorrow's check), which alone goes to a channel as a message and its thread,
 * or a message in parts drawn again in place after a tap (the Home tab's list of welfare flags),
 * which goes to the Home tab's asker as its first part and its thread, each part marked. A round's
 * sheet names its round and kept sheet (`copy`): where it is posted with ts Slack answers is kept.
 */
export type Answer = Message[] | (Threaded & { copy?: RoundCopyOf | undefined }) | { parts: Message[] };

const isThread = (a: Answer): a is Threaded => "parent" in a;

/** Every message of an answer, in order. */
const messagesOf = (a: Answer): Message[] =>
  isThread(a) ? [a.parent, ...a.replies] : "parts" in a ? a.parts : a;

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
  /** A click on one of the bot's own buttons (not a typed command). */
  button?: boolean;
  /** Show "Looking up…" when slow (commands). */
  showLoading?: boolean;
  work: () => Promise<Answer>;
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

/** The options with every answer through the response_url counted: never more than Slack's five. */
function counted(options: RunOptions): RunOptions & { usesLeft: () => number } {
  let uses = 0;
  return {
    ...options,
    respond: (args) => {
      uses++;
      if (uses > RESPONSE_URL_USES) return Promise.reject(new Error("response_url used five times already"));
      return options.respond(args);
    },
    usesLeft: () => Math.max(0, RESPONSE_URL_USES - uses),
  };
}

async function runInner(options: RunOptions): Promise<void> {
  const { deps } = options;
  const o = counted(options);
  const send = (args: RespondArguments, message: Message, visibility: Visibility) =>
    sendSafely(o, args, message, visibility);
  // The one guard (src/listeners/guard.ts): a bot that is stopping, and access, as for buttons and forms.
  const admitted = await admit(deps, o.client, { id: o.userId }, o.channelId, {
    home: o.home === true,
    button: o.button === true,
  });
  if (!admitted.ok) {
    // Told privately, never replacing the message clicked; the Home tab has no channel nor response_url.
    await privately(deps, o.client, {
      user: o.userId ?? "",
      channel: o.home ? undefined : o.channelId,
      respond: o.home ? undefined : (body) => o.respond(body),
    })(admitted.message);
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
  let answer: Answer;
  let visibility = o.visibility;
  let failed = false;
  try {
    answer = await o.work();
  } catch (error) {
    answer = [failureMessage(error, deps, o.label)];
    visibility = "ephemeral";
    failed = true;
  } finally {
    settled = true;
    if (timer) clearTimeout(timer);
  }
  const messages = messagesOf(answer);
  const loadingShown = loading ? await loading : false;
  // Only a thread is threaded: a message and its replies, posted as the posts are.
  const thread = isThread(answer) && answer.replies.length > 0;
  const copy = !failed && isThread(answer) ? answer.copy : undefined;
  // A round's sheet in a channel is posted through the Web API even when it is one message: its ts is
  // known, and it is kept as a copy of the round, drawn again at a tap on another (response_url tells no ts).
  if (!failed && visibility === "in_channel" && (thread || copy) && !o.home && o.channelId) {
    await deliverThread(o, o.channelId, messages, { loadingShown, copy });
    return;
  }
  if ("parts" in answer && o.home) return partsToDm(o, messages);
  if (copy && o.home) return roundToDm(o, messages, copy);
  for (const [i, message] of messages.entries()) {
    const extra = await replacing(o, i === 0, { loadingShown, visibility, failed });
    await send(toArgs(message, visibility, extra), message, visibility);
  }
}

/**
 * Whether a message replaces the one clicked: the first replaces the "Looking up…" notice (an
 * ephemeral one in place; one in the channel is deleted first), or the original when asked and not failed.
 */
async function replacing(
  o: RunOptions,
  first: boolean,
  s: { loadingShown: boolean; visibility: Visibility; failed: boolean },
): Promise<{ replace_original?: boolean }> {
  if (first && s.loadingShown) {
    if (s.visibility === "ephemeral") return { replace_original: true };
    await o.respond({ delete_original: true }).catch(() => undefined);
    return {};
  }
  if (first && o.replaceOriginal && !s.failed) return { replace_original: true };
  if (o.replaceOriginal) return { replace_original: false };
  return {};
}

/**
 * Sends through response_url; if that fails, through the Web API (chat.postEphemeral to the
 * asker, or chat.postMessage to the channel). True when delivered by response_url (never in the DM).
 */
async function sendSafely(
  o: RunOptions,
  args: RespondArguments,
  message: Message,
  visibility: Visibility,
): Promise<boolean> {
  if (o.home) return postToDm(o, message).then(() => false);
  try {
    await o.respond(args);
    return true;
  } catch (error) {
    o.deps.log.warn(
      { label: o.label, err: String((error as Error)?.message ?? error) },
      "response_url failed; using the Web API",
    );
  }
  if (!o.channelId) return postToDm(o, message).then(() => false);
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
    const code = slackError(error);
    if (code === "not_in_channel" || code === "channel_not_found") {
      // The bot is not in the channel: the answer goes to the asker's DM with the app instead.
      o.deps.log.warn({ label: o.label, err: code }, "the bot is not in the channel: answering in the DM");
      return postToDm(o, message).then(() => false);
    }
    o.deps.log.error({ label: o.label, err: code }, "could not deliver the answer to Slack");
  }
  return false;
}

/**
 * A channel answer of several messages: a message and its thread through the Web API (no
 * response_url use but removing "Looking up…"). When that fails, the rest still reaches the asker.
 * A round's sheet (`copy`) posted whole in one place (the channel, or the asker's DM) is kept there.
 */
async function deliverThread(
  o: RunOptions & { usesLeft: () => number },
  channel: string,
  messages: Message[],
  { loadingShown, copy }: { loadingShown: boolean; copy: RoundCopyOf | undefined },
): Promise<void> {
  const removeLoading = async () => {
    if (loadingShown) await o.respond({ delete_original: true }).catch(() => undefined);
  };
  const posted = await postThread(o.client, channel, messages, o.deps.pace);
  const { sent, error } = posted;
  await keepPostedCopy(o.deps, copy, posted, messages.length, { channel, thread: true });
  if (sent === messages.length) return removeLoading();
  const rest = messages.slice(sent);
  const notIn = error === "not_in_channel" || error === "channel_not_found";
  o.deps.log.warn(
    { label: o.label, channel, error, sent, parts: messages.length },
    notIn
      ? "the bot is not in the channel: the answer goes another way"
      : "could not post the answer in the channel",
  );
  const reason = notIn
    ? "Kennel Desk is not a member of this channel, so it cannot post messages here"
    : `Slack refused the post here (${error})`;
  const invite = "To have answers like this in the channel, invite the app: type /invite @Kennel Desk here.";
  // Small enough for the response_url's uses left (one to remove "Looking up…"): shown here.
  if (sent === 0 && rest.length <= o.usesLeft() - (loadingShown ? 1 : 0)) {
    await removeLoading();
    for (const m of rest) await sendSafely(o, toArgs(m, "in_channel"), m, "in_channel");
    return;
  }
  // Too long for the response_url: the whole of it (or what is left) in the asker's DM with the app.
  const dm: Posted = o.userId
    ? await postThread(o.client, o.userId, rest, o.deps.pace)
    : { sent: 0, error: "no user", ts: [] };
  const asker = o.userId ? { channel: o.userId, thread: true, user: o.userId } : undefined;
  if (sent === 0 && asker) await keepPostedCopy(o.deps, copy, dm, messages.length, asker);
  if (dm.sent === rest.length) {
    const where =
      sent > 0 ? `The first ${sent} of its ${messages.length} messages are here; the rest` : "This answer";
    const n = noticeMessage(
      `📬 ${reason}. ${where} (${rest.length} messages) went to your direct messages with Kennel Desk (Apps → Kennel Desk). ${invite}`,
    );
    const extra = loadingShown ? { replace_original: true } : { replace_original: false };
    await o.respond(toArgs(n, "ephemeral", extra)).catch(() => undefined);
    return;
  }
  await deliverWhatFits(o, { channel, messages, loadingShown, sent, dmSent: dm.sent, reason, invite });
}

/**
 * Nowhere else to put the rest of a channel answer: as many parts as the response_url's uses left
 * allow, and a note naming which messages are missing.
 */
async function deliverWhatFits(
  o: RunOptions & { usesLeft: () => number },
  a: {
    channel: string;
    messages: Message[];
    loadingShown: boolean;
    sent: number;
    dmSent: number;
    reason: string;
    invite: string;
  },
): Promise<void> {
  const { channel, messages, loadingShown, sent, reason, invite } = a;
  const dm = { sent: a.dmSent };
  const rest = messages.slice(sent);
  const note = (text: string) => noticeMessage(text);
  // Nowhere else to put it: as many parts as the uses left allow, and a note naming what is missing.
  const shown = rest.slice(dm.sent);
  const room = Math.max(0, o.usesLeft() - 1 - (loadingShown ? 1 : 0));
  if (loadingShown) await o.respond({ delete_original: true }).catch(() => undefined);
  for (const m of shown.slice(0, room)) await o.respond(toArgs(m, "in_channel")).catch(() => undefined);
  const first = sent + dm.sent + Math.min(room, shown.length) + 1;
  const missing = messages.length - first + 1;
  const inDm =
    dm.sent > 0
      ? ` Messages ${sent + 1}–${sent + dm.sent} went to your direct messages with Kennel Desk.`
      : "";
  if (missing <= 0) {
    if (inDm)
      await o.respond(toArgs(note(`📬 ${reason}.${inDm} ${invite}`), "ephemeral")).catch(() => undefined);
    return;
  }
  o.deps.log.error(
    { label: o.label, channel, missing, parts: messages.length },
    "could not deliver every part of the answer",
  );
  const n = note(
    `⚠️ ${reason}, and could not send you a direct message: messages ${first}–${messages.length} of ${messages.length} of this answer are not shown (${missing} missing).${inDm} ${invite} Then ask again.`,
  );
  await o.respond(toArgs(n, "ephemeral")).catch(() => undefined);
}
