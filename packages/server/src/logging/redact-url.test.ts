import { describe, expect, it } from "vitest";
import { redactUrl } from "./redact-url.ts";

describe("redactUrl", () => {
  it("keeps a URL without secrets as it is", () => {
    expect(redactUrl("/api/instances?page=2&sort=name%20asc")).toBe(
      "/api/instances?page=2&sort=name%20asc",
    );
    expect(redactUrl("/api/sessions/abc/shares")).toBe("/api/sessions/abc/shares");
  });

  it("replaces the values of secret query parameters, however their keys are spelled", () => {
    expect(redactUrl("/api/x?secret=x&token=y&keep=1")).toBe(
      "/api/x?secret=[redacted]&token=[redacted]&keep=1",
    );
    expect(redactUrl("/register?TOKEN=a&%74oken=b&token")).toBe(
      "/register?TOKEN=[redacted]&%74oken=[redacted]&token=[redacted]",
    );
    expect(redactUrl("/api/login?next=%2F&registration=r")).toBe(
      "/api/login?next=%2F&registration=[redacted]",
    );
    expect(redactUrl("/api/oidc/callback?code=c&state=s&iss=i")).toBe(
      "/api/oidc/callback?code=[redacted]&state=s&iss=i",
    );
    expect(redactUrl("/oidc/session/end?id_token_hint=eyJ.x.y&post_logout_redirect_uri=u")).toBe(
      "/oidc/session/end?id_token_hint=[redacted]&post_logout_redirect_uri=u",
    );
    expect(redactUrl("/x?%E0%A4%A=1&token=t")).toBe("/x?%E0%A4%A=1&token=[redacted]");
  });

  it("replaces the share tokens in paths, as the router would match them", () => {
    expect(redactUrl("/stream/abc123")).toBe("/stream/[redacted]");
    expect(redactUrl("/api/public/streams/abc123/join?x=1")).toBe(
      "/api/public/streams/[redacted]/join?x=1",
    );
    expect(redactUrl("/API//Shares//abc123")).toBe("/API//Shares//[redacted]");
  });
});
