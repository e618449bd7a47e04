import { z } from "zod";
import { registryTransferSchema } from "@anbox-dashboard/contract";

/** What the push dialog holds: the cluster, and one of its applications by id. */
export interface PushFormValues {
  clusterId: string;
  id: string;
}

/** The dialog's rules: a cluster chosen, and the contract's rule for the application's id. */
export const pushFormSchema = z.object({
  clusterId: z.string().min(1, "Choose a cluster"),
  id: z.string().min(1, "Choose an application").pipe(registryTransferSchema.shape.id),
});
