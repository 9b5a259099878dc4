/** /inhouse in Slack: the in-house document (src/present/house.ts) as its messages (one a page, unless its care passes one). Channel-safe. */

import type { HouseReport } from "../answers/house.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { channelDoc } from "../present/channel-words.ts";
import { houseDoc } from "../present/house.ts";
import { housePage } from "./buttons.ts";
import { docMessages } from "./doc.ts";
import type { Message } from "./types.ts";

export function houseMessages(r: ChannelSafe<HouseReport>, timezone: string, thisYear: string): Message[] {
  const doc = houseDoc(r, {
    timezone,
    thisYear,
    pageAction: (p, direction) => ({
      actionId: housePage.actionId(direction),
      value: housePage.encode({ d: r.date, p }),
    }),
  });
  return docMessages(channelDoc(doc));
}
