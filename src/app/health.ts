/**
 * The bot's health routes, in both modes: GET /healthz (the process answers) and GET /readyz (which
 * part is not ready). Served by src/slack/http-server.ts; built by src/app.ts.
 */
import { apiStatus } from "../answers/kennel.ts";
import type { StatusReport } from "../kennel/client.ts";
import type { BotDeps } from "../listeners/bot-deps.ts";
import { storeHealth } from "../record/health.ts";
import { describeSlackLink, type SlackConnection } from "../slack/connection.ts";
import type { Answer } from "../slack/http-server.ts";

/** /healthz: the process answers; whether it is stopping, and the link to Slack's state. */
export function healthAnswer(deps: BotDeps, connection: SlackConnection): () => Answer {
  return () => ({
    status: 200,
    body: { status: "ok", draining: deps.inflight.draining, slack: connection.state },
  });
}

/** The kennel API's status report, read at most once each `cacheMs`; undefined when it cannot be read. */
function cachedKennelReport(deps: BotDeps, cacheMs: number): () => Promise<StatusReport | undefined> {
  let ready: { at: number; report: StatusReport } | undefined;
  return async () => {
    if (ready && Date.now() - ready.at < cacheMs) return ready.report;
    try {
      const report = await apiStatus(deps.kennel);
      ready = { at: Date.now(), report };
      return report;
    } catch {
      return undefined;
    }
  };
}

/**
 * /readyz: which part is not ready, in words and by name, never a path, a host or an error's text.
 * The kennel API's report is cached `cacheMs`.
 */
export function readinessAnswer(
  deps: BotDeps,
  connection: SlackConnection,
  cacheMs: number,
): () => Promise<Answer> {
  const kennelReport = cachedKennelReport(deps, cacheMs);
  return async () => {
    const [report, store] = await Promise.all([kennelReport(), storeHealth(deps.record)]);
    const { lastError: _details, ...link } = connection.snapshot();
    const kennel = { state: report?.state ?? "unreachable", requestId: report?.requestId };
    const draining = deps.inflight.draining;
    const notReady = [
      ...(draining ? ["stopping"] : []),
      ...(link.connected ? [] : ["slack"]),
      ...(kennel.state === "ok" ? [] : ["kennel_api"]),
      ...(store.ok ? [] : ["care_record"]),
    ];
    const words = [
      draining ? "stopping: finishing the commands in flight" : "",
      link.connected ? "" : `Slack: ${describeSlackLink(link)}`,
      kennel.state === "ok" ? "" : `the kennel API: ${kennel.state.replace("_", " ")}`,
      store.ok ? "" : "the care record: cannot be used now",
    ].filter(Boolean);
    const state = draining
      ? "stopping"
      : !link.connected
        ? `slack_${link.state}`
        : kennel.state !== "ok" || store.ok
          ? kennel.state
          : "store_unavailable";
    return {
      status: notReady.length === 0 ? 200 : 503,
      body: {
        state,
        notReady,
        message: words.length ? `Not ready: ${words.join("; ")}.` : undefined,
        requestId: kennel.requestId,
        kennel,
        slack: link,
        store: { ok: store.ok, engine: store.engine },
      },
    };
  };
}
