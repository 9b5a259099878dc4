/** /kennel status: the kennel API's state in words, with what to do, and what is cached. */
import type { StatusAnswer } from "../answers/kennel.ts";
import { context, esc, fallback, header, section } from "./mrkdwn.ts";
import type { Message } from "./types.ts";

export function statusMessage(s: StatusAnswer): Message {
  const { words, report } = s;
  const icon = words.ok
    ? "✅"
    : words.state === "unreachable"
      ? "🔌"
      : words.state === "key_rejected"
        ? "🔑"
        : "🧭";
  const lines = [`${icon} *${esc(words.headline)}*`];
  if (words.detail) lines.push(esc(words.detail));
  if (!words.ok) lines.push(`*What to do:* ${esc(words.action)}`);
  if (s.slack) lines.push(`💬 Slack: ${esc(s.slack)}`);
  if (s.channels) lines.push(`👥 Who can read the posts: ${esc(s.channels)}`);
  if (s.cache) lines.push(`🗄 ${esc(s.cache)}`);
  return {
    text: fallback(`${words.ok ? "OK" : "Not OK"}: ${words.headline}`),
    blocks: [
      header("Kennel API status"),
      section(lines.join("\n")),
      context(
        `${esc(report.baseUrl)} · answered in ${report.durationMs} ms${report.requestId ? ` · request id ${esc(report.requestId)}` : ""}`,
      ),
    ],
  };
}
