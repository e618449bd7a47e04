export * from "./ams/envelope.ts";
export * from "./ams/service-status.ts";
export * from "./api/api-error.ts";
export * from "./api/auth-info.ts";
export * from "./api/cluster.ts";
export * from "./api/register-command.ts";
export * from "./ams/operation.ts";
export * from "./ams/event.ts";
