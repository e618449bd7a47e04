import { z } from "zod";
import { groupDescriptionMaxLength, groupNameError } from "@anbox-dashboard/contract";

export interface CreateGroupFormValues {
  name: string;
  description: string;
}

/** The create-group form's rules: the server's own (`groupNameError`), checked as typed. */
export const createGroupFormSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "Name the group.")
    .superRefine((name, context) => {
      const error = groupNameError(name);
      if (error !== undefined) context.addIssue({ code: "custom", message: error });
    }),
  description: z
    .string()
    .max(groupDescriptionMaxLength, `At most ${String(groupDescriptionMaxLength)} characters.`),
});
