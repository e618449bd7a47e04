import { z } from "zod";
import { imageTypes } from "@anbox-dashboard/contract";

/**
 * The cluster's rule for an image name: what the provided images use ("jammy:android14:amd64"),
 * i.e. letters, digits and `. _ : -`, starting with a letter or a digit.
 */
export const imageNamePattern = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;
export const imageNameMaxLength = 255;

/** `X-AMS-Request` of an image upload: `{"name":"my-image","default":false,"type":"container"}`. */
export const imageUploadRequestSchema = z.object({
  name: z
    .string({ message: "must be the name of the new image" })
    .min(1, "must not be empty")
    .max(imageNameMaxLength, `must be at most ${imageNameMaxLength} characters`)
    .regex(
      imageNamePattern,
      "must start with a letter or a digit and hold only letters, digits, '.', '_', ':' and '-'",
    ),
  default: z.boolean({ message: "must be true or false" }).optional(),
  type: z.enum(imageTypes, { message: 'must be "container" or "vm"' }).optional(),
});
