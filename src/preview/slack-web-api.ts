/** The Web API methods the stand-in answers (POST /api/<method>), reading and changing its timeline and views. */
import { filesApi } from "./slack-files.ts";
import { messageRefusal, viewRefusal } from "./slack-refusal.ts";
import type {
  HandledRequest,
  Metadata,
  OpenedModal,
  Poster,
  PublishedView,
  SlackStandIn,
  SlackStandInOptions,
  TimelineEntry,
  UploadedFile,
} from "./slack-standin-types.ts";

export const blocksOf = (body: Record<string, unknown>) =>
  Array.isArray(body.blocks) ? (body.blocks as unknown[]) : undefined;

export const posted = (m: TimelineEntry) => m.via === "postMessage";

/** A modal's hash as the stand-in gives it, one for each drawing: views.update refuses any other. */
export const viewHash = (m: Pick<OpenedModal, "id" | "version">) => `h${m.id}-${m.version}`;

/**
 * One page of a conversations.* read, as Slack pages: `limit` (at most the stand-in's page size)
 * and an opaque `cursor`; `has_more` and `response_metadata.next_cursor` when more remain.
 */
function pageOfMessages<T>(all: T[], body: Record<string, unknown>, most: number) {
  const limit = Math.max(1, Math.min(Number(body.limit) || most, most));
  const cursor = typeof body.cursor === "string" && body.cursor ? body.cursor : undefined;
  const start = cursor
    ? Number(
        Buffer.from(cursor, "base64")
          .toString("utf8")
          .replace(/^next:/, ""),
      )
    : 0;
  if (!Number.isInteger(start) || start < 0) return undefined;
  const messages = all.slice(start, start + limit);
  const more = start + limit < all.length;
  return {
    messages,
    has_more: more,
    ...(more
      ? { response_metadata: { next_cursor: Buffer.from(`next:${start + limit}`).toString("base64") } }
      : {}),
  };
}

/** Who a call's token posts as: another app's bot or a person (`posters`), else Kennel Desk's bot. */
function posterOf(
  stand: SlackStandIn,
  authorization: string | undefined,
  body: Record<string, unknown>,
): Poster {
  const token = /^Bearer\s+(.+)$/i.exec(authorization ?? "")?.[1] ?? String(body.token ?? "");
  return stand.posters.get(token) ?? stand.self;
}

/** Who posted a message, as Slack's history and replies say it. */
function authorOf(m: TimelineEntry) {
  return {
    ...(m.user ? { user: m.user } : {}),
    ...(m.bot_id ? { bot_id: m.bot_id } : {}),
    ...(m.app_id ? { app_id: m.app_id } : {}),
  };
}

/** A DM with the app (a user id, or an IM channel): the bot is always in it. */
const isDirect = (channel: string) => /^[UWD]/.test(channel);

/**
 * The scopes that let a bot read a conversation's messages, as Slack asks them: a DM's, im:history;
 * a channel's, channels:history (public) or groups:history (private; the stand-in does not tell
 * the two apart by id).
 */
const historyScopes = (channel: string): string[] =>
  isDirect(channel) ? ["im:history"] : ["channels:history", "groups:history"];

/** The stand-in's state a Web API method reads and changes. */
export interface WebApiState {
  stand: SlackStandIn;
  options: SlackStandInOptions;
  teamId: string;
  timeline: TimelineEntry[];
  views: Map<string, PublishedView>;
  /** Modals opened with views.open (and changed with views.update), by view id. */
  modals: Map<string, OpenedModal>;
  /** Files uploaded, by id. */
  files: Map<string, UploadedFile>;
  add: (entry: Omit<TimelineEntry, "id" | "ts">) => TimelineEntry;
  changed: () => void;
}

/**
 * Why Slack refuses a views.update of `shown`, if it does: a view closed or unknown; no blocks; a
 * hash not the view's now (a newer drawing came first, and Slack keeps it).
 */
function updateRefusal(shown: OpenedModal | undefined, body: Record<string, unknown>) {
  const view = body.view as { blocks?: unknown } | undefined;
  if (!shown || shown.closed) return "not_found";
  if (!view || !Array.isArray(view.blocks)) return "invalid_arguments";
  if (body.hash !== undefined && body.hash !== viewHash(shown)) return "hash_conflict";
  return undefined;
}

