/**
 * The evening post of tomorrow's medication charts (issue 50, `CHART_POST_AT`): the paper fallback
 * prepared the evening before, in the rounds channel, with the 🖨 Chart button for tomorrow. One
 * document; Block Kit draws it (src/blocks/chart-post.ts), the terminal prints it
 * (`kennel-desk digest --content chart --dry-run`).
 */
import type { ChartPost } from "../answers/chart-post.ts";
import { chartPostWords } from "../words/chart.ts";
import { type Action, type Doc, line, strong, toned } from "./doc.ts";

export function chartPostDoc(c: ChartPost, o: { action?: Omit<Action, "text"> } = {}): Doc {
  const w = chartPostWords(c.date, c.pets);
  const notes = [
    ...c.problems.map((p) => line(toned("warn", `⚠️ ${p}`))),
    ...(c.requestId ? [line(toned("muted", `request id ${c.requestId}`))] : []),
  ];
  return {
    fallback: w.title,
    parts: [
      { kind: "text", lines: [line(strong(w.title)), ...w.lines.map((l) => line(l))] },
      ...(o.action && c.pets > 0
        ? [{ kind: "actions" as const, actions: [{ text: "🖨 Chart", ...o.action }] }]
        : []),
      ...(notes.length ? [{ kind: "note" as const, lines: notes }] : []),
    ],
  };
}
