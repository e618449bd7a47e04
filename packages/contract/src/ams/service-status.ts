import { z } from "zod";

/** What `GET /1.0` answers (AMS `ServiceStatus`). Clients detect features through `api_extensions`. */
export const serviceStatusSchema = z.object({
  api_extensions: z.array(z.string()),
  api_status: z.string(),
  api_version: z.string(),
  auth: z.enum(["trusted", "untrusted"]),
  auth_methods: z.array(z.string()),
  cluster_id: z.string(),
  cluster_name: z.string(),
  server_version: z.string(),
});

export type ServiceStatus = z.infer<typeof serviceStatusSchema>;
