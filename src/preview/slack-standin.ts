/**
 * A loopback stand-in for Slack, shared by the preview and the tests: the Web API methods the bot
 * uses (POST /api/<method>) and response_url endpoints (POST /respond/<id>), recording every call,
 * and keeping what Slack would show as one timeline: chat.postMessage (threads and metadata),
 * chat.postEphemeral, chat.delete, response_url answers (new, replace_original, delete_original),
 * views.publish (each user's Home tab), conversations.history and conversations.replies (read back
 * from the timeline), users.info (guest, outsider and other-team users), conversations.members (paged),
 * auth.test (with the token's scopes when set), bots.info, and conversations.list (the channels set, one page);
 * for the care record, chat.update (a message changed in place), views.open, views.push and views.update
 * (modals: each person's stack, closed by its close button or a submission's answer: see modal-desk.ts);
 * files as files.uploadV2 sends them (files.getUploadURLExternal names an upload_url on the stand-in
 * itself, the bytes are POSTed there, files.completeUploadExternal shares them: kept in `files`, and
 * shown as a message with the file), and conversations.open (a DM with the app).
 * Every message says who posted it, as Slack's do (`user`, `bot_id`, `app_id`): Kennel Desk's bot for its
 * own token, or another app or a person for a token in `posters`. Plus signing: requests to the bot
 * are signed as Slack signs them; and, when set, a latency per call (a loaded Slack).
 *
 * Slack's limits are enforced, so a test fails where Slack would: a response_url takes five answers
 * within 30 minutes (then 404 `used_url` / `expired_url`); a channel the bot is not in
 * (`notInChannel`) answers `not_in_channel`; history and replies come in pages with cursors;
 * chat.postMessage is paced per channel and views.publish per user (429 with Retry-After); a
 * message past Block Kit's limits or the text budget is refused, posted, updated or answered, and a
 * view past a view's or a block's limits (views.open, views.push, views.update, views.publish) with
 * `invalid_arguments` and what is wrong (src/preview/slack-refusal.ts). Its state, and how it answers a request: slack-standin-state.ts.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { takeUpload } from "./slack-files.ts";
import { parseSlackBody, readBytes, UPLOAD_PATH } from "./slack-http.ts";
import {
  addEntry,
  answerApi,
  answerResponseUrl,
  changed,
  newStandState,
  type StandState,
} from "./slack-standin-state.ts";
import type {
  HandledRequest,
  OpenedModal,
  Recorded,
  SlackStandIn,
  SlackStandInOptions,
} from "./slack-standin-types.ts";
import { posted } from "./slack-web-api.ts";

export { postSigned, sign } from "./slack-http.ts";
export type {
  Recorded,
  SlackStandIn,
  SlackStandInOptions,
  StoredMessage,
  TimelineEntry,
} from "./slack-standin-types.ts";

/** The stand-in's state and behaviour, without a server (mount it with `handle`). */
export function createSlackStandIn(options: SlackStandInOptions = {}): SlackStandIn {
  const state = newStandState(options);
  const { timeline, views, modals, files, teamId, limits } = state;
  const stand: SlackStandIn = {
    get messages() {
      return timeline.filter(posted);
    },
    timeline,
    views,
    modals,
    files,
    teamId,
    self: {
      user: options.botUserId ?? "UBOT",
      bot_id: options.botId ?? "BBOT",
      app_id: options.appId ?? "A1",
    },
    posters: new Map(),
    latency: undefined,
    base: "",
    apiUrl: "",
    api: [],
    responses: [],
    users: new Map(),
    channelMembers: new Map(),
    failing: new Set(),
    rateLimited: new Map(),
    broken: new Set(),
    notInChannel: new Set(),
    limits,
    socketUrl: undefined,
    authError: undefined,
    connectionsError: undefined,
    scopes: undefined,
    channels: [],
    now: () => Date.now(),
    get version() {
      return state.version;
    },
    responseUrl: (id) => `${stand.base}/respond/${id}`,
    responsesFor: (id) => stand.responses.filter((r) => r.path === `/respond/${id}`),
    responseTarget(id, target) {
      state.targets.set(id, target);
      if (!state.responseUses.has(id)) state.responseUses.set(id, { uses: 0, since: stand.now() });
    },
    add: (entry) => addEntry(state, stand, entry),
    openModal: (triggerId, view, pushed) => openModal(state, triggerId, view, pushed),
    updateModal: (id, view) => updateModal(state, id, view),
    closeModal: (id) => closeModal(state, id),
    handle: (path, body, authorization) => handle(state, stand, path, body, authorization),
    upload: (path, raw, contentType, authorization) =>
      takeUpload({ stand, files }, path, raw, contentType, authorization),
    waitForChange: (since, ms) => waitForChange(state, since, ms),
    waitFor,
    close: async () => undefined,
  };
  return stand;
}

