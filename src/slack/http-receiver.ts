/**
 * Slack's requests over HTTP, each body parsed once (issue 48): the bot's server reads and parses
 * the body as it checks it (src/slack/http-server.ts), and this receiver verifies Slack's signature
 * on the same bytes and gives Bolt the body already parsed; Bolt's own HTTPReceiver parsed it twice
 * more (a burst of taps is parse-bound). The rest as Bolt's HTTPReceiver does it, with Bolt's own
 * pieces: ssl_check, url_verification, a request not signed by Slack answered 401, the ack (a
 * listener that has not acknowledged within 3 s is answered by Bolt's default), the retry headers.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  type AckFn,
  type App,
  HTTPModuleFunctions as bolt,
  type Logger,
  type Receiver,
  type ReceiverEvent,
  verifySlackRequest,
} from "@slack/bolt";
import { arrival } from "./arrival.ts";

/** How long a listener has to acknowledge (Slack's 3 s, as Bolt's HTTPReceiver). */
const ACK_MS = 3001;

export class SlackHttpReceiver implements Receiver {
  readonly #signingSecret: string;
  readonly #logger: Logger;
  #app: App | undefined;

  constructor(o: { signingSecret: string; logger: Logger }) {
    this.#signingSecret = o.signingSecret;
    this.#logger = o.logger;
  }

  init(app: App): void {
    this.#app = app;
  }

  /** The bot's own server listens (src/slack/http-server.ts): nothing to start or stop here. */
  async start(): Promise<void> {}
  async stop(): Promise<void> {}

  /**
   * One request to /slack/events: its raw body (for the signature) and that body parsed, once, and
   * when it arrived (`performance.now()` as the server got it; the listeners' ack deadline counts from it).
   */
  handle(
    req: IncomingMessage,
    res: ServerResponse,
    raw: Buffer,
    body: Record<string, unknown>,
    arrivedAt = performance.now(),
  ): void {
    // Slack's SSL check is not signed, and carries nothing else (anything else in it is dropped).
    if (req.headers["content-type"] === "application/x-www-form-urlencoded" && body.ssl_check === "1") {
      bolt.buildSSLCheckResponse(res);
      return;
    }
    try {
      verifySlackRequest({
        signingSecret: this.#signingSecret,
        body: raw.toString("utf8"),
        headers: {
          "x-slack-signature": String(req.headers["x-slack-signature"] ?? ""),
          "x-slack-request-timestamp": Number(req.headers["x-slack-request-timestamp"]),
        },
        logger: this.#logger,
      });
    } catch (error) {
      this.#logger.warn(`Failed to parse and verify the request data: ${(error as Error).message}`);
      bolt.buildNoBodyResponse(res, 401);
      return;
    }
    if (body.type === "url_verification") bolt.buildUrlVerificationResponse(res, body);
    else void this.#process(req, res, body, arrivedAt);
  }

  async #process(
    req: IncomingMessage,
    res: ServerResponse,
    body: Record<string, unknown>,
    arrivedAt: number,
  ): Promise<void> {
    let acked = false;
    const timer = setTimeout(() => {
      if (!acked) bolt.defaultUnhandledRequestHandler({ logger: this.#logger, request: req, response: res });
    }, ACK_MS);
    const ack: AckFn<unknown> = async (response) => {
      if (acked) throw new Error("ack() was called more than once for one request");
      acked = true;
      clearTimeout(timer);
      bolt.buildContentResponse(res, response);
    };
    const event: ReceiverEvent = {
      body,
      ack,
      retryNum: bolt.extractRetryNumFromHTTPRequest(req),
      retryReason: bolt.extractRetryReasonFromHTTPRequest(req),
      customProperties: arrival(arrivedAt),
    };
    try {
      await this.#app?.processEvent(event);
    } catch (error) {
      const handled = await bolt.defaultProcessEventErrorHandler({
        error: error as Error,
        logger: this.#logger,
        request: req,
        response: res,
        storedResponse: undefined,
      });
      if (handled) {
        acked = true;
        clearTimeout(timer);
      }
    }
  }
}
