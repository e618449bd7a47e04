import { useMutation } from "@tanstack/react-query";
import { ApiError } from "../api/api-fetch.ts";
import type { ApplicationPatch, ClusterOperation, InstanceType } from "@anbox-dashboard/contract";
import {
  createApplication,
  createApplicationVersion,
  updateApplication,
} from "../api/applications-upload.ts";
import type { UploadProgressEvent } from "../api/upload-request.ts";
import { registerOperationFailureHandler } from "../context/events/operation-failure-handlers.ts";
import { mutationToasts, untilEnded } from "../context/mutation-meta.ts";
import { showToast } from "../context/query-client.ts";
import { queryKeys } from "../context/query-keys.ts";
import { fetchApplication } from "../api/applications.ts";
import { nameTakenQuery } from "./name-check.ts";

// The application form's writes. The cluster answers each with an operation at once; the events
// then move the application from initializing to ready (or error) on every page that shows it. A
// refusal of the request (invalid manifest, name taken, not an APK) is the mutation's error, shown
// in the form; a failure of the operation later is told by a toast.

/** What the application form sends. */
export type ApplicationWrite =
  | {
      kind: "create";
      clusterId: string;
      name: string;
      manifest: string;
      instanceType: InstanceType;
      apk: File;
      /** Not a manifest key: set by a change of the new application once it exists (as AMS does). */
      inhibitAutoUpdates: boolean;
      signal: AbortSignal;
      onProgress: (progress: UploadProgressEvent) => void;
      /** The form submission's key (`useFormSubmission`). */
      idempotencyKey: string;
    }
  | {
      kind: "version";
      clusterId: string;
      id: string;
      name: string;
      manifest: string;
      apk: File;
      signal: AbortSignal;
      onProgress: (progress: UploadProgressEvent) => void;
      /** The form submission's key (`useFormSubmission`). */
      idempotencyKey: string;
    }
  | { kind: "update"; clusterId: string; id: string; name: string; patch: ApplicationPatch };

/** Where the application the write is about is: its cluster and id, and the cluster's operation. */
export interface ApplicationWritten {
  clusterId: string;
  id: string;
  operation: ClusterOperation;
  /** Why the change that followed the upload (inhibiting automatic updates) failed, if it did. */
  followUpError?: string;
}

async function writeApplication(write: ApplicationWrite): Promise<ApplicationWritten> {
  switch (write.kind) {
    case "create": {
      const created = await createApplication(
        write.clusterId,
        { manifest: write.manifest, instanceType: write.instanceType, apk: write.apk },
        {
          signal: write.signal,
          onProgress: write.onProgress,
          idempotencyKey: write.idempotencyKey,
        },
      );
      if (!write.inhibitAutoUpdates) return created;
      // The application exists now: a failure here must not read as a failed upload (the user
      // would add it again and be told its name is taken), so it is told apart.
      try {
        await updateApplication(created.clusterId, created.id, { inhibit_auto_updates: true });
        return created;
      } catch (error) {
        return {
          ...created,
          followUpError: error instanceof Error ? error.message : String(error),
        };
      }
    }
    case "version": {
      const operation = await createApplicationVersion(
        write.clusterId,
        write.id,
        { manifest: write.manifest, apk: write.apk },
        {
          signal: write.signal,
          onProgress: write.onProgress,
          idempotencyKey: write.idempotencyKey,
        },
      );
      return { clusterId: write.clusterId, id: write.id, operation };
    }
    case "update": {
      const operation = await updateApplication(write.clusterId, write.id, write.patch);
      return { clusterId: write.clusterId, id: write.id, operation };
    }
  }
}

const doing: Record<ApplicationWrite["kind"], string> = {
  create: "Adding",
  version: "Adding a new version of",
  update: "Updating",
};

const done: Record<ApplicationWrite["kind"], string> = {
  create: "Added",
  version: "Added a new version of",
  update: "Updated",
};

const failed: Record<ApplicationWrite["kind"], string> = {
  create: "Could not add",
  version: "Could not add the new version of",
  update: "Could not update",
};

/** Add an application, upload a new version of one, or change its fields. */
export function useWriteApplication() {
  return useMutation({
    mutationFn: writeApplication,
    meta: {
      toasts: mutationToasts<ApplicationWritten, ApplicationWrite>({
        // No failure toast: the form shows the refusal in the server's words.
        success: (written, write) => ({
          kind: "info",
          title: `${doing[write.kind]} ${write.name}`,
          operation: untilEnded(written.operation, `${done[write.kind]} ${write.name}`),
        }),
      }),
      invalidates: [queryKeys.applications(), queryKeys.images()],
    },
    onSuccess: (written, write, _onMutateResult, { client }) => {
      if (written.followUpError !== undefined) {
        showToast(client, {
          kind: "failure",
          title: `Added ${write.name}, but could not inhibit its automatic updates: edit it to try again`,
          error: written.followUpError,
        });
      }
      registerOperationFailureHandler(written.operation.id, (err) => {
        showToast(client, {
          kind: "failure",
          title: `${failed[write.kind]} ${write.name}`,
          error: err === "" ? "The cluster gave no reason." : err,
        });
      });
    },
  });
}

/**
 * Whether the cluster has an application of that name (`GET /api/applications/{name}`: the
 * cluster finds one by id or name, so only its name counts), for the add form's live check.
 */
export function applicationNameTakenQuery(clusterId: string, name: string) {
  return nameTakenQuery(queryKeys.applicationNameCheck(clusterId, name), async (signal) => {
    const found = await fetchApplication(clusterId, name, signal);
    if (found.name !== name) throw new ApiError(404, "No application of that name");
  });
}
