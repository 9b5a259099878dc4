/** The evening post of tomorrow's charts in Block Kit, its 🖨 Chart button for that day. */
import type { ChartPost } from "../answers/chart-post.ts";
import { chartPostDoc } from "../present/chart-post.ts";
import { chartButton } from "./buttons.ts";
import { docMessage } from "./doc.ts";
import type { Message } from "./types.ts";

export function chartPostMessage(c: ChartPost): Message {
  return docMessage(
    chartPostDoc(c, {
      action: { actionId: chartButton.actionId(), value: chartButton.encode({ d: c.date }) },
    }),
  );
}
