/**
 * Slack's stand-in for the care record's benchmark (bench/record-slack.ts), in its own process: the
 * project's Slack stand-in (src/preview/slack-standin.ts) behind an HTTP server that answers each
 * Web API call after a set delay (Slack's round trip, BENCH_SLACK_RTT_MS, default 100 ms). It stamps
 * every chat.update as it arrives, with the pets whose record the updated message shows, so the
 * parent can time a tap to the message updated. Over IPC: "ready" (its address), "messages" (the
 * round messages with record buttons, or those holding `contains`: the welfare posts'), "target" (a response_url's message), "updates",
 * "asked" (the trigger ids of the modals that ask before recording: a pet not yet arrived, a round
 * more than an hour away), "stop".
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseSlackBody, readBody } from "../../src/preview/slack-http.ts";
import { createSlackStandIn } from "../../src/preview/slack-standin.ts";

const RTT_MS = Number(process.env.BENCH_SLACK_RTT_MS ?? 100);
const stand = createSlackStandIn({});
for (let i = 0; i < 100; i++) stand.users.set(`U0STAFF${i}`, { id: `U0STAFF${i}` });

interface Update {
  at: number;
  channel: string;
  ts: string;
  /** "bookingId:petId" of every pet whose section shows a record line (✅ or ⚠️ with a time). */
  recorded: string[];
}
const updates: Update[] = [];
const now = () => performance.timeOrigin + performance.now();

function recordedPets(blocks: unknown): string[] {
  const out: string[] = [];
  for (const b of (Array.isArray(blocks) ? blocks : []) as Array<{
    block_id?: string;
    text?: { text?: string };
  }>) {
    const m = /^kd_pet:(\d+):(\d+):/.exec(b.block_id ?? "");
    if (m && /✅ \d\d:\d\d/.test(b.text?.text ?? "")) out.push(`${m[1]}:${m[2]}`);
    // A welfare post's pet (bench/welfare-slack.ts): checked once its line says so.
    const w = /^kd_wf:(\d+):(\d+)$/.exec(b.block_id ?? "");
    if (w && /✅ all normal/.test(b.text?.text ?? "")) out.push(`${w[1]}:${w[2]}`);
  }
  return out;
}

const server = createServer((req, res) => {
  void (async () => {
    let body: Record<string, unknown>;
    try {
      body = parseSlackBody(await readBody(req), req.headers["content-type"]);
    } catch {
      res.writeHead(400, { "content-type": "application/json" });
      return res.end(JSON.stringify({ ok: false, error: "invalid_json" }));
    }
    await new Promise((r) => setTimeout(r, RTT_MS));
    const url = req.url ?? "/";
    const answer = stand.handle(url, body, req.headers.authorization);
    if (url.endsWith("/chat.update") && (answer.payload as { ok?: boolean }).ok) {
      const blocks = typeof body.blocks === "string" ? JSON.parse(body.blocks) : body.blocks;
      updates.push({
        at: now(),
        channel: String(body.channel),
        ts: String(body.ts),
        recorded: recordedPets(blocks),
      });
    }
    res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
    res.end(JSON.stringify(answer.payload));
  })();
});
await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
stand.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
stand.apiUrl = `${stand.base}/api/`;
process.send?.({ type: "ready", base: stand.base, rttMs: RTT_MS });

process.on("message", (m: { type?: string; [k: string]: unknown }) => {
  if (m?.type === "messages") {
    // The messages carrying a kind of button: the round posts' by default, or `contains`'s.
    const marker = typeof m.contains === "string" ? m.contains : '"rec_all:';
    const round = stand.timeline.filter(
      (e) => !e.ephemeral && JSON.stringify(e.blocks ?? []).includes(marker),
    );
    process.send?.({
      type: "messages",
      messages: round.map((e) => ({
        id: e.id,
        ts: e.ts,
        channel: e.channel,
        thread_ts: e.thread_ts,
        text: e.text,
        blocks: e.blocks,
      })),
      total: stand.timeline.length,
    });
  } else if (m?.type === "target") {
    stand.responseTarget(String(m.id), {
      channel: String(m.channel),
      user: String(m.user),
      entryId: Number(m.entryId),
    });
    process.send?.({ type: "target" });
  } else if (m?.type === "last") {
    process.send?.({
      type: "last",
      last: stand.timeline.slice(-5).map((e) => ({ via: e.via, ephemeral: e.ephemeral, text: e.text })),
      api: stand.api.slice(-8).map((a) => ({ path: a.path, ok: (a as { ok?: unknown }).ok })),
    });
  } else if (m?.type === "asked") {
    // A tap that asks first opens a modal with the ask's words (src/words/record.ts, earlyWords) and
    // writes nothing until confirmed: the parent counts it apart from a tap lost.
    const asked = stand.api
      .filter((a) => a.path.endsWith("/views.open"))
      .filter((a) => /record anyway\?|record it now\?/.test(JSON.stringify(a.body.view ?? "")))
      .map((a) => String(a.body.trigger_id));
    process.send?.({ type: "asked", asked });
  } else if (m?.type === "updates") {
    process.send?.({ type: "updates", updates });
  } else if (m?.type === "stop") {
    server.close();
    process.exit(0);
  }
});
