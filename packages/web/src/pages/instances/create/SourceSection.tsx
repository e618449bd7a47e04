import type { Control } from "react-hook-form";
import { Link } from "react-router";
import type { InstanceType } from "@anbox-dashboard/contract";
import type { ClusterImage } from "../../../api/catalog.ts";
import { RadioGroupField } from "../../../components/form/RadioGroupField.tsx";
import { SelectField } from "../../../components/form/SelectField.tsx";
import type { InstanceCreateFormValues, SourceType } from "./create-form-values.ts";
import type { LaunchableApplication } from "./source-options.ts";
import type { SourceList } from "./use-source-options.ts";
import { useClusterHealth } from "../../../queries/clusters.ts";
import { instanceTypeOptions } from "../../../components/form/instance-type-options.ts";
import { useReportTourFact } from "../../../tour/tour-facts.ts";
import { FormSection } from "../../../components/form/FormSection.tsx";

interface SourceSectionProps {
  control: Control<InstanceCreateFormValues>;
  /** The resolved values: the source and the image shown are the ones the form means. */
  values: InstanceCreateFormValues;
  applications: SourceList<LaunchableApplication> & { incomplete: boolean };
  images: SourceList<ClusterImage>;
}

const sourceTypes = [
  { value: "application", label: "An application" },
  { value: "image", label: "An image" },
] as const satisfies readonly { value: SourceType; label: string }[];

const typeWords: Record<InstanceType, string> = {
  container: "a container",
  vm: "a virtual machine",
};

/**
 * What the instance runs: its type, then an application or an image of that type. An application
 * runs as the type it was made for, so both lists only hold sources of the chosen type.
 */
export function SourceSection({ control, values, applications, images }: SourceSectionProps) {
  const typeOptions = instanceTypeOptions(values.clusterId, useClusterHealth(values.clusterId));
  // What the tour's Source step asks for (tour-facts.ts).
  useReportTourFact(
    "application-chosen",
    values.sourceType === "application" && values.applicationId !== "",
  );
  return (
    <FormSection id="instance-create-source" title="Source" tourTarget="source-details">
      <RadioGroupField
        control={control}
        name="containerOrVm"
        legend="Instance type"
        options={typeOptions}
      />
      <RadioGroupField<InstanceCreateFormValues, SourceType | "">
        control={control}
        name="sourceType"
        legend="Make the instance from"
        options={sourceTypes}
        shownValue={values.sourceType}
        help={
          values.sourceType === "application"
            ? "The cluster starts the chosen published version of the application."
            : "A bare Android system, without an application installed."
        }
      />
      {values.sourceType === "application" ? (
        <>
          <SelectField
            control={control}
            name="applicationId"
            label="Application"
            shownValue={values.applicationId}
            disabled={applications.isPending}
            problem={
              applications.error
                ? `The applications could not be loaded: ${applications.error.message}`
                : undefined
            }
            help={applicationHelp(applications, values.containerOrVm)}
          >
            <option value="">
              {applications.isPending ? "Loading applications…" : "Choose an application"}
            </option>
            {applications.items.map((application) => (
              <option key={application.id} value={application.id}>
                {application.name}
              </option>
            ))}
          </SelectField>
          <VersionField control={control} values={values} applications={applications.items} />
        </>
      ) : (
        <SelectField
          control={control}
          name="imageId"
          label="Image"
          shownValue={values.imageId}
          disabled={images.isPending}
          problem={
            images.error ? `The images could not be loaded: ${images.error.message}` : undefined
          }
          help={imageHelp(images, values.containerOrVm)}
        >
          <option value="">{images.isPending ? "Loading images…" : "Choose an image"}</option>
          {images.items.map((image) => (
            <option key={image.id} value={image.id}>
              {image.name}
              {image.default ? " (default)" : ""}
            </option>
          ))}
        </SelectField>
      )}
    </FormSection>
  );
}

/** The published versions of the chosen application; its newest is chosen until another is. */
function VersionField({
  control,
  values,
  applications,
}: {
  control: Control<InstanceCreateFormValues>;
  values: InstanceCreateFormValues;
  applications: readonly LaunchableApplication[];
}) {
  const application = applications.find((candidate) => candidate.id === values.applicationId);
  return (
    <SelectField
      control={control}
      name="applicationVersion"
      label="Version"
      shownValue={values.applicationVersion}
      disabled={application === undefined}
      help={
        application === undefined
          ? "Choose an application to see its published versions."
          : "The application's published versions; the newest is chosen unless you pick another."
      }
    >
      {application === undefined ? (
        <option value="">No application chosen</option>
      ) : (
        application.versions.map((version) => (
          <option key={version} value={String(version)}>
            Version {version}
            {version === application.version ? " (newest)" : ""}
          </option>
        ))
      )}
    </SelectField>
  );
}

function applicationHelp(
  applications: SourceList<LaunchableApplication> & { incomplete: boolean },
  type: InstanceType,
) {
  if (applications.isPending || applications.error) return undefined;
  if (applications.items.length === 0) {
    return (
      <>
        No application of this cluster that runs as {typeWords[type]} is ready with a published
        version. <Link to="/applications/add">Add an application</Link>, or choose another type or
        an image.
      </>
    );
  }
  const listed = `Ready applications that run as ${typeWords[type]} and publish a version.`;
  return applications.incomplete
    ? `${listed} Only the first 100 applications by name are looked at.`
    : listed;
}

function imageHelp(images: SourceList<ClusterImage>, type: InstanceType) {
  if (images.isPending || images.error) return undefined;
  if (images.items.length === 0) {
    return `This cluster has no ${type === "vm" ? "virtual machine" : "container"} image that can be used now.`;
  }
  return `Images for ${typeWords[type]}; the cluster's default is chosen unless you pick another.`;
}
