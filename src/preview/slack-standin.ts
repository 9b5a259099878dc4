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
 * message past Block Kit's limits or the text budget is refused, posted, updated or answered
 * (src/preview/slack-refusal.ts).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { takeUpload } from "./slack-files.ts";
import { parseSlackBody, readBytes, UPLOAD_PATH } from "./slack-http.ts";
import { messageRefusal } from "./slack-refusal.ts";
import type {
  HandledRequest,
  OpenedModal,
  PublishedView,
  Recorded,
  ResponseTarget,
  SlackLimits,
  SlackStandIn,
  SlackStandInOptions,
  TimelineEntry,
  UploadedFile,
} from "./slack-standin-types.ts";
import { blocksOf, posted, webApi } from "./slack-web-api.ts";

export { postSigned, sign } from "./slack-http.ts";
export type {
  Recorded,
  SlackStandIn,
  SlackStandInOptions,
  StoredMessage,
  TimelineEntry,
} from "./slack-standin-types.ts";

const SLACK_LIMITS: SlackLimits = {
  responseUses: 5,
  responseMs: 30 * 60_000,
  postBurst: 10,
  publishBurst: 5,
  publishEveryMs: 2_000,
  historyPage: 100,
};

/**
 * A rate as Slack applies it: a burst of `burst` calls, then one every `everyMs` (real time unless
 * a test's clock is given: the stand-in's own clock may be a test's fixed one). False when the call
 * is over the rate.
 */
