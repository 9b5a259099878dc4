/**
 * The local preview (`npm start` with no configuration): the sandbox kennel API with synthetic data,
 * the real bot (Bolt in HTTP mode) and a web page that looks and behaves like a Slack channel. What
 * you type is sent to the bot as a signed slash command; its answers come back through response_url
 * and the Web API to a local stand-in for Slack, and the page renders those very Block Kit payloads.
 * It listens on 127.0.0.1 only, and refuses requests whose Host or Origin is not that address. At
 * /setup, the "Connect to Slack" page (src/preview/setup-routes.ts) writes the settings into .env.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { resolve } from "node:path";
import type { Bot } from "../app.ts";
import type { DateOrder } from "../config/date-order.ts";
import type { Logger } from "../log.ts";
import type { TemporaryRecord } from "../record/open.ts";
import { type Sandbox, startSandbox } from "../sandbox/server.ts";
import { PREVIEW_STAFF_NAME } from "./dose-seed.ts";
import { leaveNote } from "./folder-state.ts";
import { type KennelClock, kennelClock, PREVIEW_STARTS_AT } from "./kennel-clock.ts";
import { modalDesk } from "./modal-desk.ts";
import { previewPage } from "./page.ts";
import { seatPeople, workspacePeople } from "./people.ts";
import {
  homeClick,
  messageClick,
  pageAction,
  previewSlackStandIn,
  startPreviewBot,
  visibleIn,
} from "./preview-payloads.ts";
import { foreignRequest, setupRoutes } from "./setup-routes.ts";
import { servedFile } from "./slack-files.ts";
import { parseSlackBody, postSigned, postSignedEvent, readBody, send, standInAnswer } from "./slack-http.ts";
import type { SlackStandIn } from "./slack-standin.ts";

const PREVIEW_COMMANDS = "/arrivals /departures /inhouse /rounds /booking /pet /customer /kennel".split(" ");
export const PREVIEW_CHANNEL = "C0FRONTDESK";
const PREVIEW_TEAM = "TPREVIEW";
const PREVIEW_BOT = "UKENNELDESK";
/** The person at the page: a member of staff, or (toggled on the page) a guest account. */
export const PREVIEW_USERS = { staff: "U0PREVIEW", guest: "U0PREVIEWGUEST" } as const;
type As = keyof typeof PREVIEW_USERS;

export interface Preview {
  url: string;
  sandbox: Sandbox;
  slack: SlackStandIn;
  bot: Bot;
  /** Where the bot takes Slack's signed requests (its own server, on 127.0.0.1). */
  botUrl: string;
  /** The care record of this preview: an embedded store in a temporary folder, removed at close. */
  record: TemporaryRecord;
  /** The kennel's clock the bot runs on: today, 13:00 when it started, running in real time. */
  clock: KennelClock;
  close(): Promise<void>;
}

export interface PreviewOptions {
  port: number;
  timezone: string;
  /** KENNEL_DATE_ORDER: the page's date boxes write dates in it (default: the time zone's). */
  dateOrder?: DateOrder;
  log: Logger;
  /** Sandbox size and seed (defaults: 400 customers, seed 1). */
  customers?: number;
  seed?: number;
  /** The env file the setup page writes. Default: .env in the current folder. */
  envFile?: string;
  /** SLACK_API_URL, for the setup page's checks (else Slack's own). */
  slackApiUrl?: string | undefined;
  /** The setup page's "Start Kennel Desk now" (after Save): main stops the preview and starts the bot. */
  onStartBot?: () => void;
  /** Where `npm start` runs it: its note for the terminal's commands there (src/preview/folder-state.ts). */
  stateFolder?: string;
  /** The environment npm start runs in, without .env's lines (they win over the file's at the next start). */
  environment?: Record<string, string | undefined>;
}

const asWho = (v: unknown): As => (v === "guest" ? "guest" : "staff");
/** What the person at the page sees: the channel (their own ephemerals only), the app's DM, their Home tab. */
export function visibleTo(slack: SlackStandIn, user: string) {
  return visibleIn(slack, PREVIEW_CHANNEL, user);
}

