/**
 * The Slack stand-in's own state (what its SlackStandIn does not show) and how it answers a request:
 * a response_url's answers (its five uses within 30 minutes, then what Slack shows), and a Web API
 * call (recorded, broken or rate-limited methods, Slack's paces, then src/preview/slack-web-api.ts).
 * Used by src/preview/slack-standin.ts, which puts the state behind its SlackStandIn.
 */
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
import { blocksOf, webApi } from "./slack-web-api.ts";

const SLACK_LIMITS: SlackLimits = {
  responseUses: 5,
  responseMs: 30 * 60_000,
  postBurst: 10,
  publishBurst: 5,
  publishEveryMs: 2_000,
  historyPage: 100,
};

/** One stand-in's state, shared by the functions that change it. */
export interface StandState {
  readonly options: SlackStandInOptions;
  readonly teamId: string;
  readonly limits: SlackLimits;
  /** chat.postMessage's pace, per channel: false when a post is over it. */
  readonly postRate: (key: string) => boolean;
  /** views.publish's pace, per user: false when a publish is over it. */
  readonly publishRate: (key: string) => boolean;
  /** Each response_url's uses and when it was issued (by the stand-in's clock). */
  readonly responseUses: Map<string, { uses: number; since: number }>;
  readonly timeline: TimelineEntry[];
  readonly views: Map<string, PublishedView>;
  readonly modals: Map<string, OpenedModal>;
  /** Where each response_url answers (SlackStandIn.responseTarget). */
  readonly targets: Map<string, ResponseTarget>;
  readonly files: Map<string, UploadedFile>;
  /** Who waits for the next change (SlackStandIn.waitForChange). */
  waiters: Array<() => void>;
  /** The next timeline entry's id. */
  nextId: number;
  /** The last message's timestamp, in seconds. */
  ts: number;
  /** Bumped on every change (SlackStandIn.version). */
  version: number;
}

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

/** A new stand-in's state: nothing shown yet, Slack's limits unless `options` changes them. */
export function newStandState(options: SlackStandInOptions): StandState {
  const limits: SlackLimits = { ...SLACK_LIMITS, ...options.limits };
  return {
    options,
    teamId: options.teamId ?? "T1",
    limits,
    postRate: rateLimiter(limits.postBurst, 1_000, options.rateNow),
    publishRate: rateLimiter(limits.publishBurst, limits.publishEveryMs),
    responseUses: new Map(),
    timeline: [],
    views: new Map(),
    modals: new Map(),
    targets: new Map(),
    files: new Map(),
    waiters: [],
    nextId: 1,
    ts: 1_700_000_000,
    version: 0,
  };
}

/** Says that something changed: the version bumped, and everyone waiting for a change woken. */
export function changed(state: StandState): void {
  state.version++;
  const ready = state.waiters;
  state.waiters = [];
  for (const w of ready) w();
}

/** Adds an entry to the timeline with the next id and a timestamp later than the last one's. */
export function addEntry(
  state: StandState,
  stand: SlackStandIn,
  entry: Omit<TimelineEntry, "id" | "ts">,
): TimelineEntry {
  const id = state.nextId++;
  state.ts = Math.max(state.ts + 1, Math.floor((state.options.stampNow ?? stand.now)() / 1000));
  const e: TimelineEntry = { ...entry, id, ts: `${state.ts}.000100` };
  state.timeline.push(e);
  changed(state);
  return e;
}

/** What Slack does with a POST to a response_url. */
function respond(state: StandState, stand: SlackStandIn, id: string, body: Record<string, unknown>): void {
  const { targets, timeline } = state;
  const target = targets.get(id);
  const index = target?.entryId === undefined ? -1 : timeline.findIndex((m) => m.id === target.entryId);
  const old = index >= 0 ? (timeline[index] as TimelineEntry) : undefined;
  if (body.delete_original === true) {
    if (old) timeline.splice(index, 1);
    if (target) targets.set(id, { ...target, entryId: undefined });
    changed(state);
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
    changed(state);
    return;
  }
  const added = addEntry(state, stand, {
    via: "response",
    author: "bot",
    channel: target?.channel ?? "",
    user: target?.user,
    ...content,
  });
  // Later answers through a command's response_url (replace_original) change its latest one.
  if (target && target.entryId === undefined) targets.set(id, { ...target, entryId: added.id });
}

/**
 * Answers a POST to response_url `id` (recorded in `stand.responses`): 500 when it is failing, 404
 * once expired or used up, 400 for a message Slack refuses, else shown as Slack would show it.
 */
export function answerResponseUrl(
  state: StandState,
  stand: SlackStandIn,
  id: string,
  body: Record<string, unknown>,
  record: Recorded,
): HandledRequest {
  stand.responses.push(record);
  if (stand.failing.has(id)) return { status: 500, payload: { ok: false } };
  const use = state.responseUses.get(id) ?? { uses: 0, since: stand.now() };
  state.responseUses.set(id, use);
  if (stand.now() - use.since > state.limits.responseMs)
    return { status: 404, payload: { ok: false, error: "expired_url" } };
  if (use.uses >= state.limits.responseUses)
    return { status: 404, payload: { ok: false, error: "used_url" } };
  use.uses++;
  const refused = body.delete_original === true ? undefined : messageRefusal(body);
  if (refused) return { status: 400, payload: { ok: false, error: refused } };
  respond(state, stand, id, body);
  return { status: 200, payload: { ok: true } };
}

/**
 * Answers a Web API call (recorded in `stand.api`): 500 for a broken method, 429 with Retry-After
 * when a test rate-limits it or it is over Slack's pace, else as slack-web-api.ts answers it.
 */
export function answerApi(
  state: StandState,
  stand: SlackStandIn,
  method: string,
  body: Record<string, unknown>,
  record: Recorded,
  authorization: string | undefined,
): HandledRequest {
  stand.api.push(record);
  if (stand.broken.has(method)) return { status: 500, payload: { ok: false, error: "internal_error" } };
  const perUser = `${method}:${String(body.user ?? "")}`;
  const limitKey = stand.rateLimited.has(perUser) ? perUser : method;
  const limited = stand.rateLimited.get(limitKey) ?? 0;
  const overRate =
    (method === "chat.postMessage" &&
      !stand.notInChannel.has(String(body.channel)) &&
      !state.postRate(String(body.channel))) ||
    (method === "views.publish" && !state.publishRate(String(body.user_id ?? "")));
  if (limited > 0 || overRate) {
    if (limited > 0) stand.rateLimited.set(limitKey, limited - 1);
    return { status: 429, payload: { ok: false, error: "ratelimited" }, headers: { "retry-after": "1" } };
  }
  const { options, teamId, timeline, views, modals, files } = state;
  const add = (entry: Omit<TimelineEntry, "id" | "ts">) => addEntry(state, stand, entry);
  return webApi(
    { stand, options, teamId, timeline, views, modals, files, add, changed: () => changed(state) },
    method,
    body,
    authorization,
  );
}
