/** The evening post of tomorrow's charts in Block Kit, its 🖨 Chart button for that day. */

import type { ChartPost } from "../answers/chart-post.ts";
import { channelDoc } from "../present/channel-words.ts";
import { chartPostDoc } from "../present/chart-post.ts";
import { chartButton } from "./buttons.ts";
import { docMessages } from "./doc.ts";
import type { Message } from "./types.ts";

/** The post: one message, or as many as its pets need (nothing cut). */
export function chartPostMessages(c: ChartPost): Message[] {
  return docMessages(
    channelDoc(
      chartPostDoc(c, {
        action: { actionId: chartButton.actionId(), value: chartButton.encode({ d: c.date }) },
      }),
    ),
  );
}
