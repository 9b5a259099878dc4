/**
 * list_in_house and get_round: the care day, over the same answers as Slack's /inhouse and /rounds
 * (src/answers/house.ts, rounds.ts), drawn by the same plain-text renderer as the terminal. What the
 * channel sees and no more: the structured content has every contact field taken out (phone, email,
 * address, emergency contact), as in a channel post. Read-only.
 */
import { houseReport, pageOfHouse } from "../../answers/house.ts";
import { currentRound, roundReport } from "../../answers/rounds.ts";
import type { Deps } from "../../deps.ts";
import { channelSafeAnswer } from "../../domain/privacy.ts";
import { roundNamed } from "../../domain/round-names.ts";
import { houseDoc } from "../../present/house.ts";
import { roundDoc } from "../../present/rounds.ts";
import { docText } from "../../text/doc.ts";
import { day, roundInput, textPage } from "../inputs.ts";
import { dayPageLine } from "../lists.ts";
import { addTool, answer, type ToolServer, textOptions, today } from "../tool.ts";

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
        "Totals count the whole day (pets, rooms, going home, arriving, care not matched or not loaded). " +
        "The text shows one page of a long day (ask for the next with page); the structured content carries every stay, with textPage saying which page the text shows. " +
        CHANNEL_SAFE,
      inputSchema: { date: day, page: housePage },
      card: true,
    },
    async (a) => {
      const whole = await houseReport(deps, a.date ?? today(deps), { wholeDay: true });
      const shown = pageOfHouse(whole, a.page ?? 1);
      const o = textOptions(deps);
      const doc = houseDoc(shown, o);
      const text = [docText(doc, o), dayPageLine(shown)].filter(Boolean).join("\n");
      const textPage = { page: shown.page, pages: shown.pages, from: shown.from };
      return answer(text, channelSafeAnswer({ ...whole, textPage }) as object, doc);
    },
  );

  addTool(
    server,
    deps,
    {
      name: "get_round",
      title: "Get a feeding and medication round",
      description:
        "A round's feeding and medication sheet, exactly as Slack's /rounds and the round posts: every pet in house at the round's time, by room, " +
        "with the round's diet and the general diet, each medication as the round's sheet shows it (the instruction is never given a time of day the API did not state), allergies, the notes that carry danger and those on feeding, and a pet off its food (offFood, from the care record when it can be read); " +
        "a stay still checked in past its check-out is on the sheet (pastCheckOut: still here?); " +
        "a booking whose pets could not be matched or loaded is one row that says so. Pets gone home before the round or arriving after it are counted, not listed. " +
        `The structured content carries every pet on the sheet. ${CHANNEL_SAFE}`,
      inputSchema: { round: roundInput(deps.config.rounds.names), date: day },
      card: true,
    },
    async (a) => {
      const round = roundNamed(a.round, deps.config.rounds.names) ?? currentRound(deps);
      const report = await roundReport(deps, round, a.date ?? today(deps));
      const doc = roundDoc(report);
      return answer(docText(doc, textOptions(deps)), channelSafeAnswer(report) as object, doc);
    },
  );
}
