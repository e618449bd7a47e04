import { Link } from "react-router";
import type { InstanceType } from "@anbox-dashboard/contract";
import type { ClusterImage } from "../../../api/catalog.ts";
import type { InstanceCreateFormValues, SetFormField, SourceType } from "./create-form-values.ts";
import { RadioGroup } from "./RadioGroup.tsx";
import { SelectField } from "./SelectField.tsx";
import type { LaunchableApplication } from "./source-options.ts";
import type { SourceList } from "./use-source-options.ts";

interface SourceSectionProps {
  values: InstanceCreateFormValues;
  applications: SourceList<LaunchableApplication> & { incomplete: boolean };
  images: SourceList<ClusterImage>;
  applicationError: string | undefined;
  imageError: string | undefined;
  setField: SetFormField;
  onBlur: (field: "applicationId" | "imageId") => void;
}

const instanceTypes = [
  { value: "container", label: "Container" },
  { value: "vm", label: "Virtual machine" },
] as const satisfies readonly { value: InstanceType; label: string }[];

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
export function SourceSection({
  values,
  applications,
  images,
  applicationError,
  imageError,
  setField,
  onBlur,
}: SourceSectionProps) {
  return (
    <section className="instance-create__section" aria-labelledby="instance-create-source">
      <h2 className="p-heading--4" id="instance-create-source">
        Source
      </h2>
      <RadioGroup
        legend="Instance type"
        name="instance-type"
        value={values.containerOrVm}
        options={instanceTypes}
        onChange={(type) => {
          setField("containerOrVm", type);
        }}
      />
      <RadioGroup
        legend="Make the instance from"
        name="instance-source-type"
        value={values.sourceType}
        options={sourceTypes}
        help={
          values.sourceType === "application"
            ? "The cluster starts the newest published version of the application."
            : "A bare Android system, without an application installed."
        }
        onChange={(sourceType) => {
          setField("sourceType", sourceType);
        }}
      />
      {values.sourceType === "application" ? (
        <SelectField
          id="instance-application"
          label="Application"
          value={values.applicationId}
          disabled={applications.isPending}
          error={
            applications.error
              ? `The applications could not be loaded: ${applications.error.message}`
              : applicationError
          }
          help={applicationHelp(applications, values.containerOrVm)}
          onChange={(applicationId) => {
            setField("applicationId", applicationId);
          }}
          onBlur={() => {
            onBlur("applicationId");
          }}
        >
          <option value="">
            {applications.isPending ? "Loading applications…" : "Choose an application"}
          </option>
          {applications.items.map((application) => (
            <option key={application.id} value={application.id}>
              {application.name} (version {application.version})
            </option>
          ))}
        </SelectField>
      ) : (
        <SelectField
          id="instance-image"
          label="Image"
          value={values.imageId}
          disabled={images.isPending}
          error={
            images.error ? `The images could not be loaded: ${images.error.message}` : imageError
          }
          help={imageHelp(images, values.containerOrVm)}
          onChange={(imageId) => {
            setField("imageId", imageId);
          }}
          onBlur={() => {
            onBlur("imageId");
          }}
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
    </section>
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
  const listed = `Ready applications that run as ${typeWords[type]}, with their newest published version.`;
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
