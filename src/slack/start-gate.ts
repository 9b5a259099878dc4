/**
 * Where Slack's requests wait while the bot starts (src/app.ts): the port is bound while Slack
 * checks the bot token, so the health checks answer at once, but a request from Slack is handled
 * only once the token is checked and today's sheets are read (`open`), or is answered 503 when the
 * start fails (`refuse`: the process is stopping). Once open, a request passes at once, with no
 * promise in its way.
 */
import type { ServerResponse } from "node:http";

type Waiting = { pass: () => void; refused: () => void };

export class StartGate {
  #state: "waiting" | "open" | "refused" = "waiting";
  #waiting: Waiting[] = [];

  /** Runs `pass` once the gate is open (at once if it is), else `refused` if the start failed. */
  through(pass: () => void, refused: () => void): void {
    if (this.#state === "open") pass();
    else if (this.#state === "refused") refused();
    else this.#waiting.push({ pass, refused });
  }

  open(): void {
    this.#state = "open";
    for (const w of this.#waiting.splice(0)) w.pass();
  }

  refuse(): void {
    this.#state = "refused";
    for (const w of this.#waiting.splice(0)) w.refused();
  }
}

/** A request from Slack that came while a start failed: 503 (Slack retries it; the process is stopping). */
export function refuseWhileStarting(res: ServerResponse): void {
  if (res.headersSent) return;
  res.writeHead(503, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" });
  res.end(JSON.stringify({ ok: false, error: "starting_failed" }));
}
