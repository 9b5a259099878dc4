/**
 * What is wrong with a .env file that is there but cannot be read (src/process/env-file.ts), and what
 * to do: said as a settings problem, for the bot and the `kennel-desk` command alike.
 */

/** Why the file cannot be read. */
export type EnvFileTrouble =
  | { kind: "folder" }
  | { kind: "link"; target: string }
  | { kind: "not_file" }
  | { kind: "denied"; user: string }
  | { kind: "unreadable"; reason: string };

/** Settings in the environment alone need the file gone: one there is always read. */
const ELSEWHERE = "or remove it and set the settings in the environment alone";

/** The problem and its fix, for the file named `name` (as it is looked for: ".env"). */
export function envFileWords(t: EnvFileTrouble, name: string): { problem: string; fix: string } {
  const plain = `a plain text file named ${name} (NAME=value lines)`;
  switch (t.kind) {
    case "folder":
      return {
        problem: "is a folder, not a file, so no setting can be read from it.",
        fix: `Remove the folder named ${name} (or move it elsewhere): Kennel Desk reads a ${name} in its working folder whenever there is one, even with every setting in the environment. Then put the settings in ${plain}, or leave them in the environment alone.`,
      };
    case "link":
      return {
        problem: `is a link to ${t.target}, which is not there (or leads round in a circle).`,
        fix: `Point the link at the settings file (ln -sfn /path/to/the/file ${name}), ${ELSEWHERE}.`,
      };
    case "not_file":
      return {
        problem: "is not a plain file (a pipe, a socket or a device), so no setting can be read from it.",
        fix: `Replace it with ${plain}, ${ELSEWHERE}.`,
      };
    case "denied":
      return {
        problem: `cannot be read by the user running Kennel Desk (${t.user}): permission denied.`,
        fix: `Make it readable by that user and no one else: chown ${t.user} ${name} and chmod 600 ${name} (or run Kennel Desk as the file's owner).`,
      };
    case "unreadable":
      return {
        problem: `could not be read (${t.reason}).`,
        fix: `Check that it is ${plain} that the user running Kennel Desk can read, ${ELSEWHERE}.`,
      };
  }
}
