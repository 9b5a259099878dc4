/**
 * The state of Kennel Desk's link to Slack, readable by anything that reports health: /readyz,
 * `/kennel status`, the CLI (through /readyz). Each change of state is logged once; the failed
 * attempts of one outage only update `lastError` and `attempts`.
 */
import type { Clock } from "../deps.ts";
import type { Logger } from "../log.ts";

export type SlackLinkState =
  /** Socket Mode: the first connection is being made. */
  | "connecting"
  /** Socket Mode: connected; HTTP mode: listening for Slack's requests. */
  | "connected"
  /** Socket Mode: the connection dropped; trying again with backoff. */
  | "reconnecting"
  /** Slack refused for good (Socket Mode turned off, token revoked): the process is stopping. */
  | "failed"
  | "stopped";

export interface SlackConnectionSnapshot {
  mode: "socket" | "http";
  state: SlackLinkState;
  connected: boolean;
  /** When the current state began (ISO 8601). While reconnecting: since when. */
  since: string;
  /** The latest error, kept after a reconnection so a person can see what happened. */
  lastError?: string | undefined;
  /** Failed attempts in the current outage. */
  attempts: number;
  /** Reconnections since the process started. */
  reconnections: number;
}

export class SlackConnection {
  readonly mode: "socket" | "http";
  readonly #clock: Clock;
  readonly #log: Logger;
  #state: SlackLinkState;
  #since: Date;
  #lastError: string | undefined;
  #attempts = 0;
  #reconnections = 0;
  #everConnected = false;

  constructor(mode: "socket" | "http", clock: Clock, log: Logger) {
    this.mode = mode;
    this.#clock = clock;
    this.#log = log.child({ component: "slack-connection" });
    this.#state = "connecting";
    this.#since = clock.now();
  }

  get state(): SlackLinkState {
    return this.#state;
  }

  get connected(): boolean {
    return this.#state === "connected";
  }

  snapshot(): SlackConnectionSnapshot {
    return {
      mode: this.mode,
      state: this.#state,
      connected: this.connected,
      since: this.#since.toISOString(),
      ...(this.#lastError ? { lastError: this.#lastError } : {}),
      attempts: this.#attempts,
      reconnections: this.#reconnections,
    };
  }

  /** A sentence for people: "connected", "reconnecting since 07:02:10 (3 attempts; last error: …)". */
  describe(): string {
    return describeSlackLink(this.snapshot());
  }

  connectedNow(): void {
    if (this.#state === "connected") return;
    const was = this.#state;
    const since = this.#since;
    this.#set("connected");
    if (!this.#everConnected || was === "connecting") {
      this.#everConnected = true;
      this.#log.info({ slack: this.snapshot() }, "Slack: connected");
    } else {
      this.#reconnections += 1;
      const seconds = Math.round((this.#clock.now().getTime() - since.getTime()) / 100) / 10;
      this.#log.info(
        { slack: this.snapshot(), downSeconds: seconds },
        `Slack: connected again after ${seconds} s (${this.#attempts} failed attempts)`,
      );
    }
    this.#attempts = 0;
  }

  /** The connection dropped (`reason`): logged once, with what happens next. */
  dropped(reason: string): void {
    this.#lastError = reason;
    if (this.#state === "reconnecting" || this.#state === "connecting") return;
    if (this.#state === "failed" || this.#state === "stopped") return;
    this.#attempts = 0;
    this.#set("reconnecting");
    this.#log.warn(
      { slack: this.snapshot() },
      `Slack: connection lost (${reason}); reconnecting, the bot answers again once it is back`,
    );
  }

  /** One attempt failed; logged at debug only (the outage itself was logged once). */
  attemptFailed(error: string, retryInMs: number): void {
    this.#attempts += 1;
    this.#lastError = error;
    if (this.#state === "connected") this.#set("reconnecting");
    this.#log.debug({ attempt: this.#attempts, retryInMs, err: error }, "Slack: attempt failed");
  }

  failed(error: string): void {
    this.#lastError = error;
    if (this.#state === "failed") return;
    this.#set("failed");
    this.#log.error({ slack: this.snapshot() }, `Slack: ${error}`);
  }

  stopped(): void {
    if (this.#state !== "failed") this.#set("stopped");
  }

  #set(state: SlackLinkState): void {
    this.#state = state;
    this.#since = this.#clock.now();
  }
}

/**
 * For another process (the CLI's `kennel-desk status`): the running bot's Slack connection, read
 * from its /readyz (`http://localhost:PORT/readyz`). Undefined when no bot answers there.
 */
export async function fetchSlackConnection(
  readyzUrl: string,
  fetchImpl: typeof fetch = fetch,
): Promise<SlackConnectionSnapshot | undefined> {
  try {
    const res = await fetchImpl(readyzUrl, { signal: AbortSignal.timeout(2_000) });
    const body = (await res.json()) as { slack?: SlackConnectionSnapshot };
    return body.slack && typeof body.slack.state === "string" ? body.slack : undefined;
  } catch {
    return undefined;
  }
}

/** The link to Slack in words, from a snapshot (this process's, or another's read from /readyz). */
export function describeSlackLink(s: SlackConnectionSnapshot): string {
  switch (s.state) {
    case "connected":
      return s.mode === "http" ? "listening for Slack's requests" : "connected";
    case "connecting":
      return `connecting since ${s.since}`;
    case "reconnecting":
      return `reconnecting since ${s.since} (${s.attempts} failed attempts${s.lastError ? `; last error: ${s.lastError}` : ""})`;
    case "failed":
      return `stopped: ${s.lastError ?? "Slack refused the connection"}`;
    default:
      return "stopped";
  }
}
