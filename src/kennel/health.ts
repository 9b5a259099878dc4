/** GET /health and the status check built on it. */
import { KennelError } from "./errors.ts";
import type { Endpoints } from "./reading.ts";
import type { ApiState, KennelResult, StatusReport } from "./types.ts";

/**
 * GET /health. ASSUMPTION (shape not shown): any JSON body (or none) with 200 means up and the
 * key accepted; the body is returned as it came. A 404 here means the base URL is wrong.
 */
export async function health(ep: Endpoints): Promise<KennelResult<unknown>> {
  const answer = await ep.transport.get({
    segments: ["health"],
    what: "health endpoint",
    notFoundIsWrongAddress: true,
    allowEmpty: true,
  });
  return { data: answer.body, raw: answer.body, requestId: answer.requestId };
}

/**
 * The status check, as the connector's: OK, API unreachable (also: down, too slow, failing: its
 * answer not readable),
 * wrong address, key rejected. Never throws a KennelError.
 */
export async function checkStatus(ep: Endpoints): Promise<StatusReport> {
  const started = performance.now();
  const baseUrl = ep.transport.baseUrl.href;
  const done = (state: ApiState, requestId: string | undefined, error?: KennelError): StatusReport => ({
    state,
    baseUrl,
    requestId,
    error,
    durationMs: Math.round(performance.now() - started),
  });
  try {
    const result = await health(ep);
    return done("ok", result.requestId);
  } catch (error) {
    if (!(error instanceof KennelError)) throw error;
    switch (error.kind) {
      case "authentication":
        return done("key_rejected", error.requestId, error);
      case "wrong_address":
      case "not_found":
      case "bad_request":
        return done("wrong_address", error.requestId, error);
      // JSON that cannot be read (cut short, say): the API answered at this address, and is failing.
      // A web page or another type instead of JSON is a wrong address (src/kennel/transport.ts).
      default:
        return done("unreachable", error.requestId, error);
    }
  }
}
