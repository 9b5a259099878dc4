/**
 * The rarer taps and forms (src/listeners/actions/rare.ts) are loaded by the first event that may be
 * theirs, through the real Bolt app: that first event is answered by its own listener, and two such
 * events arriving together before anything was loaded are both answered, each once.
 */
import { describe, expect, it } from "vitest";
import { mayBeRare } from "../../src/listeners/actions/index.ts";
import { type Harness, SIGNING_SECRET } from "../helpers/bot.ts";
import { roundsBot } from "../helpers/paper.ts";
import { buttonValue, postSigned, tapBody } from "../helpers/slack.ts";

const DATE = "2026-11-22";
const clock = { now: () => new Date(`${DATE}T07:40:00Z`) };
const CHANNEL = "C0ROUNDS";
let h: Harness;
roundsBot(clock, "kennel-desk-rare-", (started) => {
  h = started;
});

/** A tap on the round post's "🖨 Chart" by `user`. */
function tapChart(user: string, n: number) {
  const post = h.slack.messages.find((m) => m.channel === CHANNEL && buttonValue(m.blocks, "day_chart"));
  const body = tapBody({
    user,
    trigger: `trare${n}`,
    on: { message: post as NonNullable<typeof post>, channelName: "rounds" },
    action: {
      action_id: "day_chart",
      block_id: "b",
      value: buttonValue(post?.blocks, "day_chart") as string,
      action_ts: `17641100${n}.0001`,
    },
  });
  return postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(body) });
}

describe("the rarer taps and forms, loaded at their first event", () => {
  it("two people's first taps on 🖨 Chart, together, before any was loaded: each acknowledged and answered with its chart", async () => {
    expect((await h.bot.digest?.runPost("rounds:morning", DATE))?.result).toBe("posted");
    h.slack.users.set("U0STAFF2", { id: "U0STAFF2" });
    const [a, b] = await Promise.all([tapChart("U0STAFF", 1), tapChart("U0STAFF2", 2)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const files = () => [...h.slack.files.values()].filter((f) => f.completed);
    await h.slack.waitFor(() => files().length === 2, 30_000);
    expect(
      files()
        .map((f) => f.channel)
        .sort(),
    ).toEqual(["DU0STAFF", "DU0STAFF2"]);
    expect(files().every((f) => f.filename === `chart-${DATE}.html`)).toBe(true);
  }, 60_000);
});

describe("which events may be for them", () => {
  const tap = (action_id: string) => ({ type: "block_actions", actions: [{ action_id }] });
  const form = (callback_id: string) => ({ type: "view_submission", view: { callback_id } });

  it("the rarer buttons and forms, menus' options and shortcuts: yes", () => {
    for (const body of [
      tap("day_chart"),
      tap("custody_open"),
      tap("plan_answer"),
      tap("prn_give"),
      tap("stay_record"),
      form("custody_count"),
      { type: "block_suggestion" },
      { type: "shortcut" },
    ])
      expect(mayBeRare(body as never), JSON.stringify(body)).toBe(true);
  });

  it("commands, events, the answers' pages and records, the care record's taps and forms: no", () => {
    const command = { command: "/arrivals", text: "" };
    const event = { type: "event_callback", event: { type: "app_home_opened" } };
    for (const body of [
      command,
      event,
      tap("rec_all"),
      tap("rec_each"),
      tap("day_page"),
      tap("pet_open"),
      form("rec_modal"),
    ])
      expect(mayBeRare(body as never), JSON.stringify(body)).toBe(false);
  });
});
