/**
 * A welfare flag's vet advice, recorded from the Home tab's list in the preview, reaches every round
 * post of the day listing the pet (issue 38): the morning post, where the pet has something to
 * record, and the midday post, where it is listed with nothing to record there (no buttons of its
 * own), each drawn again with the flag as it stands.
 */
import { expect, it } from "vitest";
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

/** The flag lines of the channel's round posts, by their kind ("rounds:midday"). */
const flagLines = () =>
  preview()
    .slack.timeline.filter(
      (m) => m.channel === PREVIEW_CHANNEL && String(m.metadata?.event_payload?.kind).startsWith("rounds:"),
    )
    .flatMap((m) =>
      (JSON.stringify(m.blocks).match(/🚩 [^"\\]*/g) ?? []).map((l) => [
        String(m.metadata?.event_payload?.kind),
        l,
      ]),
    );

it("vet advice from Home's list redraws the morning and the midday round posts listing the pet", async () => {
  const before = flagLines();
  // The seeded flag shows on both rounds' posts: the morning's (something to record) and the midday's.
  expect(before.map(([kind]) => kind).sort()).toEqual(["rounds:midday", "rounds:morning"]);
  for (const [, l] of before) expect(l).toContain("🩺 vet advice sought? not yet");

  await post("/preview/home", {});
  const home = () => JSON.stringify(preview().slack.views.get(PREVIEW_USERS.staff)?.blocks ?? "");
  await preview().slack.waitFor(() => home().includes("welfare flag"), 15_000);
  const [show] = welfareButtons(preview().slack.views.get(PREVIEW_USERS.staff)?.blocks, "home_list").filter(
    (b) => b.value.includes("welfare"),
  );
  const count = preview().slack.timeline.length;
  await post("/preview/action", { home: true, actionId: show?.action_id, value: show?.value });
  const list = await messageAfter(preview(), count, /^Welfare flags — /, 10_000);
  const [advice] = welfareButtons(list?.blocks, "wf_advice");
  await post("/preview/action", { messageId: list?.id, actionId: advice?.action_id, value: advice?.value });
  await preview().slack.waitFor(() => preview().slack.modals.size > 0, 10_000);
  const modal = [...preview().slack.modals.values()].at(-1);
  const text = (v: string) => ({ type: "plain_text_input", value: v });
  const answer = await post("/preview/submit", {
    viewId: modal?.id,
    values: {
      vet: { vet: text("Riverside Vets") },
      when: { when: text("") },
      advice: { advice: text("Bland diet 48 h") },
    },
  });
  expect(answer.ok).toBe(true);
  // Before: the midday post, listing the pet with nothing to record there, kept "not yet".
  await preview().slack.waitFor(
    () => flagLines().every(([, l]) => l?.includes("🩺 vet advice: Riverside Vets")),
    15_000,
  );
  expect(
    flagLines()
      .map(([kind]) => kind)
      .sort(),
  ).toEqual(["rounds:midday", "rounds:morning"]);
}, 90_000);
