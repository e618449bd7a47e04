import { describe, expect, it } from "vitest";
import { registerCommand } from "./register-command.ts";

describe("registerCommand", () => {
  it("is the plain command for the appliance and asks for an address in the orchestrator variant", () => {
    expect(registerCommand("appliance")).toBe("bin/dashboard register");
    expect(registerCommand("orchestrator")).toBe(
      "bin/dashboard register --email <your e-mail address>",
    );
  });

  it("names a data directory other than the default, quoted for the shell when needed", () => {
    expect(registerCommand("appliance", "/srv/anbox")).toBe(
      "DATA_DIR=/srv/anbox bin/dashboard register",
    );
    expect(registerCommand("appliance", "/tmp/my data's")).toBe(
      "DATA_DIR='/tmp/my data'\\''s' bin/dashboard register",
    );
  });
});
