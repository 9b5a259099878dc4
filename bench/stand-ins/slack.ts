/**
 * Slack's stand-in for the benchmark, in its own process (started by bench/bot.ts with an IPC
 * channel): the Web API (POST /api/<method>; users.info says every user is a full member) and the
 * response_url endpoints (POST /respond/<id>). It stamps each answer when it arrives and tells the
 * harness at once: {type:"answer", id, at, final, error}. `final` is false for the "Looking up…"
 * placeholder; `error` is true when the answer reads as a failure.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

const now = () => performance.timeOrigin + performance.now();
let webApiCalls = 0;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const at = now();
    const path = req.url ?? "/";
    const raw = Buffer.concat(chunks).toString("utf8");
    const send = (payload: unknown) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(payload));
    };
    if (path.startsWith("/respond/")) {
      const id = path.slice("/respond/".length);
      let text = raw;
      try {
        const body = JSON.parse(raw) as { text?: string; delete_original?: boolean };
        if (body.delete_original) return send({ ok: true });
        text = `${body.text ?? ""} ${raw}`;
      } catch {
        // not JSON: keep the raw text
      }
      const final = !/Looking up/.test(text);
      const error = final && /quote it to support|\(incident [0-9a-f]+|🔒/.test(text);
      process.send?.({ type: "answer", id, at, final, error });
      return send({ ok: true });
    }
    if (path.startsWith("/api/")) {
      webApiCalls++;
      const method = path.slice("/api/".length).split("?")[0] ?? "";
      const form = req.headers["content-type"]?.includes("json")
        ? (JSON.parse(raw || "{}") as Record<string, string>)
        : Object.fromEntries(new URLSearchParams(raw));
      switch (method) {
        case "auth.test":
          return send({ ok: true, user_id: "UBOT", bot_id: "BBOT", team_id: "T1", user: "kennel-desk" });
        case "users.info":
          return send({
            ok: true,
            user: { id: form.user, team_id: "T1", is_restricted: false, is_ultra_restricted: false },
          });
        case "chat.postMessage":
          return send({ ok: true, channel: form.channel, ts: `${Math.floor(Date.now() / 1000)}.000100` });
        case "conversations.history":
          return send({ ok: true, messages: [], has_more: false });
        default:
          return send({ ok: true });
      }
    }
    res.writeHead(404).end();
  });
});
server.keepAliveTimeout = 60_000;

server.listen(0, "127.0.0.1", () => {
  const { port } = server.address() as AddressInfo;
  process.send?.({ type: "ready", base: `http://127.0.0.1:${port}` });
});
process.on("message", (m: { type: string }) => {
  if (m.type === "count") process.send?.({ type: "count", webApiCalls });
  if (m.type === "stop") {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
process.on("disconnect", () => process.exit(0));
