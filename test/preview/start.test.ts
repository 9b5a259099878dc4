/**
 * A quiet start of the preview: nothing said before the banner but what the person must act on (not
 * a note about the sandbox's deliberately awkward pet, nor the stand-in's rate limit waited out);
 * the page answers when the preview is ready (the banner's moment), not seconds before; and the
 * bot's own server (the stand-in's requests, its /healthz) listens on 127.0.0.1 only.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../src/log.ts";
import { type Preview, startPreview } from "../../src/preview/server.ts";
import { freePort } from "../helpers/net.ts";

let preview: Preview;
const lines: Array<{ level: string; msg: string }> = [];
let port = 0;
/** When the page first answered, and when the preview said it was ready. */
let firstAnswerAt = Number.POSITIVE_INFINITY;
let readyAt = Number.POSITIVE_INFINITY;

beforeAll(async () => {
  port = await freePort();
  // As npm start makes it for the preview: notes and errors only.
  const log = createLogger({
    level: "warn",
    pretty: false,
    destination: { write: (s: string) => lines.push(JSON.parse(s)) },
  });
  const starting = startPreview({ port, timezone: "Europe/London", log, customers: 120, seed: 3 }).then(
    (p) => {
      readyAt = performance.now();
      return p;
    },
  );
  // The page asked for all along, as a person who opened it early would.
  let asking = true;
  const ask = async () => {
    while (asking) {
      const answered = await fetch(`http://127.0.0.1:${port}/`).then(
        async (r) => {
          await r.text();
          return r.ok;
        },
        () => false,
      );
      if (answered) {
        firstAnswerAt = Math.min(firstAnswerAt, performance.now());
        return;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const asked = ask();
  preview = await starting;
  await asked;
  asking = false;
}, 90_000);
afterAll(async () => {
  await preview?.close();
});

/** The local addresses listening on a TCP port (Linux: /proc/net/tcp and tcp6), as hex. */
function listeningOn(p: number): string[] {
  const hex = p.toString(16).toUpperCase().padStart(4, "0");
  return ["/proc/net/tcp", "/proc/net/tcp6"].flatMap((file) => {
    let text = "";
    try {
      text = readFileSync(file, "utf8");
    } catch {
      return [];
    }
    return text
      .split("\n")
      .slice(1)
      .map((l) => l.trim().split(/\s+/))
      .filter((cols) => cols[1]?.endsWith(`:${hex}`) && cols[3] === "0A")
      .map((cols) => (cols[1] as string).split(":")[0] as string);
  });
}

describe("the preview's start", () => {
  it("logs no note and no error on its way up (the sandbox's awkward pet, the stand-in's rate limit)", () => {
    expect(lines.filter((l) => l.level === "warn" || l.level === "error" || l.level === "fatal")).toEqual([]);
  });

  it("the page first answers when the preview is ready, not before", () => {
    expect(Number.isFinite(firstAnswerAt)).toBe(true);
    expect(firstAnswerAt).toBeGreaterThanOrEqual(readyAt);
  });

  it("the bot's own server listens on 127.0.0.1 only", () => {
    const botPort = Number(new URL(preview.botUrl).port);
    expect(botPort).toBeGreaterThan(0);
    // 127.0.0.1 as /proc/net/tcp writes it; every interface would be 00000000 (or :: in tcp6).
    expect(listeningOn(botPort)).toEqual(["0100007F"]);
  });
});
