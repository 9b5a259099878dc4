/** The App Home "Today": the day at a glance, each figure with a button that answers its list. */
import type { TodayOverview } from "../answers/today.ts";
import type { DateOrder } from "../config/date-order.ts";
import { todayDoc } from "../present/today.ts";
import { chartButton, custodyStock, homeList, prnGive } from "./buttons.ts";
import { docBlocks } from "./doc.ts";
import { helpBlocks } from "./help.ts";
import { context, esc, header, section } from "./mrkdwn.ts";
import type { Block } from "./types.ts";

export function homeBlocks(t: TodayOverview, timezone: string, order?: DateOrder): Block[] {
  const doc = todayDoc(t, {
    listAction: (l) => ({ actionId: homeList.actionId(l), value: homeList.encode({ l }) }),
    timezone,
    giveAction: (p) => ({
      actionId: prnGive.actionId(`${p.bookingId}-${p.petId}`),
      value: prnGive.encode({ b: p.bookingId, p: p.petId }),
    }),
    stockAction: () => ({ actionId: custodyStock.actionId(), value: custodyStock.encode({}) }),
    chartAction: () => ({ actionId: chartButton.actionId(), value: chartButton.encode({}) }),
  });
  const blocks: Block[] = [
    ...docBlocks(doc.parts),
    context("Lists open in a message only you can see. Refreshed each time you open this tab."),
    { type: "divider" },
    ...helpBlocks(timezone, undefined, order),
  ];
  return blocks.slice(0, 100);
}

/** What a guest sees on the Home tab: the refusal, no kennel data. */
export function homeRefusalBlocks(message: string): Block[] {
  return [header("Kennel Desk"), section(`🔒 ${esc(message)}`)];
}