/** Answers one Web API method as Slack would. */
export function webApi(
  state: WebApiState,
  method: string,
  body: Record<string, unknown>,
  authorization?: string,
): HandledRequest {
  const { stand, teamId, timeline, views, modals, add, changed } = state;
  if (method.startsWith("files.") || method === "conversations.open") return filesApi(state, method, body);
  const caller = posterOf(stand, authorization, body);
  const ok = (payload: Record<string, unknown>) => ({ status: 200, payload: { ok: true, ...payload } });
  const fail = (error: string) => ({ status: 200, payload: { ok: false, error } });
  const channel = String(body.channel ?? "");
  const outside = [
    "chat.postMessage",
    "chat.postEphemeral",
    "conversations.history",
    "conversations.replies",
  ];
  if (outside.includes(method) && stand.notInChannel.has(channel) && !isDirect(channel))
    return fail("not_in_channel");
  const reads = method === "conversations.history" || method === "conversations.replies";
  if (reads && stand.scopes && !historyScopes(channel).some((s) => stand.scopes?.includes(s)))
    return fail("missing_scope");
  const refused = ["chat.postMessage", "chat.postEphemeral", "chat.update"].includes(method)
    ? messageRefusal(body)
    : undefined;
  if (refused) return fail(refused);
  const badView = method.startsWith("views.") && body.view !== undefined ? viewRefusal(body.view) : undefined;
  if (badView) return { status: 200, payload: { ok: false, ...badView } };
  switch (method) {
    case "apps.connections.open":
      if (stand.connectionsError) return fail(stand.connectionsError);
      return stand.socketUrl ? ok({ url: stand.socketUrl }) : fail("no_socket_url");
    case "auth.test": {
      if (stand.authError) return fail(stand.authError);
      // As Slack answers a bot token: its bot user and bot_id (the app's id is bots.info's); a user
      // token: the user alone.
      const answer = ok({
        user_id: caller.user,
        ...(caller.bot_id ? { bot_id: caller.bot_id } : {}),
        team_id: teamId,
        user: caller === stand.self ? "kennel-desk" : caller.user.toLowerCase(),
      });
      return stand.scopes ? { ...answer, headers: { "x-oauth-scopes": stand.scopes.join(",") } } : answer;
    }
    case "bots.info": {
      if (stand.scopes && !stand.scopes.includes("users:read")) return fail("missing_scope");
      const bots = [stand.self, ...stand.posters.values()].filter((p) => p.bot_id);
      const bot = bots.find((p) => p.bot_id === String(body.bot ?? ""));
      if (!bot) return fail("bot_not_found");
      return ok({
        bot: {
          id: bot.bot_id,
          deleted: false,
          name: bot.user.toLowerCase(),
          app_id: bot.app_id,
          user_id: bot.user,
        },
      });
    }
    case "conversations.list":
      if (stand.authError) return fail(stand.authError);
      if (stand.scopes && !stand.scopes.includes("channels:read")) return fail("missing_scope");
      return ok({ channels: stand.channels, response_metadata: { next_cursor: "" } });
    case "conversations.members": {
      // A channel's member ids, paged as Slack pages them (limit, then next_cursor); none when unknown.
      const all = stand.channelMembers.get(String(body.channel)) ?? [];
      const from = Number(body.cursor ?? 0) || 0;
      const limit = Math.min(1000, Math.max(1, Number(body.limit ?? 100) || 100));
      const next = from + limit < all.length ? String(from + limit) : "";
      return ok({ members: all.slice(from, from + limit), response_metadata: { next_cursor: next } });
    }
    case "users.info": {
      const user = stand.users.get(String(body.user));
      return user ? ok({ user: { team_id: teamId, ...user } }) : fail("user_not_found");
    }
    case "chat.postMessage": {
      const m = add({
        via: "postMessage",
        author: caller.bot_id ? "bot" : "you",
        ephemeral: false,
        channel: String(body.channel),
        thread_ts: body.thread_ts ? String(body.thread_ts) : undefined,
        text: String(body.text ?? ""),
        blocks: body.blocks,
        metadata: body.metadata as Metadata | undefined,
        user: caller.user,
        bot_id: caller.bot_id,
        app_id: caller.app_id,
      });
      return ok({ channel: body.channel, ts: m.ts, message: { type: "message", ts: m.ts, ...authorOf(m) } });
    }
    case "chat.postEphemeral": {
      const m = add({
        via: "postEphemeral",
        author: "bot",
        ephemeral: true,
        channel: String(body.channel),
        user: String(body.user),
        thread_ts: body.thread_ts ? String(body.thread_ts) : undefined,
        text: String(body.text ?? ""),
        blocks: blocksOf(body),
      });
      return ok({ message_ts: m.ts });
    }
    case "chat.delete": {
      const i = timeline.findIndex((m) => posted(m) && m.channel === body.channel && m.ts === body.ts);
      if (i === -1) return fail("message_not_found");
      timeline.splice(i, 1);
      changed();
      return ok({ channel: body.channel, ts: body.ts });
    }
    case "conversations.history": {
      const oldest = Number(body.oldest ?? 0);
      const withMetadata = String(body.include_all_metadata) === "true";
      const top = timeline
        .filter((m) => posted(m) && m.channel === body.channel && !m.thread_ts && Number(m.ts) >= oldest)
        .reverse()
        .map((m) => ({
          type: "message",
          ts: m.ts,
          ...authorOf(m),
          text: m.text,
          // As Slack gives a message posted with blocks: its blocks, block_ids and all (src/blocks/parts.ts reads them).
          ...(m.blocks ? { blocks: m.blocks } : {}),
          ...(withMetadata && m.metadata ? { metadata: m.metadata } : {}),
        }));
      const p = pageOfMessages(top, body, stand.limits.historyPage);
      return p ? ok(p) : fail("invalid_cursor");
    }
    case "conversations.replies": {
      const withMetadata = String(body.include_all_metadata) === "true";
      const thread = timeline
        .filter(
          (m) => posted(m) && m.channel === body.channel && (m.ts === body.ts || m.thread_ts === body.ts),
        )
        .map((m) => ({
          type: "message",
          ts: m.ts,
          ...(m.thread_ts ? { thread_ts: m.thread_ts } : {}),
          ...authorOf(m),
          text: m.text,
          // As Slack gives a message posted with blocks: its blocks, block_ids and all (src/blocks/parts.ts reads them).
          ...(m.blocks ? { blocks: m.blocks } : {}),
          ...(withMetadata && m.metadata ? { metadata: m.metadata } : {}),
        }));
      if (!thread.some((m) => m.ts === body.ts)) return fail("thread_not_found");
      const p = pageOfMessages(thread, body, stand.limits.historyPage);
      return p ? ok(p) : fail("invalid_cursor");
    }
    case "views.publish": {
      const view = body.view as { type?: unknown; blocks?: unknown } | undefined;
      const user = String(body.user_id ?? "");
      if (!user) return fail("invalid_arguments");
      if (!view || !Array.isArray(view.blocks)) return fail("invalid_arguments");
      const published: PublishedView = {
        type: String(view.type ?? "home"),
        blocks: view.blocks,
        version: (views.get(user)?.version ?? 0) + 1,
      };
      views.set(user, published);
      changed();
      return ok({ view: { id: `V${user}`, type: published.type, blocks: published.blocks } });
    }
    case "chat.update": {
      // A message in the channel (posted, or a response_url answer for everyone), by channel and ts.
      const i = timeline.findIndex((m) => !m.ephemeral && m.channel === body.channel && m.ts === body.ts);
      if (i === -1) return fail("message_not_found");
      const old = timeline[i] as TimelineEntry;
      timeline[i] = { ...old, text: String(body.text ?? old.text), blocks: blocksOf(body) ?? old.blocks };
      changed();
      return ok({ channel: body.channel, ts: body.ts, text: timeline[i]?.text });
    }
    case "views.open":
    case "views.push": {
      // views.push puts a modal over the open one (the plan's edit form over the plan's form).
      const view = body.view as { type?: unknown; blocks?: unknown } | undefined;
      const trigger = String(body.trigger_id ?? "");
      if (!trigger) return fail("invalid_trigger_id");
      if (view?.type !== "modal" || !Array.isArray(view.blocks)) return fail("invalid_arguments");
      const m = stand.openModal(trigger, view as Record<string, unknown>, method === "views.push");
      return ok({ view: { id: m.id, ...view, hash: viewHash(m) } });
    }
    case "views.update": {
      const refused = updateRefusal(modals.get(String(body.view_id ?? "")), body);
      if (refused) return fail(refused);
      const id = String(body.view_id);
      stand.updateModal(id, body.view as Record<string, unknown>);
      const m = modals.get(id) as OpenedModal;
      return ok({ view: { id, ...m.view, hash: viewHash(m) } });
    }
    default:
      return ok({});
  }
}
