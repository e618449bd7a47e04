import { z } from "zod";

/**
 * How the dashboard was installed. It decides which command registers an account: the appliance
 * runs it as it is; the orchestrator variant takes the e-mail address of the person to register.
 */
export const deploymentVariants = ["appliance", "orchestrator"] as const;
export const deploymentVariantSchema = z.enum(deploymentVariants);
export type DeploymentVariant = z.infer<typeof deploymentVariantSchema>;

/** `GET /api/auth-info`: what the login page needs before anyone is signed in. */
export const authInfoSchema = z.object({
  hasUsers: z.boolean(),
  isExternalIdp: z.boolean(),
  variant: deploymentVariantSchema,
  /** The exact command that registers an account for this dashboard (its variant, its data directory). */
  registerCommand: z.string().optional(),
});

export type AuthInfo = z.infer<typeof authInfoSchema>;