export async function startPreview(options: PreviewOptions): Promise<Preview> {
  const { log } = options;
  // The kennel's clock (13:00 when the bot starts: src/preview/kennel-clock.ts); the sandbox's today is its date.
  const clock = kennelClock(options.timezone, PREVIEW_STARTS_AT);
  const sandbox = await startSandbox({
    today: clock.today,
    seed: options.seed ?? 1,
    customers: options.customers ?? 400,
    timezone: options.timezone,
    // The awkward data set (src/sandbox/awkward.ts): the preview shows each case of care kept exact.
    awkward: true,
  });
  const slack = previewSlackStandIn(PREVIEW_TEAM, PREVIEW_BOT, clock);
  seatPeople(slack, { team: PREVIEW_TEAM, ...PREVIEW_USERS, bot: PREVIEW_BOT });
  // The channel the preview posts in (DIGEST_CHANNEL, set by the preview itself): the person at the
  // page and the bot. /kennel status then reads its own channel as it would read a real one, with
  // nothing to warn about (the guest toggle shows what a guest would get; no guest is a member).
  slack.channelMembers.set(PREVIEW_CHANNEL, [PREVIEW_USERS.staff, PREVIEW_BOT]);
  const secret = randomBytes(16).toString("hex");
  let botUrl = "";
  let seq = 0;
  /** Each person's modals, as Slack stacks them; what the page's forms send goes to the bot from there. */
  const modals = modalDesk({
    slack,
    teamId: PREVIEW_TEAM,
    send: (payload) => postSigned(botUrl, secret, { payload: JSON.stringify(payload) }),
  });
  /** The modal shown to this person (the top of their stack), and how many views are under it. */
  const modalFor = (user: string) => {
    const stack = modals.stack(user);
    const top = stack.at(-1);
    // The workspace's people beside it: the page's users_select lists them, as Slack's picker does.
    return top ? { ...top, depth: stack.length, people: workspacePeople(slack) } : undefined;
  };
  const team = { id: PREVIEW_TEAM, domain: "preview" };
  const person = (as: As) => ({
    id: PREVIEW_USERS[as],
    name: as === "guest" ? "guest" : PREVIEW_STAFF_NAME.toLowerCase(), // the handle; users.info names her
    team_id: PREVIEW_TEAM,
  });

  // The page answers once the bot is ready (the banner's moment); before, only the stand-in's routes.
  const ready = Promise.withResolvers<void>();
  const ownPort = () => (server.address() as AddressInfo).port;
  const setup = setupRoutes(
    {
      envFile: options.envFile ?? resolve(".env"),
      slackApiUrl: options.slackApiUrl,
      log,
      startBot: options.onStartBot,
      environment: options.environment,
    },
    ownPort,
  );
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://localhost");
      const base = `http://127.0.0.1:${ownPort()}`;
      const foreign = foreignRequest(req);
      if (foreign) return send(res, 403, { ok: false, error: foreign });
      const standIn = /^\/(respond|api|upload)\//.test(url.pathname);
      if (!standIn) await ready.promise;
      if (await setup.handle(req, res, url)) return;
      const json = async () => parseSlackBody(await readBody(req, 100_000), "json");
      if (req.method === "GET" && url.pathname === "/")
        return send(res, 200, previewPage(options.timezone, options.dateOrder), "text/html; charset=utf-8");
      const file = req.method === "GET" ? /^\/preview\/file\/(F\d+)$/.exec(url.pathname) : null;
      const served = file && servedFile(slack, file[1] ?? "");
      if (served) return send(res, served.status, served.body, served.type, served.headers);
      if (req.method === "GET" && url.pathname === "/healthz")
        return send(res, 200, { status: "ok", preview: true });
      if (req.method === "GET" && url.pathname === "/preview/state") {
        const since = Number(url.searchParams.get("since") ?? -1);
        await slack.waitForChange(since, Number.isFinite(since) && since >= 0 ? 20_000 : 0);
        const user = PREVIEW_USERS[asWho(url.searchParams.get("as"))];
        return send(res, 200, { ...visibleTo(slack, user), modal: modalFor(user) });
      }
      if (req.method === "POST" && url.pathname === "/preview/command") {
        const body = await json();
        const as = asWho(body.as);
        const user = PREVIEW_USERS[as];
        const typed = String(body.text ?? "")
          .trim()
          .slice(0, 500);
        const [command = ""] = typed.split(/\s+/);
        slack.add({
          via: "typed",
          author: "you",
          ephemeral: false,
          channel: PREVIEW_CHANNEL,
          user,
          text: typed,
        });
        if (!PREVIEW_COMMANDS.includes(command.toLowerCase())) {
          slack.add({
            via: "system",
            author: "system",
            ephemeral: true,
            channel: PREVIEW_CHANNEL,
            user,
            text: `${command ? `${command} is not a Kennel Desk command.` : "Type a command."} Try ${PREVIEW_COMMANDS.join(", ")} (for example /kennel help).`,
          });
          return send(res, 200, { ok: true });
        }
        const key = modals.trigger(user, `c${++seq}`);
        slack.responseTarget(key, { channel: PREVIEW_CHANNEL, user });
        const { status } = await postSigned(botUrl, secret, {
          token: "preview",
          team_id: PREVIEW_TEAM,
          team_domain: "preview",
          channel_id: PREVIEW_CHANNEL,
          channel_name: "front-desk",
          user_id: user,
          user_name: person(as).name,
          command: command.toLowerCase(),
          text: typed.slice(command.length).trim(),
          api_app_id: "APREVIEW",
          response_url: `${base}/respond/${key}`,
          trigger_id: key,
        });
        return send(res, 200, { ok: status === 200 });
      }
      if (req.method === "POST" && url.pathname === "/preview/home") {
        // Opening the Home tab: Slack sends app_home_opened; the bot answers with views.publish.
        const as = asWho((await json()).as);
        const now = Date.now() / 1000;
        const { status } = await postSignedEvent(botUrl, secret, {
          token: "preview",
          team_id: PREVIEW_TEAM,
          api_app_id: "APREVIEW",
          type: "event_callback",
          event_id: `Ev${++seq}`,
          event_time: Math.floor(now),
          event: {
            type: "app_home_opened",
            user: PREVIEW_USERS[as],
            channel: `D${PREVIEW_USERS[as]}`,
            tab: "home",
            event_ts: String(now),
          },
        });
        return send(res, 200, { ok: status === 200 });
      }
      if (req.method === "POST" && url.pathname === "/preview/action") {
        const body = await json();
        const as = asWho(body.as);
        const actionId = typeof body.actionId === "string" ? body.actionId : "";
        const action = pageAction(body, actionId);
        if (typeof body.viewId === "string") {
          // A button inside a modal: block_actions from the view, with what is typed in it so far.
          const shown = actionId && (await modals.click(person(as), body.viewId, action, body.values));
          return send(
            res,
            shown ? 200 : 404,
            shown ? { ok: true } : { ok: false, error: "that form is closed" },
          );
        }
        const common = {
          type: "block_actions",
          team,
          user: person(as),
          api_app_id: "APREVIEW",
          token: "preview",
          trigger_id: modals.trigger(PREVIEW_USERS[as]),
          actions: [{ ...action, action_ts: String(Date.now() / 1000) }],
        };
        let payload: Record<string, unknown>;
        if (body.home === true) {
          // A click on the Home tab, as Slack sends it: a view container, no channel, no response_url.
          const view = slack.views.get(PREVIEW_USERS[as]);
          if (!view || !actionId) return send(res, 404, { ok: false, error: "no Home tab to click" });
          const viewId = `V${PREVIEW_USERS[as]}`;
          payload = homeClick(common, viewId, view.blocks, PREVIEW_TEAM);
        } else {
          const message = slack.timeline.find((m) => m.id === Number(body.messageId));
          if (!message || !actionId) return send(res, 404, { ok: false, error: "that message is gone" });
          const key = `a${++seq}`;
          slack.responseTarget(key, {
            channel: message.channel,
            user: PREVIEW_USERS[as],
            entryId: message.id,
          });
          const name = message.channel === PREVIEW_CHANNEL ? "front-desk" : "directmessage";
          payload = messageClick(common, message, name, `${base}/respond/${key}`);
        }
        const { status } = await postSigned(botUrl, secret, { payload: JSON.stringify(payload) });
        return send(res, 200, { ok: status === 200 });
      }
      if (req.method === "POST" && url.pathname === "/preview/submit") {
        // A modal's Submit, as Slack sends it (view_submission); the bot's answer applied as Slack does.
        const body = await json();
        const answer = await modals.submit(person(asWho(body.as)), String(body.viewId ?? ""), body.values);
        return send(res, answer ? 200 : 404, answer ?? { ok: false, error: "that form is closed" });
      }
      if (req.method === "POST" && url.pathname === "/preview/cancel") {
        // Its close button closes the view shown (the one under it shows again); the ✕ closes them all.
        const body = await json();
        modals.close(PREVIEW_USERS[asWho(body.as)], String(body.viewId ?? ""), body.all === true);
        return send(res, 200, { ok: true });
      }
      if (req.method === "POST" && standIn) {
        const answer = await standInAnswer(slack, req, url.pathname);
        return send(res, answer.status, answer.payload, undefined, answer.headers);
      }
      send(res, 404, { ok: false, error: "not found" });
    })().catch((error: unknown) => {
      log.warn({ err: String((error as Error)?.message ?? error) }, "preview request failed");
      if (!res.headersSent) send(res, 500, { ok: false });
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  slack.base = `http://127.0.0.1:${port}`;
  slack.apiUrl = `${slack.base}/api/`;

  const {
    bot,
    record,
    url: eventsUrl,
  } = await startPreviewBot({
    sandbox,
    timezone: options.timezone,
    secret,
    slackApiUrl: slack.apiUrl,
    channel: PREVIEW_CHANNEL,
    log,
    clock,
  });
  botUrl = eventsUrl;
  ready.resolve();
  const leftNote = leaveNote(options.stateFolder, {
    timezone: options.timezone,
    clock,
    sandbox,
    record,
    port,
  });

  return {
    url: `http://localhost:${port}`,
    sandbox,
    slack,
    bot,
    botUrl,
    record,
    clock,
    async close() {
      leftNote.remove();
      await bot.stop(2_000);
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
      await sandbox.close();
      await record.close();
    },
  };
}
