/**
 * The preview's welfare check (issue 38), without a browser: `npm start` with no settings posts
 * today's evening welfare check in the page's channel, one pet flagged (two loose stools in a row,
 * seeded in the preview's temporary record); a click on "✅ All normal" records a check there and
 * the post shows it; the Home tab names the flag, with a button listing it.
 */
import { expect, it } from "vitest";
import { KINDS } from "../../src/answers/welfare-store.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import type { Message } from "../../src/blocks/types.ts";
import { PREVIEW_CHANNEL, PREVIEW_USERS } from "../../src/preview/server.ts";
import { messageAfter, usePreview } from "../helpers/preview.ts";
import { welfareButtons } from "../helpers/welfare-slack.ts";

const preview = usePreview();

async function post(path: string, body: Record<string, unknown>) {
  const res = await fetch(`${preview().url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Record<string, unknown>;
}

it("shows today's welfare check with a flagged pet, and records a tap on it", async () => {
  const check = preview().slack.timeline.find(
    (m) =>
      m.channel === PREVIEW_CHANNEL &&
      !m.thread_ts &&
      JSON.stringify(m.blocks).includes("Evening welfare check"),
  );
  expect(check).toBeDefined();
  const blocks = JSON.stringify(check?.blocks);
  expect(blocks).toContain("🚩 Loose stool, 2 checks in a row · 🩺 vet advice sought? not yet");
  expect(
    limitViolations({ text: check?.text ?? "", blocks: (check?.blocks ?? []) as Message["blocks"] }),
  ).toEqual([]);
  const flags = await preview().record.store.log({ kind: KINDS.flag });
  expect(flags).toHaveLength(1);
  // The two loose stools at the evenings of the two days before, as staff would have recorded them.
  const seeded = await preview().record.store.log({ kind: KINDS.check, petId: flags[0]?.petId });
  const at = (iso: string) =>
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    }).format(new Date(iso));
  expect(seeded.slice(0, 2).map((c) => [c.date, at(c.recordedAt)])).toEqual([
    [seeded[0]?.date, "18:05"],
    [seeded[1]?.date, "18:10"],
  ]);
  expect(seeded[0]?.date).not.toBe(seeded[1]?.date);

  const [ok] = welfareButtons(check?.blocks, "wf_ok");
  expect(ok).toBeDefined();
  await post("/preview/action", { messageId: check?.id, actionId: ok?.action_id, value: ok?.value });
  await preview().slack.waitFor(
    () =>
      JSON.stringify(preview().slack.timeline.find((m) => m.id === check?.id)?.blocks).includes(
        "✅ all normal",
      ),
    10_000,
  );
  const checks = await preview().record.store.log({ kind: KINDS.check, petId: ok?.p });
  expect(checks.at(-1)?.userId).toBe(PREVIEW_USERS.staff);
});

it("the Home tab names the open flag, with a button that lists it and its vet advice button", async () => {
  await post("/preview/home", {});
  await preview().slack.waitFor(() => preview().slack.views.has(PREVIEW_USERS.staff), 15_000);
  await preview().slack.waitFor(
    () => JSON.stringify(preview().slack.views.get(PREVIEW_USERS.staff)?.blocks).includes("welfare flag"),
    15_000,
  );
  const text = JSON.stringify(preview().slack.views.get(PREVIEW_USERS.staff)?.blocks);
  expect(text).toContain("🚩 1 welfare flag open");
  const [show] = welfareButtons(preview().slack.views.get(PREVIEW_USERS.staff)?.blocks, "home_list").filter(
    (b) => b.value.includes("welfare"),
  );
  expect(show).toBeDefined();
  const before = preview().slack.timeline.length;
  await post("/preview/action", { home: true, actionId: show?.action_id, value: show?.value });
  const list = await messageAfter(preview(), before, /^Welfare flags — /, 10_000);
  expect(welfareButtons(list?.blocks, "wf_advice")).toHaveLength(1);
  expect(list?.channel).not.toBe(PREVIEW_CHANNEL);
});
