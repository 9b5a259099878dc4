/**
 * The Node.js the bot and the command line need, checked first by their entries (src/main.ts,
 * src/cli.ts) before anything else loads: on an older Node.js, a line saying so and exit 2, where
 * before the entry ran nothing and exited 0 without a word. Imports nothing, so it runs on any Node.js.
 */

/** Node.js 24.2 is the first 24 with everything Kennel Desk uses (import.meta.main). */
const NEEDED = { major: 24, minor: 2 };

/**
 * The one line to say when this Node.js cannot run Kennel Desk; undefined when it can. `again`: the
 * command to run again once Node.js 24 is there (`node dist/main.js`, `node dist/cli.js arrivals`).
 */
export function nodeVersionProblem(version: string, again = "node dist/main.js"): string | undefined {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  if (major > NEEDED.major || (major === NEEDED.major && minor >= NEEDED.minor)) return undefined;
  return `Kennel Desk needs Node.js ${NEEDED.major} (${NEEDED.major}.${NEEDED.minor} or later) and this is Node.js ${version.replace(/^v/, "")}: install Node.js ${NEEDED.major} and start it again (${again}).`;
}
