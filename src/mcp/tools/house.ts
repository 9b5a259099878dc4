/**
 * list_in_house: who is in house on a day, over the same answer as Slack's /inhouse
 * (src/answers/house.ts), drawn by the same plain-text renderer as the terminal. What the channel
 * sees and no more: the structured content has every contact field taken out (phone, email, address,
 * emergency contact), as in a channel post. A round's sheet (get_round): src/mcp/tools/round.ts.
 */
import { houseReport, pageOfHouse } from "../../answers/house.ts";
import type { Deps } from "../../deps.ts";
import { channelSafeAnswer } from "../../domain/privacy.ts";
import { houseDoc } from "../../present/house.ts";
import { day, textPage } from "../inputs.ts";
import { dayListWords, dayPageAnswer } from "../lists.ts";
import { addTool, answer, type ToolServer, textOptions, today } from "../tool.ts";
import { withYear } from "../years.ts";

const CHANNEL_SAFE =
  "Results carry customer names and pets' care, never contact details (phone, email, address): what Slack shows in a channel.";

const housePage = textPage(
  "One-based page of the board in the text, paged as Slack pages /inhouse. Default 1. The structured content always carries every stay of the day.",
);

export function register(server: ToolServer, deps: Deps): void {
  addTool(
    server,
    deps,
    {
      name: "list_in_house",
      title: "List who is in house",
      description:
        `Every pet staying on a day (in the kennel's time zone, ${deps.config.timezone}), by room, exactly as Slack's /inhouse: ` +
        "owner, going-home date, arriving that day, and each pet's care (medication by name, allergies, not evaluated, special diet, notes, each note that carries danger in full); " +
        "a stay still checked in past its check-out is listed (pastCheckOut: still here?), one checked out says when (checkedOutAt); pets off their food are flagged (offFood) when the care record can be read; " +
        "care that could not be matched to the customer's pet records says so (care status not_matched). " +
        "Totals count the whole day (pets, rooms, going home, arriving, care not matched or not loaded); " +
        "a stay whose check-in date could not be read is in pets (listed, and named in houseNote) but never in arriving: its pets are totals.checkInNotRead. " +
        "The text shows one page of a long day (ask for the next with page); the structured content carries every stay, with textPage saying which page the text shows. " +
        CHANNEL_SAFE,
      inputSchema: { date: day(deps), page: housePage },
      card: true,
    },
    async (a) => {
      const date = a.date ?? today(deps);
      const whole = await houseReport(deps, date, { wholeDay: true });
      const asked = a.page ?? 1;
      const o = textOptions(deps);
      const { doc, text, data } = dayPageAnswer(
        {
          whole,
          shown: pageOfHouse(whole, asked),
          asked,
          of: dayListWords("in-house board", date, today(deps), o.thisYear),
        },
        (r) => withYear(houseDoc(r, o), date, o.thisYear),
        o,
      );
      return answer(text, channelSafeAnswer({ ...whole, ...data }) as object, doc);
    },
  );
}
