/**
 * The record at work on the day's surfaces, end to end on both engines (the real bot over HTTP, the
 * Slack stand-in, the sandbox): a pet that ate none, then some, is flagged "🍽 off food: 2 meals" on
 * /inhouse, on the evening round's sheet and on the Home tab ("2 pets off their food", a button
 * listing them); the Home tab shows "This round: N of M recorded" with a button answering the sheet.
 */
import { describe, expect, it } from "vitest";
import { roundReport } from "../../src/answers/rounds.ts";
import { composePost } from "../../src/digest/compose.ts";
import { dueOf } from "../../src/domain/record.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Harness, homeOpened, SIGNING_SECRET, useHarnessOn } from "../helpers/bot.ts";
import { actionForm, commandForm, postSigned, type Recorded } from "../helpers/slack.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const clock = { now: () => new Date("2026-11-22T17:30:00Z") }; // the evening round is the one now
const engines = useStoreEngines(clock);
const isFinal = (r: Recorded) => !String(r.body.text ?? "").includes("Looking up");

describe.each(engines)("off food and this round on the Home tab ($name)", ({ open, skip }) => {
  let h: Harness;
  let store: CareRecordStore;
  /** The two pets put off their food, and the one recorded in full this round. */
  const off: string[] = [];
  let pets = 0;

  useHarnessOn(
    { open, skip },
    () => ({
      clock,
      env: { ROUNDS_CHANNEL: "C0ROUNDS", DIGEST_SCHEDULE: "off" },
    }),
    async (started) => {
      ({ h, store } = started);
      const deps = { kennel: h.bot.deps.kennel, log: h.bot.deps.log, config: h.config, clock, record: store };
      const report = await roundReport(deps, "evening", "2026-11-22");
      const fed = report.pets.filter((p) => p.sheet && p.pet?.pet.petId !== undefined && dueOf(p).length > 0);
      pets = fed.length;
      let n = 0;
      for (const p of fed.slice(0, 3)) {
        const base = {
          date: "2026-11-22",
          bookingId: p.booking.bookingId as number,
          petId: p.pet?.pet.petId as number,
          petName: p.pet?.pet.name ?? "pet",
          item: "meal" as const,
          itemText: "dry food",
          userId: "U0JANE",
          userName: "Jane",
        };
        if (n < 2) {
          // Ate none at breakfast, some at lunch: off its food at the evening round.
          await store.record([{ ...base, round: "morning", outcome: "ate_none", requestKey: `m${n}` }]);
          await store.record([{ ...base, round: "midday", outcome: "ate_some", requestKey: `d${n}` }]);
          off.push(base.petName);
        } else {
          // One that ate none at lunch only (not flagged), and is recorded in full this evening.
          await store.record([{ ...base, round: "midday", outcome: "ate_none", requestKey: `d${n}` }]);
          await store.record(
            dueOf(p).map((d) => ({
              ...base,
              round: "evening" as const,
              item: d.item,
              itemText: d.text,
              outcome: d.item === "meal" ? ("ate_all" as const) : ("given" as const),
              requestKey: `e${n}`,
            })),
          );
        }
        n++;
      }
      expect(off).toHaveLength(2);
    },
  );

  async function command(name: string, text: string) {
    const { form, id } = commandForm(h.slack, { command: name, text, channel: "C0ROUNDS" });
    await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
    await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal), 20_000);
    return JSON.stringify(
      h.slack
        .responsesFor(id)
        .filter(isFinal)
        .map((r) => r.body),
    );
  }

  it.skipIf(skip)("/inhouse and the evening round's sheet flag the two pets, and only them", async () => {
    // /inhouse pages its board: every page read.
    let all = "";
    for (let page = 1; page <= 10; page++) {
      const text = await command("/inhouse", page === 1 ? "today" : `today page ${page}`);
      all += text;
      if (!text.includes("Next ▶")) break;
    }
    for (const name of off) expect(all).toContain(`🍽 off food: 2 meals (${name})`);
    expect(all.match(/🍽 off food/g)).toHaveLength(2);
    const post = await composePost(h.bot.deps, "rounds:evening", "2026-11-22");
    const sheet = JSON.stringify([post.parent, ...post.replies]);
    expect(sheet.match(/\*🍽 off food: 2 meals\*/g)).toHaveLength(2);
    // The morning sheet is before both meals: no flag.
    const morning = await composePost(h.bot.deps, "rounds:morning", "2026-11-22");
    expect(JSON.stringify([morning.parent, ...morning.replies])).not.toContain("off food");
  });

  it.skipIf(skip)(
    "the Home tab: this round's progress and the pets off their food, each with its list",
    async () => {
      const view = await homeOpened(h, `EvHome${Date.now()}`);
      expect(view).toContain(`This round (evening):* 1 of ${pets} pets recorded`);
      expect(view).toContain("🍽 2 pets off their food");
      const { form, id } = actionForm(h.slack, {
        action_id: "home_list:offfood",
        value: JSON.stringify({ l: "offfood" }),
      });
      await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
      await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal), 15_000);
      const answer = h.slack.responsesFor(id).find(isFinal)?.body;
      expect(answer?.response_type).toBe("ephemeral");
      for (const name of off)
        expect(JSON.stringify(answer)).toMatch(
          new RegExp(`${name}: 🍽 off food: 2 meals, the last at the midday round of Sun 22 Nov`),
        );
    },
  );
});
