/** /inhouse: every pet staying, by room, with owner, going-home date and care flags. Channel-safe. */
import type { HouseEntry, HouseReport } from "../answers/house.ts";
import { bookingTypeText, statusText } from "../domain/bookings.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { dayOf } from "../words/dates.ts";
import { pagePlace } from "../words/day.ts";
import { houseSummaryParts, houseTitle, NO_CHECK_OUT, NO_ONE_IN_HOUSE } from "../words/house.ts";
import { offFoodWords } from "../words/off-food.ts";
import { housePage } from "./buttons.ts";
import { entryCareLines } from "./care.ts";
import { fitMessage } from "./fit.ts";
import { bold, button, clip, context, esc, fallback, header, section } from "./mrkdwn.ts";
import type { Block, Message } from "./types.ts";

function houseSummary(r: ChannelSafe<HouseReport>): string {
  return houseSummaryParts(r.totals)
    .map((p) => p.text)
    .join(" · ");
}

function houseEntryText(e: ChannelSafe<HouseEntry>, timezone: string, thisYear: string): string {
  const b = e.booking;
  const room = b.roomName ? `${bold(clip(b.roomName, 100))}` : "*no room*";
  const pets = b.petNames ? clip(b.petNames, 300) : "pets not recorded";
  const owner = b.customerName ? clip(b.customerName, 150) : "owner not recorded";
  const home = e.left
    ? `🏠 *${esc(statusText(b.status))}*`
    : e.goingHome
      ? "🏠 *going home that day*"
      : b.checkOutDate
        ? `home ${dayOf(b.checkOutDate, timezone, thisYear)}`
        : NO_CHECK_OUT;
  const type = bookingTypeText(b);
  const status = e.standing === "unknown_status" ? ` · _${clip(statusText(b.status), 60)}_` : "";
  const first = `${room} · ${pets} · ${owner} · ${home}${e.arriving ? " · 🛬 arrives that day" : ""}${status}${type && type !== "boarding" ? ` · _${clip(type, 40)}_` : ""}`;
  const care = entryCareLines(e.care);
  const food = (e.offFood ?? []).map((f) => `${offFoodWords(f)} (${clip(f.petName, 60)})`);
  return [first, care, ...food].filter(Boolean).join("\n");
}

export function houseMessages(r: ChannelSafe<HouseReport>, timezone: string, thisYear: string): Message[] {
  const title = houseTitle(r.date, r.totals.pets);
  const blocks: Block[] = [header(title)];
  if (r.totals.bookings === 0) {
    blocks.push(section(NO_ONE_IN_HOUSE));
    return [{ text: fallback(`${title}: none`), blocks }];
  }
  const place = pagePlace({ ...r, shown: r.entries.length, total: r.totals.bookings }, "stays");
  const pageWords = place ? ` · ${esc(place)}` : "";
  blocks.push(context(`${esc(houseSummary(r))}${pageWords}`));
  for (const e of r.entries) blocks.push(section(houseEntryText(e, timezone, thisYear)));
  if (r.pages > 1) {
    const buttons = [];
    if (r.page > 1)
      buttons.push(
        button("◀ Previous", housePage.actionId("prev"), housePage.encode({ d: r.date, p: r.page - 1 })),
      );
    if (r.page < r.pages)
      buttons.push(
        button(
          `Next ▶ (page ${r.page + 1} of ${r.pages})`,
          housePage.actionId("next"),
          housePage.encode({ d: r.date, p: r.page + 1 }),
        ),
      );
    blocks.push({ type: "actions", elements: buttons });
  }
  blocks.push(
    context(
      [
        r.houseNote ? `❔ ${esc(r.houseNote)}` : "",
        r.careProblem ? `❔ ${esc(r.careProblem)}` : "",
        `request id ${esc(r.requestId)}`,
      ]
        .filter(Boolean)
        .join(" · "),
    ),
  );
  return [fitMessage({ text: fallback(`${title}: ${houseSummary(r)}`), blocks })];
}
