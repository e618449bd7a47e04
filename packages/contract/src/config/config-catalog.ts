// The catalogue of AMS configuration keys (`GET/PATCH /1.0/config`, reference 2.8, defaults from
// the AMS swagger), each typed, defaulted and described, written once for both sides: the
// embedded cluster accepts, checks and defaults exactly these keys, and the dashboard server
// describes a cluster's keys to the browser from it (`GET /api/config`), so that each gets the
// editor that fits it. Keys that only make sense for a real AMS deployment (OpenFGA, proxies,
// listen addresses, secrets) are left out: a real AMS that reports them shows them as text,
// `known: false`. The `oidc.*` keys are here because the embedded cluster's API over TCP accepts
// bearer tokens of the configured identity provider.
import type { AmsConfigValue } from "../ams/config.ts";
import type { ConfigKeyView } from "../api/config.ts";
import {
  booleanKey,
  durationKey,
  enumKey,
  integerKey,
  stringKey,
  type ConfigKeyDefinition,
} from "./config-key-definition.ts";
import {
  checkFingerprint,
  checkNameList,
  checkRegistryLocation,
  checkUrl,
} from "./config-value-checks.ts";

export const configCatalog = {
  "agent.api.url": stringKey({
    default: "",
    description: "URL of the Stream Agent's API, used to create sessions for streaming instances",
    check: checkUrl,
  }),
  "agent.api.fingerprint": stringKey({
    default: "",
    description: "SHA-256 fingerprint of the Stream Agent's certificate",
    check: checkFingerprint,
  }),
  "application.addons": stringKey({
    default: "",
    description: "Comma-separated addons that every application uses",
    check: checkNameList,
  }),
  "application.auto_publish": booleanKey({
    default: true,
    description: "Publish a new application version automatically once it is bootstrapped",
  }),
  "application.auto_update": booleanKey({
    default: true,
    description: "Rebuild applications automatically when their image or addons change",
  }),
  "application.default_abi": stringKey({
    default: "",
    description: 'ABI of applications that do not name one, e.g. "arm64-v8a"',
  }),
  "application.max_published_versions": integerKey({
    default: 3,
    min: 0,
    max: 100,
    description:
      "Published versions kept per application; publishing another revokes the oldest (0: no limit)",
  }),
  "core.max_requests_per_second": integerKey({
    default: 1000,
    min: 0,
    max: 1_000_000,
    description: "Requests per second the API accepts (0: no limit)",
  }),
  "cpu.limit_mode": enumKey({
    default: "scheduler",
    allowed: ["scheduler", "pinning"],
    description: "How instance CPU limits are applied: by the kernel scheduler or by pinning cores",
  }),
  "gpu.type": enumKey({
    default: "none",
    allowed: ["none", "nvidia", "amd", "intel"],
    description: "Type of GPU the nodes have",
  }),
  "images.url": stringKey({
    default: "https://images.anbox-cloud.io/stable/",
    description: "Image server the provided images are imported from",
    check: checkUrl,
  }),
  "images.allow_insecure": booleanKey({
    default: false,
    description: "Accept an image server whose certificate is not trusted",
  }),
  "images.update_interval": durationKey({
    default: "5m",
    description: "How often the image server is checked for new image versions",
  }),
  "images.version_lockstep": booleanKey({
    default: true,
    description: "Only take image versions matching the cluster's own version",
  }),
  "instance.apt_mirror": stringKey({
    default: "",
    description: "APT mirror instances use",
    check: checkUrl,
  }),
  "instance.default_platform": enumKey({
    default: "null",
    allowed: ["null", "webrtc", "swrast"],
    description: "Platform of instances that do not name one",
  }),
  "instance.features": stringKey({
    default: "",
    description: "Comma-separated feature flags given to every instance",
    check: checkNameList,
  }),
  "instance.network_proxy": stringKey({
    default: "",
    description: "HTTP proxy instances use",
    check: checkUrl,
  }),
  "instance.security_updates": booleanKey({
    default: true,
    description: "Install security updates when applications are bootstrapped",
  }),
  "load_balancer.url": stringKey({
    default: "",
    description: "URL of a load balancer in front of the API",
    check: checkUrl,
  }),
  "node.queue_size": integerKey({
    default: 100,
    min: 1,
    max: 100_000,
    description: "Start/stop requests queued per node",
  }),
  "node.workers_per_queue": integerKey({
    default: 4,
    min: 1,
    max: 1000,
    description: "Workers handling each node's queue",
  }),
  "oidc.issuer_url": stringKey({
    default: "",
    description:
      "Issuer of the OIDC bearer tokens accepted over TCP (discovery at /.well-known/openid-configuration)",
    check: checkUrl,
  }),
  "oidc.client_id": stringKey({
    default: "",
    description:
      "Client id of AMS at the identity provider; the tokens' audience unless oidc.audience is set",
  }),
  "oidc.audience": stringKey({
    default: "",
    description: "Audience the OIDC bearer tokens must carry, when it is not the client id",
  }),
  "registry.url": stringKey({
    default: "",
    description:
      "Where the Anbox Application Registry is: an http(s) URL, or for this embedded cluster a local directory (an absolute path or file:// URL)",
    check: checkRegistryLocation,
  }),
  "registry.fingerprint": stringKey({
    default: "",
    description: "SHA-256 fingerprint of the registry's certificate",
    check: checkFingerprint,
  }),
  "registry.mode": enumKey({
    default: "pull",
    allowed: ["manual", "pull", "push"],
    description:
      "Whether applications are pulled from, pushed to, or synced by hand with the registry",
  }),
  "registry.filter": stringKey({
    default: "",
    description: "Comma-separated tags an application needs to be pulled from the registry",
    check: checkNameList,
  }),
  "registry.update_interval": durationKey({
    default: "1h",
    description: "How often the registry is synchronised",
  }),
  "scheduler.strategy": enumKey({
    default: "spread",
    allowed: ["spread", "binpack"],
    description: "spread: place instances on the least loaded node; binpack: on the most loaded",
  }),
} satisfies Record<string, ConfigKeyDefinition<AmsConfigValue>>;

