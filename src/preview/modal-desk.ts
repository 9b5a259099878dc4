/**
 * The preview's modals as Slack keeps them for the person at the page: a stack each (views.open starts
 * one; views.push and a submission's "push" put a view on top of it, at most three), the top one shown.
 * A button inside it is sent to the bot as Slack sends it (block_actions from a view container, the
 * view with what is typed so far, and a trigger_id the stand-in takes for views.push); Submit as a
 * view_submission, and the bot's answer applied as Slack applies it: "errors" keeps the view open with
 * them (refused, as Slack refuses it, when one names a block that is not an input of the view), "update" replaces it, "push" puts a view over it, "clear" closes them all, and any other
 * answer closes it, showing the one under it again (a view past Slack's limits, as Slack would not
 * show it: src/preview/slack-refusal.ts). Its close button ("Back", "Cancel") closes it
 * alone, as Slack's does; the ✕ closes the stack.
 */
import { viewRefusal } from "./slack-refusal.ts";
import type { OpenedModal, SlackStandIn } from "./slack-standin-types.ts";
import { viewHash } from "./slack-web-api.ts";

/** Slack's most views in one stack (views.push past it: `push_limit_reached`). */
const MOST_STACKED = 3;

interface PagePerson {
  id: string;
  name: string;
  team_id: string;
}

/** What the page sends: each input block's values, by block_id then action_id, in Slack's shape. */
type Values = Record<string, Record<string, unknown>>;

/** A submission's outcome for the page: the bot's errors by block_id, or the view's fate. */
type Submitted = { ok: true } | { ok: false; errors: Record<string, string> } | { ok: false; error: string };

interface SignedAnswer {
  status: number;
  text?: string | undefined;
}

