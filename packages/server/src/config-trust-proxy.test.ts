import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { ConfigError, readConfig } from "./config.ts";

const trustProxy = (value: string) =>
  readConfig({ TRUST_PROXY: value }, "/nonexistent-repository-root").trustProxy;

describe("TRUST_PROXY", () => {
  it("trusts no proxy when unset or empty", () => {
    expect(readConfig({}, "/nonexistent-repository-root").trustProxy).toEqual([]);
    expect(trustProxy(" ")).toEqual([]);
  });

  it("takes addresses, CIDR ranges and Fastify's named ranges, which Fastify accepts", () => {
    const list = trustProxy("10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback,uniquelocal");
    expect(list).toEqual([
      "10.0.0.1",
      "192.168.0.0/16",
      "::1",
      "fd00::/8",
      "loopback",
      "uniquelocal",
    ]);
    expect(() => Fastify({ trustProxy: list })).not.toThrow();
  });

  it.each([
    "true",
    "*",
    "10.0.0.1,,10.0.0.2",
    "10.0.0.300",
    "10.0.0.0/33",
    "fd00::/129",
    "10.0.0.0/8/8",
    "10.0.0.0/x",
    "proxy.example.com",
    "fe80::1%eth0",
  ])("refuses %j with a message that names the variable", (value) => {
    expect(() => trustProxy(value)).toThrow(ConfigError);
    expect(() => trustProxy(value)).toThrow(/^TRUST_PROXY must list the addresses or CIDR ranges/);
  });
});
