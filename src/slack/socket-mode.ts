/**
 * Socket Mode that stays connected: a Bolt receiver over Slack's Socket Mode client, with our own
 * reconnection. Each connection is a fresh client with its own reconnection turned off; when it
 * closes, errors, stops answering pings, or Slack asks for a new one (`disconnect`), this receiver
 * opens another through apps.connections.open, at once and then with backoff, for as long as it
 * takes. A refused token or Socket Mode turned off (`link_disabled`) is not retried: `onFatal` says
 * what to do. Nothing is thrown out of the process: an ack attempted while disconnected is logged.
 */
import type { App, Receiver, ReceiverEvent, webApi } from "@slack/bolt";
import { SocketModeClient } from "@slack/socket-mode";
import { boltLogger } from "../bolt-logger.ts";
import type { Logger } from "../log.ts";
import type { SlackConnection } from "./connection.ts";
import { Seen } from "./seen.ts";
import {
  isPermanentRefusal,
  linkDisabled,
  networkErrorCode,
  type SlackStartError,
  slackStartError,
} from "./start-problem.ts";

/** 1 s, 2 s, 4 s, 8 s, 16 s, then every 30 s, each ±20 % so many bots do not return at once. */
export const BACKOFF_STEPS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 30_000];

export function defaultBackoff(attempt: number, random: () => number = Math.random): number {
  const step = BACKOFF_STEPS_MS[Math.min(attempt, BACKOFF_STEPS_MS.length - 1)] as number;
  return Math.round(step * (0.8 + 0.4 * random()));
}

export interface SocketModeSettings {
  appToken: string;
  /** The Web API options (SLACK_API_URL, timeout) for apps.connections.open; retries are ours. */
  clientOptions: webApi.WebClientOptions;
  log: Logger;
  connection: SlackConnection;
  /** Called once when Slack refuses for good after the first connection (exit 1). */
  onFatal: (error: SlackStartError) => void;
  /** Delay before the retry after `attempt` failed attempts (0-based). */
  backoff?: (attempt: number) => number;
  /** Ping-pong: no pong for this long closes the connection. Default 5000 (the client's). */
  clientPingTimeoutMs?: number;
  /** No ping from Slack for this long closes the connection. Default 30000. */
  serverPingTimeoutMs?: number;
  /** A connection that is closing (its close handshake unanswered) is abandoned after this. */
  closingGraceMs?: number;
  /** Giving up on one attempt (apps.connections.open, WebSocket, hello) after this. */
  connectTimeoutMs?: number;
  /** A connection that drops sooner than this after Slack's hello counts as a failed attempt. */
  stableAfterMs?: number;
}

type Down = { reason: string; fatal?: SlackStartError };

interface ClientInternals {
  websocket?: { readyState?: number; cleanup?: () => void };
}

const OPEN = 1;

export class SocketModeReceiver implements Receiver {
  readonly #s: SocketModeSettings;
  readonly #log: Logger;
  readonly #seen = new Seen(2_000);
  #app: App | undefined;
  #client: SocketModeClient | undefined;
  #stopping = false;
  #wake: (() => void) | undefined;
  #loop: Promise<void> | undefined;

  constructor(settings: SocketModeSettings) {
    this.#s = settings;
    this.#log = settings.log.child({ component: "socket-mode" });
  }

  init(app: App): void {
    this.#app = app;
  }

