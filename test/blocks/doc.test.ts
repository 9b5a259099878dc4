/** The document's Block Kit serializer on single lines: marks Slack can parse, escaped once. */
import { describe, expect, it } from "vitest";
import { lineMrkdwn } from "../../src/blocks/doc.ts";
import { strong } from "../../src/present/doc.ts";

describe("a line in mrkdwn", () => {
  it("side-by-side spans marked alike are one marked run (two would not parse: *a**b*)", () => {
    const l = [strong("Stay record, "), strong("Tyson"), strong(": 🍽 2 meals")];
    expect(lineMrkdwn(l)).toBe("*Stay record, Tyson: 🍽 2 meals*");
    expect(
      lineMrkdwn([
        { text: "a ", struck: true },
        { text: "<b>", struck: true },
      ]),
    ).toBe("~a &lt;b&gt;~");
  });

  it("spans marked differently keep their own marks; plain ones stay plain", () => {
    expect(lineMrkdwn([strong("Kennel 5"), { text: " Juniper" }, { text: " off", em: true }])).toBe(
      "*Kennel 5* Juniper _off_",
    );
  });
});