function rateLimiter(burst: number, everyMs: number, clock: () => number = () => performance.now()) {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (key: string): boolean => {
    const now = clock();
    const b = buckets.get(key) ?? { tokens: burst, at: now };
    b.tokens = Math.min(burst, b.tokens + (now - b.at) / everyMs);
    b.at = now;
    buckets.set(key, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  };
}

/** The stand-in's state and behaviour, without a server (mount it with `handle`). */
export function createSlackStandIn(options: SlackStandInOptions = {}): SlackStandIn {
  const teamId = options.teamId ?? "T1";
  const limits: SlackLimits = { ...SLACK_LIMITS, ...options.limits };
  const postRate = rateLimiter(limits.postBurst, 1_000, options.rateNow);
  const publishRate = rateLimiter(limits.publishBurst, limits.publishEveryMs);
  /** Each response_url's uses and when it was issued (by the stand-in's clock). */
  const responseUses = new Map<string, { uses: number; since: number }>();
  const timeline: TimelineEntry[] = [];
  const views = new Map<string, PublishedView>();
  const modals = new Map<string, OpenedModal>();
  const targets = new Map<string, ResponseTarget>();
  const files = new Map<string, UploadedFile>();
  let waiters: Array<() => void> = [];
  let nextId = 1;
  let ts = 1_700_000_000;
  let version = 0;

  const changed = () => {
    version++;
    const ready = waiters;
    waiters = [];
    for (const w of ready) w();
  };
  const nextTs = () => {
    ts = Math.max(ts + 1, Math.floor((options.stampNow ?? stand.now)() / 1000));
    return `${ts}.000100`;
  };
  const add = (entry: Omit<TimelineEntry, "id" | "ts">): TimelineEntry => {
    const e: TimelineEntry = { ...entry, id: nextId++, ts: nextTs() };
    timeline.push(e);
    changed();
    return e;
  };

  /** What Slack does with a POST to a response_url. */
  const respond = (id: string, body: Record<string, unknown>) => {
    const target = targets.get(id);
    const index = target?.entryId === undefined ? -1 : timeline.findIndex((m) => m.id === target.entryId);
    const old = index >= 0 ? (timeline[index] as TimelineEntry) : undefined;
    if (body.delete_original === true) {
      if (old) timeline.splice(index, 1);
      if (target) targets.set(id, { ...target, entryId: undefined });
      changed();
      return;
    }
    const content = {
      text: String(body.text ?? ""),
      blocks: blocksOf(body),
      ephemeral: body.response_type !== "in_channel",
    };
    if (body.replace_original === true && old) {
      // Slack keeps a replaced message's visibility unless the answer says otherwise.
      timeline[index] = {
        ...old,
        ...content,
        author: "bot",
        ephemeral: body.response_type ? content.ephemeral : old.ephemeral,
      };
      changed();
      return;
    }
    const added = add({
      via: "response",
      author: "bot",
      channel: target?.channel ?? "",
      user: target?.user,
      ...content,
    });
    // Later answers through a command's response_url (replace_original) change its latest one.
    if (target && target.entryId === undefined) targets.set(id, { ...target, entryId: added.id });
  };

  const api = (method: string, body: Record<string, unknown>, authorization?: string): HandledRequest =>
    webApi(
      { stand, options, teamId, timeline, views, modals, files, add, changed },
      method,
      body,
      authorization,
    );

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
      return version;
    },
    responseUrl: (id) => `${stand.base}/respond/${id}`,
    responsesFor: (id) => stand.responses.filter((r) => r.path === `/respond/${id}`),
    responseTarget(id, target) {
      targets.set(id, target);
      if (!responseUses.has(id)) responseUses.set(id, { uses: 0, since: stand.now() });
    },
    add,
    openModal(triggerId, view, pushed) {
      const m = {
        id: `VM${modals.size + 1}`,
        trigger_id: triggerId,
        view,
        version: 1,
        pushed,
        closed: false,
      };
      modals.set(m.id, m);
      changed();
      return m;
    },
    updateModal(id, view) {
      const had = modals.get(id);
      if (!had || had.closed) return false;
      modals.set(id, { ...had, view, version: had.version + 1 });
      changed();
      return true;
    },
    closeModal(id) {
      const had = modals.get(id);
      if (!had || had.closed) return;
      modals.set(id, { ...had, closed: true });
      changed();
    },
    handle(path, body, authorization) {
      const record: Recorded = { path, body, at: Date.now(), authorization };
      if (path.startsWith("/respond/")) {
        stand.responses.push(record);
        const id = path.slice("/respond/".length);
        if (stand.failing.has(id)) return { status: 500, payload: { ok: false } };
        const use = responseUses.get(id) ?? { uses: 0, since: stand.now() };
        responseUses.set(id, use);
        if (stand.now() - use.since > limits.responseMs)
          return { status: 404, payload: { ok: false, error: "expired_url" } };
        if (use.uses >= limits.responseUses)
          return { status: 404, payload: { ok: false, error: "used_url" } };
        use.uses++;
        const refused = body.delete_original === true ? undefined : messageRefusal(body);
        if (refused) return { status: 400, payload: { ok: false, error: refused } };
        respond(id, body);
        return { status: 200, payload: { ok: true } };
      }
      if (path.startsWith("/api/")) {
        const method = path.slice("/api/".length).split("?")[0] ?? "";
        stand.api.push(record);
        if (stand.broken.has(method)) return { status: 500, payload: { ok: false, error: "internal_error" } };
        const perUser = `${method}:${String(body.user ?? "")}`;
        const limitKey = stand.rateLimited.has(perUser) ? perUser : method;
        const limited = stand.rateLimited.get(limitKey) ?? 0;
        const overRate =
          (method === "chat.postMessage" &&
            !stand.notInChannel.has(String(body.channel)) &&
            !postRate(String(body.channel))) ||
          (method === "views.publish" && !publishRate(String(body.user_id ?? "")));
        if (limited > 0 || overRate) {
          if (limited > 0) stand.rateLimited.set(limitKey, limited - 1);
          return {
            status: 429,
            payload: { ok: false, error: "ratelimited" },
            headers: { "retry-after": "1" },
          };
        }
        return api(method, body, authorization);
      }
      return { status: 404, payload: { ok: false, error: "unknown_path" } };
    },
    upload: (path, raw, contentType, authorization) =>
      takeUpload({ stand, files }, path, raw, contentType, authorization),
    waitForChange(since, ms) {
      if (version !== since) return Promise.resolve();
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    },
    async waitFor(predicate, timeoutMs = 8_000) {
      const until = Date.now() + timeoutMs;
      while (!predicate()) {
        if (Date.now() > until) throw new Error("timed out waiting for Slack traffic");
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: async () => undefined,
  };
  return stand;
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
