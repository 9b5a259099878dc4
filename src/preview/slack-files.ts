/**
 * Files in the Slack stand-in, as files.uploadV2 sends them: files.getUploadURLExternal names an
 * upload_url on the stand-in itself, the bytes are POSTed there (`takeUpload`), and
 * files.completeUploadExternal shares them where its channel_id says (a message with the file);
 * conversations.open names the app's DM with a person. Kept in the stand-in's `files`, so a test
 * reads what was uploaded.
 */
import { UPLOAD_PATH, uploadedBytes } from "./slack-http.ts";
import type { HandledRequest, SlackStandIn, TimelineEntry, UploadedFile } from "./slack-standin-types.ts";

interface FilesState {
  stand: SlackStandIn;
  files: Map<string, UploadedFile>;
  add: (entry: Omit<TimelineEntry, "id" | "ts">) => TimelineEntry;
}

/** The files and DM methods files.uploadV2 uses, as Slack answers them (bot scopes checked when set). */
export function filesApi(state: FilesState, method: string, body: Record<string, unknown>): HandledRequest {
  const { stand, files } = state;
  const ok = (payload: Record<string, unknown>) => ({ status: 200, payload: { ok: true, ...payload } });
  const fail = (error: string) => ({ status: 200, payload: { ok: false, error } });
  const lacks = (scope: string) => stand.scopes !== undefined && !stand.scopes.includes(scope);
  switch (method) {
    case "conversations.open": {
      // The app's DM with one person (the stand-in's DMs are by user id: D + the user's id).
      if (lacks("im:write")) return fail("missing_scope");
      const user = String(body.users ?? "");
      if (!user || user.includes(",")) return fail("invalid_arguments");
      return ok({ channel: { id: `D${user}` } });
    }
    case "files.getUploadURLExternal": {
      if (lacks("files:write")) return fail("missing_scope");
      const length = Number(body.length);
      const filename = String(body.filename ?? "");
      if (!filename || !Number.isInteger(length) || length < 1) return fail("invalid_arguments");
      const id = `F${files.size + 1}`;
      files.set(id, { id, filename, length, completed: false });
      return ok({ upload_url: `${stand.base}${UPLOAD_PATH}${id}`, file_id: id });
    }
    case "files.completeUploadExternal":
      return completeUpload(state, body);
    default:
      return ok({});
  }
}

/** files.completeUploadExternal: each file uploaded, completed once, shared where `channel_id` says. */
function completeUpload(state: FilesState, body: Record<string, unknown>): HandledRequest {
  const { stand, files, add } = state;
  if (stand.scopes !== undefined && !stand.scopes.includes("files:write"))
    return { status: 200, payload: { ok: false, error: "missing_scope" } };
  let listed: Array<{ id?: unknown; title?: unknown }>;
  try {
    listed = typeof body.files === "string" ? JSON.parse(body.files) : (body.files as typeof listed);
  } catch {
    return { status: 200, payload: { ok: false, error: "invalid_arguments" } };
  }
  const done = Array.isArray(listed) ? listed.map((f) => files.get(String(f.id))) : [];
  if (done.length === 0 || done.some((f) => !f?.bytes || f.completed))
    return { status: 200, payload: { ok: false, error: "file_not_found" } };
  const channel = body.channel_id ? String(body.channel_id) : undefined;
  const comment = body.initial_comment ? String(body.initial_comment) : undefined;
  done.forEach((f, i) => {
    if (!f) return;
    Object.assign(f, { completed: true, title: String(listed[i]?.title ?? f.filename), channel, comment });
  });
  const shared = done.flatMap((f) => (f ? [{ id: f.id, name: f.filename, title: f.title }] : []));
  if (channel)
    add({
      via: "postMessage",
      author: "bot",
      ephemeral: false,
      channel,
      text: comment ?? "",
      files: shared,
      user: stand.self.user,
      bot_id: stand.self.bot_id,
      app_id: stand.self.app_id,
    });
  return { status: 200, payload: { ok: true, files: shared.map((f) => ({ id: f.id, title: f.title })) } };
}

/** A file's bytes POSTed to its upload_url (Slack: files.slack.com): kept until it is completed. */
export async function takeUpload(
  state: Pick<FilesState, "stand" | "files">,
  path: string,
  raw: Buffer,
  contentType: string | undefined,
  authorization?: string,
): Promise<HandledRequest> {
  const file = state.files.get(path.slice(UPLOAD_PATH.length));
  state.stand.api.push({ path, body: { length: raw.length }, at: Date.now(), authorization });
  if (!file || file.completed) return { status: 404, payload: "Not found" };
  if (state.stand.broken.has("upload")) return { status: 500, payload: "Internal error" };
  file.bytes = await uploadedBytes(raw, contentType);
  return { status: 200, payload: `OK - ${file.bytes.length}` };
}

/**
 * A file shared (completed) as the preview's page opens it from its message: its bytes, an HTML file
 * as a page that may run nothing and load nothing (the chart on paper is self-contained), else text.
 */
export function servedFile(
  stand: SlackStandIn,
  id: string,
): { status: number; body: string; type: string; headers: Record<string, string> } {
  const file = stand.files.get(id);
  if (!file?.completed || !file.bytes)
    return {
      status: 404,
      body: "That file is not in this Slack.",
      type: "text/plain; charset=utf-8",
      headers: {},
    };
  const html = file.filename.toLowerCase().endsWith(".html");
  return {
    status: 200,
    body: file.bytes.toString("utf8"),
    type: html ? "text/html; charset=utf-8" : "text/plain; charset=utf-8",
    headers: { "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:" },
  };
}
