/**
 * The preview's dose times (issue 35), without a browser: `npm start` with no settings runs its bot
 * on a kennel clock reading 13:00, the kennel's morning and midday written before it starts
 * (src/preview/dose-seed.ts). The page's channel then shows the round posts with a "❌ Missed" reply
 * in the morning's thread and a "⏰ Late" reply in the midday's (the bot's own dose times' job), the
 * morning sheet a late entry and a witnessed insulin dose, and the sheet and Home an as-needed dose
 * awaiting its effect; Home names the late and missed doses.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { runCli } from "../../src/cli/index.ts";
import { silentLogger } from "../../src/log.ts";
import { PREVIEW_STATE_FILE, previewInFolder } from "../../src/preview/folder-state.ts";
import { PREVIEW_CHANNEL, PREVIEW_USERS, type Preview, startPreview } from "../../src/preview/server.ts";
import type { TimelineEntry } from "../../src/preview/slack-standin.ts";
import { localDate } from "../../src/time.ts";
import { timeOf } from "../../src/words/dates.ts";

const ZONE = "Europe/London";
let preview: Preview;
/** The folder `npm start` runs the preview in: it leaves its clock, sandbox and record there. */
const folder = mkdtempSync(join(tmpdir(), "kennel-desk-preview-folder-"));
beforeAll(async () => {
  preview = await startPreview({
    port: 0,
    timezone: ZONE,
    log: silentLogger(),
    customers: 120,
    seed: 3,
    stateFolder: folder,
  });
}, 60_000);
afterAll(async () => {
  await preview?.close();
  rmSync(folder, { recursive: true, force: true });
});

const text = (m: TimelineEntry | undefined) => JSON.stringify(m?.blocks ?? []);
const channel = () => preview.slack.timeline.filter((m) => m.channel === PREVIEW_CHANNEL);
const post = (title: RegExp) => channel().find((m) => !m.thread_ts && title.test(m.text));
/** A round post and its parts (the thread's replies of the post itself). */
const sheet = (title: RegExp) => {
  const parent = post(title);
  return channel().filter((m) => m === parent || (m.thread_ts === parent?.ts && title.test(m.text)));
};

it("runs on a kennel clock reading 13:00 on the sandbox's today, and its page says so", async () => {
  const page = await (await fetch(preview.url)).text();
  expect(page).toContain("on a kennel clock that read 13:00 when the preview started");
  const now = preview.clock.now();
  expect(localDate(now, ZONE)).toBe(preview.sandbox.data.today);
  expect(timeOf(now.toISOString(), ZONE) >= "13:00" && timeOf(now.toISOString(), ZONE) < "14:00").toBe(true);
});

it("the morning round's thread says ❌ Missed, the midday round's ⏰ Late, each naming its doses", async () => {
  const reply = (round: RegExp, title: string) => {
    const parent = post(round);
    return channel().find((m) => m.thread_ts === parent?.ts && m.text.startsWith(title));
  };
  await preview.slack.waitFor(
    () =>
      reply(/^Morning round — /, "❌ Missed") !== undefined &&
      reply(/^Midday round — /, "⏰ Late") !== undefined,
    30_000,
  );
  // The morning's general missed reply (a high-alert drug's shorter window makes one of its own).
  const missed = JSON.stringify(
    channel()
      .filter((m) => m.thread_ts === post(/^Morning round — /)?.ts && m.text.startsWith("❌ Missed"))
      .map((m) => m.blocks),
  );
  expect(missed).toContain("❌ Missed: nothing recorded in the window");
  expect(missed).toContain("window closed 09:30");
  expect(missed).toMatch(/• \w+ \([^)]+\): [^\\]*\d+ ?mg/);
  const late = text(reply(/^Midday round — /, "⏰ Late"));
  expect(late).toContain("⏰ Late: not recorded yet");
  expect(late).toContain("window closes 14:00");
  expect(late).toMatch(/• \w+ \([^)]+\): \w+/);
});

