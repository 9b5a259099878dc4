/**
 * Socket Mode that stays connected: a Bolt receiver over Slack's Socket Mode client, with our own
 * reconnection. Each connection is a fresh client with its own reconnection turned off; when it
 * closes, errors, stops answering pings, or Slack asks for a new one (`disconnect`), this receiver
 * opens another through apps.connections.open, at once and then with backoff, for as long as it
 * takes. A refused token or Socket Mode turned off (`link_disabled`) is not retried: `onFatal` says
 * what to do. Nothing is thrown out of the process: an ack attempted while disconnected is logged.
 */
import type { App, Receiver, webApi } from "@slack/bolt";
import { SocketModeClient } from "@slack/socket-mode";
import { boltLogger } from "../bolt-logger.ts";
import type { Logger } from "../log.ts";
import { defaultBackoff } from "./backoff.ts";
import type { SlackConnection } from "./connection.ts";
import { Seen } from "./seen.ts";
import { eventDispatcher, type SlackEventArgs } from "./socket-events.ts";
import {
  describeSlackError,
  isPermanentRefusal,
  linkDisabled,
  type SlackStartError,
  slackStartError,
} from "./start-problem.ts";

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
  readonly #dispatch: (args: SlackEventArgs) => Promise<void>;
  #app: App | undefined;
  #client: SocketModeClient | undefined;
  #stopping = false;
  #wake: (() => void) | undefined;
  #loop: Promise<void> | undefined;

  constructor(settings: SocketModeSettings) {
    this.#s = settings;
    this.#log = settings.log.child({ component: "socket-mode" });
    this.#dispatch = eventDispatcher(() => this.#app, new Seen(2_000), this.#log);
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
        this.#s.connection.attemptFailed(describeSlackError(error), wait);
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
        lastError = describeSlackError(error);
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
      this.#log.debug({ err: describeSlackError(error) }, "cleaning up an old connection failed");
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
}
