import { useMutation } from "@tanstack/react-query";
import type { ApplicationPatch, ClusterOperation, InstanceType } from "@anbox-dashboard/contract";
import {
  createApplication,
  createApplicationVersion,
  updateApplication,
} from "../api/applications-upload.ts";
import type { UploadProgressEvent } from "../api/upload-request.ts";
import { registerOperationFailureHandler } from "../context/events/operation-failure-handlers.ts";
import { mutationToasts } from "../context/mutation-meta.ts";
import { showToast } from "../context/query-client.ts";
import { queryKeys } from "../context/query-keys.ts";

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
      signal: AbortSignal;
      onProgress: (progress: UploadProgressEvent) => void;
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
    }
  | { kind: "update"; clusterId: string; id: string; name: string; patch: ApplicationPatch };

/** Where the application the write is about is: its cluster and id, and the cluster's operation. */
export interface ApplicationWritten {
  clusterId: string;
  id: string;
  operation: ClusterOperation;
}

async function writeApplication(write: ApplicationWrite): Promise<ApplicationWritten> {
  switch (write.kind) {
    case "create": {
      const created = await createApplication(
        write.clusterId,
        { manifest: write.manifest, instanceType: write.instanceType, apk: write.apk },
        { signal: write.signal, onProgress: write.onProgress },
      );
      return created;
    }
    case "version": {
      const operation = await createApplicationVersion(
        write.clusterId,
        write.id,
        { manifest: write.manifest, apk: write.apk },
        { signal: write.signal, onProgress: write.onProgress },
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
        success: (_written, write) => ({
          kind: "info",
          title: `${doing[write.kind]} ${write.name}`,
        }),
      }),
      invalidates: [queryKeys.applications(), queryKeys.images()],
    },
    onSuccess: (written, write, _onMutateResult, { client }) => {
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