export type ConfigKeyName = keyof typeof configCatalog;

/** The typed value of a key, e.g. `boolean` for `application.auto_publish`. */
export type ConfigValue<K extends ConfigKeyName> =
  (typeof configCatalog)[K] extends ConfigKeyDefinition<infer T> ? T : never;

export type ConfigValues = { [K in ConfigKeyName]: ConfigValue<K> };

/** Deprecated `container.*` names (before 1.20) that still set their `instance.*` key. */
const configKeyAliases: Readonly<Record<string, ConfigKeyName>> = {
  "container.apt_mirror": "instance.apt_mirror",
  "container.default_platform": "instance.default_platform",
  "container.features": "instance.features",
  "container.network_proxy": "instance.network_proxy",
  "container.security_updates": "instance.security_updates",
};

export const configKeyNames = Object.keys(configCatalog) as ConfigKeyName[];

/**
 * The key a name designates (following the deprecated aliases), or undefined when there is none.
 * Only own keys: a name such as `constructor` or `toString` is no key.
 */
export function resolveConfigKey(name: string): ConfigKeyName | undefined {
  if (Object.hasOwn(configCatalog, name)) return name as ConfigKeyName;
  return Object.hasOwn(configKeyAliases, name) ? configKeyAliases[name] : undefined;
}

/** A key's definition with its value type widened, for code that handles every key alike. */
export function configKeyDefinition(key: ConfigKeyName): ConfigKeyDefinition<AmsConfigValue> {
  return configCatalog[key];
}

/**
 * A key as the dashboard shows it: its value with what the catalogue says of it, or, for a key the
 * catalogue does not know (a real AMS has more), as text with no default and `known: false`.
 * Only the exact name is looked up: a cluster reports its keys by their current names.
 */
export function describeConfigKey(name: string, value: AmsConfigValue): ConfigKeyView {
  if (!Object.hasOwn(configCatalog, name)) {
    return { name, value, type: "string", description: "", known: false };
  }
  const definition = configKeyDefinition(name as ConfigKeyName);
  return {
    name,
    value,
    type: definition.type,
    default: definition.default,
    description: definition.description,
    ...(definition.min === undefined ? {} : { min: definition.min }),
    ...(definition.max === undefined ? {} : { max: definition.max }),
    ...(definition.allowed === undefined ? {} : { allowed: [...definition.allowed] }),
    known: true,
  };
}
