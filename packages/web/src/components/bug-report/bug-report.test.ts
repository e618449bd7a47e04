import { describe, expect, it } from "vitest";
import { bugReportFileName, withoutSecrets } from "./bug-report.ts";

describe("withoutSecrets", () => {
  it("takes out secrets' values, secret query parameters and share links' keys", () => {
    const cleaned = withoutSecrets({
      instance: { name: "phone", config: { token: "t0ps3cret", api_key: "k" } },
      iceServers: [{ urls: ["turn:x"], username: "u", credential: "c" }],
      logs: {
        "android.log":
          "joined at /1.0/sessions/s1/join?token=abcDEF123&x=1 and https://d/stream/AbCdEfGhIjKlMnOpQrSt",
      },
      device: { clipboard: { text: "mine" }, last_sms: { number: "+1", message: "code 1234" } },
      count: 3,
    });
    expect(cleaned).toEqual({
      instance: { name: "phone", config: { token: "[removed]", api_key: "[removed]" } },
      iceServers: [{ urls: ["turn:x"], username: "u", credential: "[removed]" }],
      logs: {
        "android.log":
          "joined at /1.0/sessions/s1/join?token=[removed]&x=1 and https://d/stream/[removed]",
      },
      device: { clipboard: "[removed]", last_sms: { number: "+1", message: "[removed]" } },
      count: 3,
    });
  });
});

describe("bugReportFileName", () => {
  it("names the instance, file-safe, and when", () => {
    expect(bugReportFileName("my phone/1", new Date("2026-12-08T00:40:05.123Z"))).toBe(
      "anbox-bug-report-my_phone_1-20261208-004005.json",
    );
  });
});