  /** Resolves once connected for the first time; rejects when Slack refuses at once. */
  start(): Promise<void> {
    this.#stopping = false;
    return new Promise<void>((resolve, reject) => {
      let first = true;
      this.#loop = this.#run(
        () => {
          if (first) {
            first = false;
            resolve();
          }
        },
        (error) => {
          if (first) {
            first = false;
            reject(error);
          } else {
            this.#s.onFatal(error);
          }
        },
      )
        .catch((error: unknown) => {
          // The loop catches everything itself; this is the last guard, never a crash.
          this.#log.error({ err: String((error as Error)?.message ?? error) }, "Socket Mode loop failed");
        })
        .finally(() => {
          // Stopped before the first connection (SIGTERM while connecting): start() is over too.
          if (first) {
            first = false;
            resolve();
          }
        });
    });
  }

  async stop(): Promise<void> {
    this.#stopping = true;
    this.#wake?.();
    const client = this.#client;
    this.#client = undefined;
    if (client) await this.#close(client);
    this.#s.connection.stopped();
    await this.#loop;
  }

  async #run(connected: () => void, fatal: (error: SlackStartError) => void): Promise<void> {
    const backoff = this.#s.backoff ?? ((n: number) => defaultBackoff(n));
    let attempt = 0;
    while (!this.#stopping) {
      let client: SocketModeClient | undefined;
      try {
        client = await this.#open();
      } catch (error) {
        if (this.#stopping) return;
        if (isPermanentRefusal(error)) {
          const problem = slackStartError(error, "app", {
            atStart: !this.#everConnected,
            apiUrl: this.#apiUrl,
          });
          this.#s.connection.failed(problem.message);
          fatal(problem);
          return;
        }
        const wait = backoff(attempt);
        attempt += 1;
        this.#s.connection.attemptFailed(describe(error), wait);
        await this.#sleep(wait);
        continue;
      }
      this.#everConnected = true;
      this.#s.connection.connectedNow();
      connected();
      const connectedAt = Date.now();
      const down = await this.#untilDown(client);
      this.#client = undefined;
      void this.#close(client);
      if (this.#stopping) return;
      if (down.fatal) {
        this.#s.connection.failed(down.fatal.message);
        fatal(down.fatal);
        return;
      }
      this.#s.connection.dropped(down.reason);
      // Reconnect at once after a connection that held; one that dropped within a second of
      // Slack's hello counts as a failed attempt, so a flapping link backs off instead of looping.
      if (Date.now() - connectedAt < (this.#s.stableAfterMs ?? 1_000)) {
        const wait = backoff(attempt);
        attempt += 1;
        this.#s.connection.attemptFailed(`dropped right after connecting: ${down.reason}`, wait);
        await this.#sleep(wait);
      } else {
        attempt = 0;
      }
    }
  }

  #everConnected = false;

  get #apiUrl(): string | undefined {
    return this.#s.clientOptions.slackApiUrl;
  }

  /** One connection: apps.connections.open, the WebSocket, Slack's hello. */
  async #open(): Promise<SocketModeClient> {
    const client = new SocketModeClient({
      appToken: this.#s.appToken,
      logger: boltLogger(this.#s.log, { component: "socket-mode-client", quiet: true }),
      autoReconnectEnabled: false,
      clientPingTimeout: this.#s.clientPingTimeoutMs ?? 5_000,
      serverPingTimeout: this.#s.serverPingTimeoutMs ?? 30_000,
      clientOptions: { ...this.#s.clientOptions, retryConfig: { retries: 0 } },
    });
    let lastError: unknown;
    client.on("error", (error: unknown) => {
      lastError = error;
    });
    client.on("slack_event", (args: SlackEventArgs) => {
      void this.#dispatch(args);
    });
    client.on("ws_message", (data: unknown) => this.#watchMessage(client, data));
    this.#client = client;
    const started = client.start();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error("no answer from Slack's Socket Mode endpoint in time")),
        this.#s.connectTimeoutMs ?? 20_000,
      );
    });
    try {
      await Promise.race([started, timeout]);
      if (this.#stopping) throw new Error("stopping");
      return client;
    } catch (error) {
      started.catch(() => undefined);
      this.#abandon(client);
      if (this.#client === client) this.#client = undefined;
      // start() rejects with nothing when the WebSocket closed: the client's error event says why.
      throw error ?? lastError ?? new Error("the connection closed before Slack said hello");
    } finally {
      clearTimeout(timer);
    }
  }

  readonly #disconnectReasons = new WeakMap<SocketModeClient, string>();

  #watchMessage(client: SocketModeClient, data: unknown): void {
    try {
      const text =
        typeof data === "string" ? data : new TextDecoder().decode(data as ArrayBuffer | Uint8Array);
      if (!text.includes('"disconnect"')) return;
      const message = JSON.parse(text) as { type?: unknown; reason?: unknown };
      if (message.type === "disconnect") {
        this.#disconnectReasons.set(
          client,
          typeof message.reason === "string" ? message.reason : "disconnect",
        );
      }
    } catch {
      // Not JSON: the client ignores it too.
    }
  }

  /** Resolves when this connection is over: closed, unanswered pings, Slack's disconnect, or stop. */
  #untilDown(client: SocketModeClient): Promise<Down> {
    return new Promise<Down>((resolve) => {
      let done = false;
      let lastError: string | undefined;
      const finish = (down: Down) => {
        if (done) return;
        done = true;
        clearInterval(watchdog);
        client.removeListener("disconnected", onClosed);
        this.#wake = undefined;
        resolve(down);
      };
      const onClosed = () => {
        const reason = this.#disconnectReasons.get(client);
        if (reason === "link_disabled") return finish({ reason, fatal: linkDisabled() });
        finish({
          reason: reason
            ? `Slack asked for a new connection: ${reason}`
            : (lastError ?? "the connection closed"),
        });
      };
      client.on("error", (error: unknown) => {
        lastError = describe(error);
      });
      client.on("disconnected", onClosed);
      // The client closes a connection whose pongs stopped with a close handshake that a dead
      // network never answers (30 s): a connection closing for longer than the grace is over.
      let closingSince: number | undefined;
      const grace = this.#s.closingGraceMs ?? 2_000;
      const watchdog = setInterval(
        () => {
          if (this.#stopping) return finish({ reason: "stopping" });
          const ws = (client as unknown as ClientInternals).websocket;
          if (ws?.readyState === OPEN) {
            closingSince = undefined;
            return;
          }
          closingSince ??= Date.now();
          if (Date.now() - closingSince >= grace) {
            const reason = this.#disconnectReasons.get(client);
            if (reason === "link_disabled") return finish({ reason, fatal: linkDisabled() });
            finish({
              reason: reason
                ? `Slack asked for a new connection: ${reason}`
                : "Slack stopped answering pings",
            });
          }
        },
        Math.max(50, Math.min(1_000, grace / 2)),
      );
      watchdog.unref();
      this.#wake = () => finish({ reason: "stopping" });
    });
  }

  async #close(client: SocketModeClient): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        client.disconnect().catch(() => undefined),
        new Promise<void>((r) => {
          timer = setTimeout(r, 1_000);
          timer.unref();
        }),
      ]);
    } finally {
      clearTimeout(timer);
      this.#abandon(client);
    }
  }

  /** Drops a client for good: no more events from it, its socket destroyed. */
  #abandon(client: SocketModeClient): void {
    client.removeAllListeners();
    try {
      (client as unknown as ClientInternals).websocket?.cleanup?.();
    } catch (error) {
      this.#log.debug({ err: describe(error) }, "cleaning up an old connection failed");
    }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.#wake = undefined;
        resolve();
      }, ms);
      this.#wake = () => {
        clearTimeout(timer);
        this.#wake = undefined;
        resolve();
      };
    });
  }

  async #dispatch(args: SlackEventArgs): Promise<void> {
    const ack = safeAck(args.ack, this.#log, args.type);
    try {
      // Slack re-delivers an envelope it did not see acknowledged (a retry has a new envelope id
      // but the same event id): each is handled once, and every copy is acknowledged.
      const body = args.body as { event_id?: unknown } | undefined;
      const key =
        typeof body?.event_id === "string" ? `event:${body.event_id}` : `envelope:${args.envelope_id}`;
      if (this.#seen.has(key)) {
        this.#log.debug(
          { key, retry: args.retry_num },
          "Slack re-delivered an envelope already handled; acknowledged",
        );
        await ack();
        return;
      }
      this.#seen.add(key);
      const event: ReceiverEvent = {
        body: (args.body ?? {}) as ReceiverEvent["body"],
        ack,
        ...(args.retry_num !== undefined ? { retryNum: args.retry_num } : {}),
        ...(args.retry_reason !== undefined ? { retryReason: args.retry_reason } : {}),
        customProperties: {},
      };
      await this.#app?.processEvent(event);
    } catch (error) {
      this.#log.warn({ type: args.type, err: describe(error) }, "an event from Slack could not be handled");
      await ack();
    }
  }
}

