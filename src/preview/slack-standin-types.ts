/** The shapes of the Slack stand-in: what it records, keeps and answers. */

export interface Recorded {
  path: string;
  body: Record<string, unknown>;
  at: number;
  authorization: string | undefined;
}

interface SlackUser {
  id: string;
  is_restricted?: boolean;
  is_ultra_restricted?: boolean;
  /** A Slack Connect outsider. */
  is_stranger?: boolean;
  /** The user's team; the stand-in's own team when not given. */
  team_id?: string;
  is_bot?: boolean;
  deleted?: boolean;
  /** The names Slack shows (the care record's "who"). */
  real_name?: string;
  profile?: { display_name?: string };
}

export type Metadata = { event_type: string; event_payload: Record<string, unknown> };

/** A message posted with chat.postMessage (the fields the tests read). */
export interface StoredMessage {
  channel: string;
  ts: string;
  thread_ts?: string | undefined;
  text: string;
  blocks?: unknown;
  metadata?: Metadata | undefined;
  /** Files shared with it (files.completeUploadExternal): each file's id, name and title. */
  files?: Array<{ id: string; name: string; title?: string | undefined }> | undefined;
  /** Who posted it, as Slack's messages say: a bot's bot_id and its app's app_id (a person typing: neither). */
  bot_id?: string | undefined;
  app_id?: string | undefined;
}

/**
 * Who a token posts as: another app's bot (its bot user, bot_id and app_id), or a person (a user
 * token: the user, and the app_id of the app it was issued to).
 */
export interface Poster {
  user: string;
  bot_id?: string | undefined;
  app_id?: string | undefined;
}

/** Anything Slack would show: a posted message, an ephemeral one, a response_url answer, or what a person typed. */
export interface TimelineEntry extends StoredMessage {
  id: number;
  /** How it got there. */
  via: "postMessage" | "postEphemeral" | "response" | "typed" | "system";
  /** Who wrote it: the person typing, the bot, or Slack itself. */
  author: "you" | "bot" | "system";
  /** Seen only by `user`. */
  ephemeral: boolean;
  /** For ephemeral entries and typed ones: whose; for a posted message, who posted it. */
  user?: string | undefined;
}

/** A file uploaded as files.uploadV2 does: its URL asked for, its bytes POSTed there, then completed. */
export interface UploadedFile {
  id: string;
  filename: string;
  /** The length files.getUploadURLExternal was told. */
  length: number;
  /** What was POSTed to its upload_url; undefined until then. */
  bytes?: Buffer | undefined;
  title?: string | undefined;
  /** Where files.completeUploadExternal shared it (its channel_id), and the message it came with. */
  channel?: string | undefined;
  comment?: string | undefined;
  completed: boolean;
}

export interface PublishedView {
  type: string;
  blocks: unknown[];
  /** How many times it was published (a fresh one on every open). */
  version: number;
}

/** A modal the bot opened (views.open), pushed over another (views.push, a submission's "push"). */
export interface OpenedModal {
  id: string;
  trigger_id: string;
  view: Record<string, unknown>;
  /** 1 when opened; one more on each views.update (or a submission's "update"). */
  version: number;
  /** Put over the modal open for the trigger's person (views.push), not a new stack of its own. */
  pushed: boolean;
  /** Closed (its close button, or a submission's answer): views.update then answers `not_found`. */
  closed: boolean;
}

export interface SlackStandInOptions {
  /** The workspace's team id (auth.test, and users.info for users without their own). Default T1. */
  teamId?: string;
  /** The bot's own user id (auth.test). Default UBOT. */
  botUserId?: string;
  /** Kennel Desk's bot id (auth.test, and every message it posts). Default BBOT. */
  botId?: string;
  /** Kennel Desk's app id (bots.info, and every message it posts). Default A1. */
  appId?: string;
  /**
   * Slack's limits, as the stand-in enforces them (real time, not the stand-in's clock, for the
   * rates): chat.postMessage's one message per second per channel after a short burst, views.publish's
   * rate per user, and the page size of conversations.history and conversations.replies.
   */
  limits?: Partial<SlackLimits>;
  /** The clock chat.postMessage's pace is kept by (ms): real time unless a test on a fake clock gives its own. */
  rateNow?: () => number;
  /**
   * The clock a message's `ts` is stamped by (ms): the stand-in's own unless given (the preview gives
   * its kennel clock, so a message is stamped at the time its entries read).
   */
  stampNow?: () => number;
}

export interface SlackLimits {
  /** Uses of one response_url (Slack: 5). */
  responseUses: number;
  /** How long a response_url lasts, in ms of the stand-in's clock (Slack: 30 minutes). */
  responseMs: number;
  /** chat.postMessage per channel: a burst of this many, then one per second (Slack: 1 a second, short bursts). */
  postBurst: number;
  /** views.publish per user: a burst of this many, then one every `publishEveryMs`. */
  publishBurst: number;
  publishEveryMs: number;
  /** conversations.history / replies: the most messages a page holds (Slack: 999; its default 100). */
  historyPage: number;
}