/** Shows a modal as views.open does, or over the person's open one (`pushed`: views.push). */
function openModal(
  state: StandState,
  triggerId: string,
  view: Record<string, unknown>,
  pushed: boolean,
): OpenedModal {
  const m = {
    id: `VM${state.modals.size + 1}`,
    trigger_id: triggerId,
    view,
    version: 1,
    pushed,
    closed: false,
  };
  state.modals.set(m.id, m);
  changed(state);
  return m;
}

/** Replaces a modal's view, as views.update does; false when it is closed or unknown. */
function updateModal(state: StandState, id: string, view: Record<string, unknown>): boolean {
  const had = state.modals.get(id);
  if (!had || had.closed) return false;
  state.modals.set(id, { ...had, view, version: had.version + 1 });
  changed(state);
  return true;
}

/** Closes a modal (its close button, or what a submission's answer closes). */
function closeModal(state: StandState, id: string): void {
  const had = state.modals.get(id);
  if (!had || had.closed) return;
  state.modals.set(id, { ...had, closed: true });
  changed(state);
}

/** Answers one request: a response_url's (`/respond/<id>`), a Web API call (`/api/<method>`), else 404. */
function handle(
  state: StandState,
  stand: SlackStandIn,
  path: string,
  body: Record<string, unknown>,
  authorization: string | undefined,
): HandledRequest {
  const record: Recorded = { path, body, at: Date.now(), authorization };
  if (path.startsWith("/respond/"))
    return answerResponseUrl(state, stand, path.slice("/respond/".length), body, record);
  if (path.startsWith("/api/")) {
    const method = path.slice("/api/".length).split("?")[0] ?? "";
    return answerApi(state, stand, method, body, record, authorization);
  }
  return { status: 404, payload: { ok: false, error: "unknown_path" } };
}

/** Resolves at the next change after `since`, or after `ms`. */
function waitForChange(state: StandState, since: number, ms: number): Promise<void> {
  if (state.version !== since) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    state.waiters.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** Resolves once `predicate` holds (looked at every 10 ms); throws after `timeoutMs`. */
async function waitFor(predicate: () => boolean, timeoutMs = 8_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!predicate()) {
    if (Date.now() > until) throw new Error("timed out waiting for Slack traffic");
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The stand-in on its own loopback server (the tests' Slack). */
export async function startSlackStandIn(options: SlackStandInOptions = {}): Promise<SlackStandIn> {
  const stand = createSlackStandIn(options);
  const server: Server = createServer((req, res) => {
    void (async () => {
      let raw: Buffer;
      let body: Record<string, unknown>;
      const type = req.headers["content-type"];
      const upload = (req.url ?? "").startsWith(UPLOAD_PATH);
      try {
        raw = await readBytes(req);
        body = upload ? {} : parseSlackBody(raw.toString("utf8"), type);
      } catch {
        res.writeHead(400, { "content-type": "application/json" });
        return res.end(JSON.stringify({ ok: false, error: "invalid_json" }));
      }
      const method = (req.url ?? "").replace(/^\/api\//, "").split("?")[0] ?? "";
      const wait = () => {
        const ms = stand.latency?.(method, body) ?? 0;
        if (typeof ms !== "number") return ms;
        return ms > 0 ? new Promise((r) => setTimeout(r, ms)) : undefined;
      };
      await wait();
      const path = req.url ?? "/";
      const answer = upload
        ? await stand.upload(path, raw, type, req.headers.authorization)
        : stand.handle(path, body, req.headers.authorization);
      await wait();
      const text = typeof answer.payload === "string";
      res.writeHead(answer.status, {
        "content-type": text ? "text/plain" : "application/json",
        ...answer.headers,
      });
      res.end(text ? answer.payload : JSON.stringify(answer.payload));
    })();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  stand.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  stand.apiUrl = `${stand.base}/api/`;
  stand.close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return stand;
}