interface SlackEventArgs {
  ack: (response?: Record<string, unknown>) => Promise<void>;
  envelope_id: string;
  type: string;
  body: unknown;
  retry_num?: number;
  retry_reason?: string;
}

/** An ack that is sent at most once and never throws (a dropped connection is logged). */
function safeAck(
  send: (response?: Record<string, unknown>) => Promise<void>,
  log: Logger,
  type: string,
): (response?: unknown) => Promise<void> {
  let sent = false;
  return async (response?: unknown) => {
    if (sent) return;
    sent = true;
    try {
      await send(response as Record<string, unknown> | undefined);
    } catch (error) {
      log.warn(
        { type, err: describe(error) },
        "could not acknowledge to Slack (the connection dropped); the answer still goes through response_url",
      );
    }
  };
}

export function describe(error: unknown): string {
  const e = error as
    | { data?: { error?: unknown }; message?: unknown; name?: unknown; cause?: unknown }
    | undefined;
  if (typeof e?.data?.error === "string") return e.data.error;
  const net = networkErrorCode(e) ?? networkErrorCode({ original: e?.cause });
  if (e?.message)
    return net && !String(e.message).includes(net) ? `${String(e.message)} (${net})` : String(e.message);
  if (e?.name === "SMWebsocketError") return `the WebSocket connection failed${net ? ` (${net})` : ""}`;
  return String(error);
}
