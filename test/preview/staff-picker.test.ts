/**
 * The preview's second member of staff (without a browser): Sam and Alex, whom the seeds name, are
 * full members of the preview's workspace, so the staff check a second person passes (counting in or
 * handing back a controlled or high-alert medicine) takes them; the guest account and someone not in
 * the workspace are still refused. The page's users_select lists the workspace's people.
 */
import { expect, it } from "vitest";
import { PREVIEW_STAFF, workspacePeople } from "../../src/preview/people.ts";
import { PREVIEW_CHANNEL, PREVIEW_USERS } from "../../src/preview/server.ts";
import { usePreview } from "../helpers/preview.ts";

const preview = usePreview();

it("Sam and Alex pass the staff check as a second person; the guest and a stranger do not", async () => {
  const { access } = preview().bot.deps;
  const client = preview().bot.app.client;
  const check = (id: string) => access.check(client, id, PREVIEW_CHANNEL, { button: true });
  for (const p of PREVIEW_STAFF) {
    await expect(check(p.id)).resolves.toEqual({ ok: true });
    expect(access.displayName(p.id)).toBe(p.name);
  }
  expect(PREVIEW_STAFF.map((p) => p.name)).toEqual(["Sam", "Alex"]);
  await expect(check(PREVIEW_USERS.guest)).resolves.toMatchObject({ ok: false });
  await expect(check("U0NOBODY")).resolves.toMatchObject({ ok: false });
});

it("the page's user picker lists the workspace's people by name: no bot", () => {
  expect(workspacePeople(preview().slack)).toEqual([
    { id: PREVIEW_USERS.guest, name: "a guest account" },
    { id: "U0PREVIEWALEX", name: "Alex" },
    { id: PREVIEW_USERS.staff, name: "Jane" },
    { id: "U0PREVIEWSAM", name: "Sam" },
  ]);
});

it("a form the page shows carries the workspace's people for its picker", async () => {
  const buttons = preview().slack.timeline.flatMap((m) =>
    m.channel === PREVIEW_CHANNEL
      ? ((m.blocks ?? []) as Array<{ elements?: Array<Record<string, unknown>> }>).flatMap((b) =>
          (b.elements ?? []).map((e) => ({ m, e })),
        )
      : [],
  );
  const opener = buttons.find(({ e }) => JSON.stringify(e.text ?? "").includes("Record each"));
  expect(opener).toBeDefined();
  await fetch(`${preview().url}/preview/action`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ messageId: opener?.m.id, actionId: opener?.e.action_id, value: opener?.e.value }),
  });
  await preview().slack.waitFor(() => preview().slack.modals.size > 0, 10_000);
  const state = (await (await fetch(`${preview().url}/preview/state`)).json()) as {
    modal?: { people?: Array<{ id: string; name: string }> };
  };
  expect(state.modal?.people?.map((p) => p.name)).toEqual(["a guest account", "Alex", "Jane", "Sam"]);
}, 30_000);
