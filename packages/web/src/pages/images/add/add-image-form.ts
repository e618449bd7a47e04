import { z } from "zod";
import {
  imageImportBodySchema,
  imageTypes,
  type ImageImportBody,
  type ImageType,
} from "@anbox-dashboard/contract";
import type { ImageUploadInput } from "../../../api/images.ts";

/** How the image comes: from the cluster's image server by name, or as a package from here. */
export const addImageModes = ["import", "upload"] as const;
export type AddImageMode = (typeof addImageModes)[number];

export interface AddImageFormValues {
  mode: AddImageMode;
  clusterId: string;
  name: string;
  type: ImageType;
  makeDefault: boolean;
  /** The image package (upload only). */
  file: File | null;
}

export const addImageDefaults: Omit<AddImageFormValues, "clusterId"> = {
  mode: "import",
  name: "",
  type: "container",
  makeDefault: false,
  file: null,
};

/** The form's rules: the name's are the contract's (the server checks the same). */
export const addImageFormSchema = z
  .object({
    mode: z.enum(addImageModes),
    clusterId: z.string().min(1, "Choose a cluster"),
    name: imageImportBodySchema.shape.name,
    type: z.enum(imageTypes),
    makeDefault: z.boolean(),
    file: z.instanceof(File).nullable(),
  })
  .refine((values) => values.mode === "import" || values.file !== null, {
    path: ["file"],
    message: "Choose an image package (a tar, tar.gz or tar.bz2 with a metadata.yaml)",
  });

/** The body of an import the values make. */
export function importOf(values: AddImageFormValues): ImageImportBody {
  return { name: values.name.trim(), type: values.type, default: values.makeDefault };
}

/** The upload the values make; undefined without a file. */
export function uploadOf(values: AddImageFormValues): ImageUploadInput | undefined {
  if (values.file === null) return undefined;
  return {
    name: values.name.trim(),
    type: values.type,
    default: values.makeDefault,
    file: values.file,
  };
}