export interface SlackStandIn {
  /** Messages posted with chat.postMessage and not deleted, oldest first. */
  readonly messages: StoredMessage[];
  /** Everything shown, oldest first: posts, ephemerals, response_url answers, typed commands. */
  readonly timeline: TimelineEntry[];
  /** Each user's published Home tab (views.publish), by user id. */
  readonly views: Map<string, PublishedView>;
  /** Modals opened with views.open or views.push, by view id, oldest first (views.update changes them). */
  readonly modals: Map<string, OpenedModal>;
  readonly teamId: string;
  /** Files uploaded (files.getUploadURLExternal, the bytes to its upload_url, files.completeUploadExternal), by id. */
  readonly files: Map<string, UploadedFile>;
  /** Kennel Desk's bot user, bot id and app id: who any token not in `posters` posts as. */
  readonly self: Required<Poster>;
  /**
   * Tokens of other apps and of people in the workspace, and who each posts as: what is posted with
   * one carries its user, bot_id and app_id, as Slack's messages do (auth.test says them too).
   */
  posters: Map<string, Poster>;
  /**
   * A loaded Slack (on the stand-in's own server only): how long each Web API call waits before Slack
   * handles it, and again before its answer leaves (milliseconds, or a promise to wait for), so calls
   * made at once land, and their answers arrive, in an order of their own. Unset: none.
   */
  latency: ((method: string, body: Record<string, unknown>) => number | Promise<unknown>) | undefined;
  base: string;
  apiUrl: string;
  api: Recorded[];
  responses: Recorded[];
  users: Map<string, SlackUser>;
  /** Each channel's member ids (conversations.members), by channel id. */
  channelMembers: Map<string, string[]>;
  /** response_url ids that answer 500. */
  failing: Set<string>;
  /**
   * Web API methods that answer 429 with Retry-After this many times, then succeed; a key
   * "users.info:U123" limits that method for that one user only.
   */
  rateLimited: Map<string, number>;
  /** Web API methods that answer HTTP 500, every time. */
  broken: Set<string>;
  /** What apps.connections.open answers (Socket Mode): the WebSocket URL to connect to. */
  socketUrl: string | undefined;
  /** When set, auth.test answers `{ ok: false, error: authError }` (a wrong or revoked bot token). */
  authError: string | undefined;
  /** Channels the bot is not a member of: posting or reading there answers `not_in_channel`. */
  notInChannel: Set<string>;
  /** The limits in force (see SlackStandInOptions.limits). */
  readonly limits: SlackLimits;
  /** When set, apps.connections.open answers `{ ok: false, error }` (a revoked app token, say). */
  connectionsError: string | undefined;
  /**
   * The bot token's scopes: auth.test says them in X-OAuth-Scopes, as Slack does, and a method
   * whose scope is missing answers missing_scope (users:read, channels:read, files:write, im:write,
   * and reading a conversation: im:history for a DM, a channel's history scope); unset: not said,
   * nothing refused.
   */
  scopes: string[] | undefined;
  /** The workspace's channels (conversations.list), and whether the bot is a member of each. */
  channels: Array<{ id: string; name: string; is_member: boolean; is_private?: boolean }>;
  /** Slack's clock, for message timestamps (tests on a fake clock share theirs). */
  now: () => number;
  /** Bumped on every change to the timeline or the views. */
  readonly version: number;
  responseUrl(id: string): string;
  responsesFor(id: string): Recorded[];
  /**
   * Says where a response_url answers: in `channel`, to `user`, with a new message (no `entryId`,
   * a command) or changing the message clicked.
   */
  responseTarget(id: string, target: ResponseTarget): void;
  /** Shows a modal as views.open does, or over the person's open one (`pushed`: views.push). */
  openModal(triggerId: string, view: Record<string, unknown>, pushed: boolean): OpenedModal;
  /** Replaces a modal's view, as views.update does; false when it is closed or unknown. */
  updateModal(id: string, view: Record<string, unknown>): boolean;
  /** Closes a modal (its close button, or what a submission's answer closes). */
  closeModal(id: string): void;
  /** Adds an entry Slack itself shows (a typed command, Slackbot's "not a command"). */
  add(entry: Omit<TimelineEntry, "id" | "ts">): TimelineEntry;
  /**
   * Answers one request to the stand-in (used by a server that mounts it, such as the preview's); the
   * bearer token in `authorization` says who calls (`posters`; any other token is Kennel Desk's bot).
   */
  handle(path: string, body: Record<string, unknown>, authorization?: string): HandledRequest;
  /** Takes a file's bytes POSTed to its upload_url (`/upload/<file id>`; multipart or raw), as Slack's file server. */
  upload(
    path: string,
    raw: Buffer,
    contentType: string | undefined,
    authorization?: string,
  ): Promise<HandledRequest>;
  /** Resolves at the next change after `since`, or after `ms`. */
  waitForChange(since: number, ms: number): Promise<void>;
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

export interface ResponseTarget {
  channel: string;
  user: string;
  entryId?: number | undefined;
}

export interface HandledRequest {
  status: number;
  payload: unknown;
  headers?: Record<string, string>;
}
