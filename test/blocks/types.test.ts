/**
 * Our Block Kit types are a subset of Slack's own (@slack/types, as Bolt exports them): every block and
 * message the renderers build is assignable to what the Web API client accepts, with no cast. The
 * checks are type-level: `tsc --noEmit` in `npm test` fails if the types drift apart.
 */
import type { types as slack } from "@slack/bolt";
import { describe, expect, expectTypeOf, it } from "vitest";
import type {
  ImageElement,
  Message,
  Block as OurBlock,
  Button as OurButton,
} from "../../src/blocks/types.ts";

describe("Block Kit types", () => {
  it("our blocks, buttons and image elements are Slack's", () => {
    expectTypeOf<OurBlock>().toExtend<slack.KnownBlock>();
    expectTypeOf<OurButton>().toExtend<slack.Button>();
    expectTypeOf<ImageElement>().toExtend<slack.ImageElement>();
    expectTypeOf<Message["blocks"]>().toExtend<(slack.KnownBlock | slack.Block)[]>();
    // A value check too, so the file is not empty at run time.
    const blocks: slack.KnownBlock[] = [] satisfies OurBlock[];
    expect(blocks).toEqual([]);
  });
});