it("the morning sheet shows a late entry, a witnessed insulin dose and a missed dose; the midday sheet the late one", async () => {
  // The dose times' job draws the round's post again after its reply.
  await preview.slack.waitFor(
    () => sheet(/^Morning round — /).some((m) => text(m).includes("❌ missed")),
    30_000,
  );
  const morning = sheet(/^Morning round — /)
    .map(text)
    .join("\n");
  expect(morning).toContain("late entry: given 08:05, recorded 11:00 Sam");
  expect(morning).toMatch(/Sugar[\s\S]*?💉 witnessed by Alex 07:42/);
  expect(morning).toMatch(/❌ missed: [^\\]*\d+ ?mg[^\\]* · window closed 09:30/);
  expect(morning).toContain("💊 Piriton 4mg given 12:20 by Jane for scratching · awaiting effect");
  await preview.slack.waitFor(
    () => sheet(/^Midday round — /).some((m) => text(m).includes("⏰ late")),
    30_000,
  );
  expect(
    sheet(/^Midday round — /)
      .map(text)
      .join("\n"),
  ).toMatch(/⏰ late: [^\\]+ · window closes 14:00/);
});

it("Home shows today's doses with the late and missed named, and the dose awaiting its effect", async () => {
  const res = await fetch(`${preview.url}/preview/home`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  expect(res.status).toBe(200);
  const home = () => JSON.stringify(preview.slack.views.get(PREVIEW_USERS.staff)?.blocks ?? []);
  await preview.slack.waitFor(() => home().includes("Today's doses"), 15_000);
  const shown = home();
  expect(shown).toMatch(
    /💊 Today's doses:\* given on time: \d+ of \d+ due[^"]*❌ \d+ missed[^"]*⏰ \d+ late/,
  );
  expect(shown).toMatch(/❌ missed: [^"]+ · morning · window closed 09:30/);
  // Missed first; past Home's eight lines the rest (the midday's late among them) are counted.
  expect(shown).toMatch(/⏰ late: [^"]+ · midday|and \d+ more/);
  // A dose printed from the words, its plan not confirmed, is named so (issue 44).
  expect(shown).toContain("(plan not confirmed) · morning");
  expect(shown).toMatch(/\*Itchy\*: Piriton 4mg if needed · 1 dose today, the last awaiting effect/);
});

it("the terminal in the preview's folder reads its record on its kennel clock: record audit says what Home says", async () => {
  const home = JSON.stringify(preview.slack.views.get(PREVIEW_USERS.staff)?.blocks ?? []);
  const figure = /given on time: (\d+) of (\d+) due[^"]*?❌ (\d+) missed/.exec(home);
  expect(figure).not.toBeNull();
  // A command run there with no settings of its own: the preview's sandbox, record and kennel clock.
  expect(statSync(join(folder, PREVIEW_STATE_FILE)).mode & 0o777).toBe(0o600);
  const there = previewInFolder(folder, { LOG_LEVEL: "silent" });
  expect(there?.env.KENNEL_DATA_DIR).toBe(preview.record.dir);
  expect(Math.abs((there?.clock.now().getTime() ?? 0) - preview.clock.now().getTime())).toBeLessThan(1_000);
  let stdout = "";
  const code = await runCli(["record", "audit", "--days", "1", "--json"], {
    env: there?.env ?? {},
    io: { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stdout += s) } },
    ...(there ? { clock: there.clock } : {}),
  });
  expect({ code, said: code === 0 ? "" : stdout.slice(0, 600) }).toEqual({ code: 0, said: "" });
  const audit = JSON.parse(stdout);
  expect(audit.to).toBe(preview.sandbox.data.today);
  expect([audit.doses.onTime, audit.doses.due, audit.doses.missed]).toEqual(
    [figure?.[1], figure?.[2], figure?.[3]].map(Number),
  );
  // A command with a record of its own named is not the preview's.
  expect(previewInFolder(folder, { KENNEL_DATA_DIR: preview.record.dir })).toBeUndefined();
});

it("a command in the folder reads its own settings again once the preview has stopped", async () => {
  expect(previewInFolder(folder, {})).toBeDefined();
  // Its process gone (killed: the note left behind), the note is not read.
  expect(previewInFolder(folder, {}, undefined, () => false)).toBeUndefined();
  // Stopped: the note is removed.
  const stopping = preview;
  preview = undefined as unknown as Preview;
  await stopping.close();
  expect(existsSync(join(folder, PREVIEW_STATE_FILE))).toBe(false);
});
