import { describe, expect, it } from "vitest";
import { HttpError } from "@anbox-dashboard/http-kit";
import { sharePath } from "./gateway.ts";

describe("sharePath", () => {
  it("is the gateway's path of a token", () => {
    expect(sharePath("abcdefghijklmnop_-12")).toBe("/1.0/shares/abcdefghijklmnop_-12");
  });

  it("refuses what cannot be a token with a 404 that says what is wrong, in plain words", () => {
    let refusal: unknown;
    try {
      sharePath("made-up");
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({
      statusCode: 404,
      message: "This is not a share link: check that the link was copied whole.",
    });
  });
});
