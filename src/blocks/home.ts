/** The App Home "Today": the day at a glance, each figure with a button that answers its list. */
import type { TodayOverview } from "../answers/today.ts";
import type { DateOrder } from "../config/date-order.ts";
import { HOME_HELP_ELSEWHERE, HOME_LISTS, homeMoreWords, todayDoc } from "../present/today.ts";
import { chartButton, custodyStock, homeList, prnGive } from "./buttons.ts";
import { docBlocks, docGroups } from "./doc.ts";
import { fitList } from "./form-room.ts";
import { helpBlocks } from "./help.ts";
import { context, esc, header, section } from "./mrkdwn.ts";
import type { Block } from "./types.ts";
import { sizeOf, VIEW_ROOM, within } from "./view-room.ts";

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
  const tail = context(HOME_LISTS);
  const help: Block[] = [{ type: "divider" }, ...helpBlocks(timezone, undefined, order)];
  const today = docBlocks(doc.parts);
  if (within(sizeOf([...today, tail, ...help]), VIEW_ROOM)) return [...today, tail, ...help];
  // Past a tab's 100 blocks or its 250 kB (names and care words of thousands of characters): the
  // commands' list gives way first (/kennel help has it), then whole parts of the day, the rest said,
  // never cut.
  const pointer = context(HOME_HELP_ELSEWHERE);
  if (within(sizeOf([...today, tail, pointer]), VIEW_ROOM)) return [...today, tail, pointer];
  const groups = docGroups(doc.parts);
  return [...fitList(groups, [tail, pointer], (n) => section(esc(homeMoreWords(n)))), tail, pointer];
}

/** What a guest sees on the Home tab: the refusal, no kennel data. */
export function homeRefusalBlocks(message: string): Block[] {
  return [header("Kennel Desk"), section(`🔒 ${esc(message)}`)];
}