export interface ModalDesk {
  /** A new trigger_id for an interaction of `user` (a click, a command, a submission). */
  trigger(user: string, key?: string): string;
  /** The person's stack of open modals, bottom first (the last one is shown). */
  stack(user: string): OpenedModal[];
  /** A click on a button inside the shown modal; false when that modal is no longer shown. */
  click(
    person: PagePerson,
    viewId: string,
    action: Record<string, unknown>,
    values: unknown,
  ): Promise<boolean>;
  submit(person: PagePerson, viewId: string, values: unknown): Promise<Submitted | undefined>;
  /** Its close button (the shown view alone) or the ✕ (`all`: the whole stack). */
  close(user: string, viewId: string, all: boolean): boolean;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Only the view's input blocks, as Slack's state holds them (each an object of its elements' values). */
function stateOf(view: Record<string, unknown>, values: unknown): Values {
  const out: Values = {};
  if (!isObject(values)) return out;
  for (const b of Array.isArray(view.blocks) ? view.blocks : []) {
    const id = isObject(b) && b.type === "input" ? String(b.block_id ?? "") : "";
    const v = id ? values[id] : undefined;
    if (isObject(v)) out[id] = v;
  }
  return out;
}

/** The bot's answer to a submission (an empty body: none). */
function answerOf(text: string | undefined): Record<string, unknown> {
  try {
    const parsed: unknown = text ? JSON.parse(text) : {};
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** A view Slack shows as a submission's answer: a modal within every limit (slack-refusal.ts). */
const isModal = (v: unknown): v is Record<string, unknown> =>
  isObject(v) && v.type === "modal" && viewRefusal(v) === undefined;

/** The modals open for a person, from the root of their stack up (none once the root is closed). */
function stackOf(slack: SlackStandIn, owners: Map<string, string>, user: string): OpenedModal[] {
  const mine = [...slack.modals.values()].filter((m) => owners.get(m.trigger_id) === user);
  const root = mine.findLastIndex((m) => !m.pushed);
  if (root < 0 || mine[root]?.closed) return [];
  const open: OpenedModal[] = [];
  for (const m of mine.slice(root)) if (!m.closed) open.push(m);
  return open;
}

/** The view as Slack sends it with an interaction: its ids, its stack, and the state typed so far. */
function viewAsSent(teamId: string, s: OpenedModal[], values: unknown) {
  const m = s.at(-1) as OpenedModal;
  return {
    ...m.view,
    id: m.id,
    team_id: teamId,
    app_id: "APREVIEW",
    state: { values: stateOf(m.view, values) },
    hash: viewHash(m),
    previous_view_id: s.at(-2)?.id ?? null,
    root_view_id: s[0]?.id ?? m.id,
  };
}

/** What every interaction payload carries: the team, the person, the app and its trigger. */
function commonOf(teamId: string, person: PagePerson, trigger: string) {
  return {
    team: { id: teamId, domain: "preview" },
    user: person,
    api_app_id: "APREVIEW",
    token: "preview",
    trigger_id: trigger,
  };
}

/** The app's answer to a submission, done as Slack does it: errors shown, a view updated or pushed, or closed. */
function settle(
  slack: SlackStandIn,
  s: OpenedModal[],
  viewId: string,
  trigger: string,
  answer: Record<string, unknown>,
): Submitted {
  const action = answer.response_action;
  if (action === "errors") {
    const errors = isObject(answer.errors) ? (answer.errors as Record<string, string>) : {};
    // Slack takes errors on the view's input blocks only, and refuses an answer naming any other.
    const blocks: unknown = s.find((m) => m.id === viewId)?.view.blocks;
    const inputs = new Set(
      (Array.isArray(blocks) ? blocks : []).flatMap((b: unknown) =>
        isObject(b) && b.type === "input" && typeof b.block_id === "string" ? [b.block_id] : [],
      ),
    );
    const stray = Object.keys(errors).filter((k) => !inputs.has(k));
    if (stray.length)
      return {
        ok: false,
        error: `Slack refused the app's answer: its errors name ${stray.join(", ")}, not an input of this view. Nothing changed.`,
      };
    return { ok: false, errors };
  }
  if (action === "update" || action === "push") {
    if (!isModal(answer.view)) return { ok: false, error: "The app's answer is not a view Slack can show." };
    if (action === "update") slack.updateModal(viewId, answer.view);
    else if (s.length >= MOST_STACKED)
      return { ok: false, error: "Slack shows at most three views at once." };
    else slack.openModal(trigger, answer.view, true);
    return { ok: true };
  }
  for (const m of action === "clear" ? s : s.slice(-1)) slack.closeModal(m.id);
  return { ok: true };
}

export function modalDesk(o: {
  slack: SlackStandIn;
  teamId: string;
  /** Sends a payload to the bot, signed as Slack signs it: its HTTP status and body. */
  send: (payload: Record<string, unknown>) => Promise<SignedAnswer>;
}): ModalDesk {
  const { slack, teamId } = o;
  const owners = new Map<string, string>();
  let seq = 0;
  const stack = (user: string) => stackOf(slack, owners, user);
  const viewOf = (s: OpenedModal[], values: unknown) => viewAsSent(teamId, s, values);
  const common = (person: PagePerson, trigger: string) => commonOf(teamId, person, trigger);
  const shown = (user: string, viewId: string) => {
    const s = stack(user);
    return s.at(-1)?.id === viewId ? s : undefined;
  };

  const desk: ModalDesk = {
    trigger(user, key) {
      const id = key ?? `t${++seq}`;
      owners.set(id, user);
      return id;
    },
    stack,
    async click(person, viewId, action, values) {
      const s = shown(person.id, viewId);
      if (!s) return false;
      const payload = {
        type: "block_actions",
        ...common(person, desk.trigger(person.id)),
        container: { type: "view", view_id: viewId },
        view: viewOf(s, values),
        actions: [{ ...action, action_ts: String(Date.now() / 1000) }],
      };
      await o.send(payload);
      return true;
    },
    async submit(person, viewId, values) {
      const s = shown(person.id, viewId);
      if (!s) return undefined;
      const trigger = desk.trigger(person.id);
      const payload = {
        type: "view_submission",
        ...common(person, trigger),
        view: viewOf(s, values),
        response_urls: [],
      };
      const { status, text } = await o.send(payload);
      if (status !== 200) return { ok: false, error: "The app did not answer: nothing changed. Try again." };
      return settle(slack, s, viewId, trigger, answerOf(text));
    },
    close(user, viewId, all) {
      const s = shown(user, viewId);
      if (!s) return false;
      for (const m of all ? s : s.slice(-1)) slack.closeModal(m.id);
      return true;
    },
  };
  return desk;
}
