import { describe, expect, it } from "vitest";
import { configKeyViewSchema } from "../api/config.ts";
import {
  configCatalog,
  configKeyDefinition,
  configKeyNames,
  describeConfigKey,
  resolveConfigKey,
} from "./config-catalog.ts";

describe("the catalogue of configuration keys", () => {
  it("gives each key a default its own check accepts, and a description", () => {
    for (const name of configKeyNames) {
      const definition = configKeyDefinition(name);
      expect(definition.parse(definition.default), name).toEqual({
        ok: true,
        value: definition.default,
      });
      expect(definition.description, name).not.toBe("");
    }
  });

  it("types the update intervals as durations, and checks them as such", () => {
    for (const name of ["images.update_interval", "registry.update_interval"] as const) {
      const definition = configCatalog[name];
      expect(definition.type, name).toBe("duration");
      expect(definition.parse("1h30m"), name).toEqual({ ok: true, value: "1h30m" });
      expect(definition.parse("5 minutes").ok, name).toBe(false);
    }
  });

  it("takes dots in values where names are listed (instance features)", () => {
    expect(configCatalog["instance.features"].parse("enable_virgl,foo.bar")).toEqual({
      ok: true,
      value: "enable_virgl,foo.bar",
    });
  });
});

describe("resolveConfigKey", () => {
  it("finds a key by its name, or by its deprecated container.* alias", () => {
    expect(resolveConfigKey("scheduler.strategy")).toBe("scheduler.strategy");
    expect(resolveConfigKey("container.features")).toBe("instance.features");
  });

  it("finds nothing for unknown names, internal keys, or an object's inherited names", () => {
    for (const name of ["x", "internal.seeded", "constructor", "toString", "__proto__", ""]) {
      expect(resolveConfigKey(name), name).toBeUndefined();
    }
  });
});

describe("describeConfigKey", () => {
  it("describes a known key from the catalogue, with its bounds or allowed values", () => {
    expect(describeConfigKey("application.max_published_versions", 5)).toEqual({
      name: "application.max_published_versions",
      value: 5,
      type: "integer",
      default: 3,
      description: configCatalog["application.max_published_versions"].description,
      min: 0,
      max: 100,
      known: true,
    });
    const strategy = describeConfigKey("scheduler.strategy", "binpack");
    expect(strategy).toMatchObject({ type: "enum", default: "spread", known: true });
    expect(strategy.allowed).toEqual(["spread", "binpack"]);
    expect(describeConfigKey("images.update_interval", "5m").type).toBe("duration");
    expect(describeConfigKey("application.auto_publish", false).type).toBe("boolean");
  });

  it("lists a key the catalogue does not know as text, without a default", () => {
    expect(describeConfigKey("core.proxy_http", "http://proxy:3128")).toEqual({
      name: "core.proxy_http",
      value: "http://proxy:3128",
      type: "string",
      description: "",
      known: false,
    });
    expect(describeConfigKey("constructor", "x").known).toBe(false);
  });

  it("answers what the contract's schema takes, for every key", () => {
    for (const name of configKeyNames) {
      const view = describeConfigKey(name, configCatalog[name].default);
      expect(configKeyViewSchema.parse(view), name).toEqual(view);
    }
  });
});
