/**
 * A booking's stay record in Slack, end to end: its "Stay record" button tapped, signed as Slack
 * sends it, and the answer once it is no longer "Looking up…" (test/e2e/given-by.test.ts,
 * dose-record.test.ts).
 */
import { type Harness, SIGNING_SECRET } from "./bot.ts";
import { actionForm, postSigned, type Recorded } from "./slack.ts";

/** The stay record of booking `bookingId`, as the "Stay record" button answers it (its JSON). */
export async function stayRecordAnswer(h: Harness, bookingId: number): Promise<string> {
  const { form, id } = actionForm(h.slack, {
    action_id: `stay_record:${bookingId}`,
    value: JSON.stringify({ b: bookingId }),
  });
  await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, form);
  const isFinal = (r: Recorded) => !String(r.body.text ?? "").includes("Looking up");
  await h.slack.waitFor(() => h.slack.responsesFor(id).some(isFinal), 15_000);
  return JSON.stringify(h.slack.responsesFor(id).find(isFinal)?.body);
}
