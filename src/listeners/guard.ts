/**
 * The one guard every listener passes first (commands, buttons, forms): a bot that is stopping
 * takes nothing new, and only staff of this workspace, where ALLOWED_CHANNELS allows, see or write
 * kennel data (src/listeners/access.ts). What a listener tells one person alone goes through
 * `privately`: the tap's response_url, else an ephemeral message, else the app's DM with them.
 * Commands (src/listeners/runner.ts), buttons and forms all pass through these two.
 */
import type { webApi } from "@slack/bolt";
import type { Who } from "../answers/record-round.ts";
import type { BotDeps } from "./bot-deps.ts";

type WebClient = webApi.WebClient;

const STOPPING = "Kennel Desk is restarting. Try again in a minute.";

/**
 * Admitted (who it is), or refused: `message` as a tapper is told it, `why` without the lock for a
 * surface that draws its own (the Home tab), `stopping` when the bot takes nothing new.
 */
export type Admission =
  | { ok: true; who: Who }
  | { ok: false; message: string; why: string; stopping: boolean };

export async function admit(
  deps: BotDeps,
  client: WebClient,
  user: { id?: string | undefined; name?: string | undefined } | undefined,
  channelId: string | undefined,
  where: { home?: boolean; button?: boolean } = {},
): Promise<Admission> {
  if (deps.inflight.draining) return { ok: false, message: STOPPING, why: STOPPING, stopping: true };
  const access = await deps.access.check(client, user?.id, channelId, where);
  if (!access.ok) return { ok: false, message: `🔒 ${access.message}`, why: access.message, stopping: false };
  const userId = user?.id as string;
  // The name Slack shows (users.info, read by the access check), else the handle in the payload.
  return { ok: true, who: { userId, userName: deps.access.displayName(userId) ?? user?.name ?? userId } };
}

/**
 * Where to tell one person something: the channel they acted in, and a tap's response_url (or
 * Bolt's `respond` for it, which the runner counts against Slack's five uses).
 */
export interface PrivateTo {
  user: string;
  channel?: string | undefined;
  responseUrl?: string | undefined;
  respond?: ((body: EphemeralBody) => Promise<unknown>) | undefined;
}

type EphemeralBody = { response_type: "ephemeral"; replace_original: false; text: string };

/** Tells one person, and only them; never throws (a failure is logged). */
export function privately(deps: BotDeps, client: WebClient, to: PrivateTo): (text: string) => Promise<void> {
  return async (text) => {
    const body: EphemeralBody = { response_type: "ephemeral", replace_original: false, text };
    const url = usableResponseUrl(to.responseUrl);
    const respond =
      to.respond ??
      (url
        ? async (b: EphemeralBody) => {
            const r = await fetch(url, {
              method: "POST",
              headers: { "content-type": "application/json" },
              body: JSON.stringify(b),
              redirect: "error",
              signal: AbortSignal.timeout(5000),
            });
            if (!r.ok) throw new Error(`response_url answered ${r.status}`);
          }
        : undefined);
    if (respond) {
      const ok = await respond(body).then(
        () => true,
        () => false,
      );
      if (ok) return;
    }
    try {
      if (!to.channel) throw new Error("no channel");
      await client.chat.postEphemeral({ channel: to.channel, user: to.user, text });
      return;
    } catch {
      // The channel may be closed to the bot: the app's DM with the person, then the log.
    }
    await client.chat.postMessage({ channel: to.user, text }).catch((error: unknown) => {
      deps.log.warn({ err: String((error as Error)?.message ?? error) }, "could not answer privately");
    });
  };
}

/** A response_url Kennel Desk may post to: https, or http on loopback only (the tests' Slack). */
export function usableResponseUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    const loopback = u.hostname === "127.0.0.1" || u.hostname === "localhost" || u.hostname === "[::1]";
    return u.protocol === "https:" || (u.protocol === "http:" && loopback) ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}
