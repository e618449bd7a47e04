import type { Control } from "react-hook-form";
import type { ClusterImage } from "../../../api/catalog.ts";
import type { Cluster } from "../../../api/clusters.ts";
import { RadioGroupField } from "../../../components/form/RadioGroupField.tsx";
import { instanceTypeOptions } from "../../../components/form/instance-type-options.ts";
import { SelectField } from "../../../components/form/SelectField.tsx";
import { TextField } from "../../../components/form/TextField.tsx";
import type { ApplicationFormValues } from "./application-form-values.ts";
import { LockedFact } from "../../../components/form/LockedFact.tsx";
import {
  nameCheckHelp,
  nameCheckSuccess,
  type NameCheck,
} from "../../../components/form/use-name-check.ts";
import { FormSection } from "../../../components/form/FormSection.tsx";
import { ClusterField } from "../../../components/form/ClusterField.tsx";

interface ApplicationSourceSectionProps {
  control: Control<ApplicationFormValues>;
  values: ApplicationFormValues;
  clusters: readonly Cluster[];
  images: { items: ClusterImage[]; isPending: boolean; error: Error | null };
  /** On edit: the name, the cluster and the type are the application's and cannot change. */
  locked: boolean;
  /** The live check of the name (adding). */
  nameCheck: NameCheck;
}

/** The cluster's rules for an application's name (`applicationNameSchema`), said before typing. */
const nameRules =
  'The package name is usual (com.example.game). At most 255 characters, without spaces or any of < > : " / \\ | ? *.';

/** Where the application goes, its name, and what it runs as and on: its type and image. */
export function ApplicationSourceSection({
  control,
  values,
  clusters,
  images,
  locked,
  nameCheck,
}: ApplicationSourceSectionProps) {
  const typeWords = values.containerOrVm === "vm" ? "virtual machine" : "container";
  const defaultImage = images.items.find((image) => image.default);
  return (
    <FormSection id="application-form-details" title="Details">
      {locked ? (
        <>
          <LockedFact
            label="Name"
            value={values.name}
            reason="The cluster cannot rename an application: add a new one to use another name."
          />
          <LockedFact label="Cluster" value={values.clusterId} />
          <LockedFact
            label="Instance type"
            value={values.containerOrVm === "vm" ? "Virtual machine" : "Container"}
            reason="The cluster cannot change what an application runs as: add a new application to run it as the other type."
          />
        </>
      ) : (
        <>
          <TextField
            control={control}
            name="name"
            label="Name"
            required
            live
            success={nameCheckSuccess(nameCheck)}
            help={nameCheckHelp(nameCheck, "application") ?? nameRules}
          />
          <ClusterField
            control={control}
            name="clusterId"
            clusters={clusters}
            shownValue={values.clusterId}
            sayWhere
          />
          <RadioGroupField
            control={control}
            name="containerOrVm"
            legend="Instance type"
            options={instanceTypeOptions(
              values.clusterId,
              clusters.find((cluster) => cluster.id === values.clusterId)?.health,
            )}
            help="What the application's instances run as; the image list follows."
          />
        </>
      )}
      <SelectField
        control={control}
        name="imageId"
        label="Image"
        disabled={images.isPending}
        problem={
          images.error ? `The images could not be loaded: ${images.error.message}` : undefined
        }
        help={
          images.isPending || images.error
            ? undefined
            : images.items.length === 0
              ? `This cluster has no ${typeWords} image that can be used now.`
              : `The Android system the application runs on: ${typeWords} images of the cluster.`
        }
      >
        <option value="">
          {images.isPending
            ? "Loading images…"
            : `The cluster's default${defaultImage ? ` (${defaultImage.name})` : ""}`}
        </option>
        {images.items.map((image) => (
          <option key={image.id} value={image.name}>
            {image.name}
          </option>
        ))}
        {values.imageId !== "" &&
          !images.items.some((image) => [image.name, image.id].includes(values.imageId)) && (
            // Named in the manifest but not in the list: shown, and its message says so.
            <option value={values.imageId}>{values.imageId}</option>
          )}
      </SelectField>
    </FormSection>
  );
}
