import { pipeline } from "node:stream";
import {
  applicationManifestFieldMaxLength,
  applicationUploadFileField,
  type AmsOperation,
  type ApplicationUploadResponse,
} from "@anbox-dashboard/contract";
import type { ClusterHandle } from "../../clusters/cluster-handle.ts";
import { sendApplicationPackage, type PackageTarget } from "../../ams/applications.ts";
import { HttpError } from "@anbox-dashboard/http-kit";
import {
  ApplicationPackageStream,
  maxPackagedApkBytes,
  packageOverheadBytes,
} from "../../uploads/application-package.ts";
import type { OpenedUpload } from "../../uploads/upload-route.ts";

/** The file field and the limits of both application uploads (a new application, a new version). */
export function applicationUploadLimits(uploadMaxBytes: number): {
  fileField: string;
  maxBytes: number;
  maxFieldBytes: number;
} {
  return {
    fileField: applicationUploadFileField,
    // The largest APK: the configured limit, within what a zip holds.
    maxBytes: Math.min(uploadMaxBytes, maxPackagedApkBytes),
    // A multi-byte character takes up to four bytes: room for the longest manifest the schema takes.
    maxFieldBytes: applicationManifestFieldMaxLength * 4,
  };
}

export interface PackageCall {
  target: PackageTarget;
  /** manifest.yaml's text, checked already. */
  manifestText: string;
  upload: OpenedUpload<unknown>;
}

/**
 * Streams an uploaded APK to a cluster inside an application package (manifest.yaml + app.apk,
 * zipped on the fly: `ApplicationPackageStream`) and answers the application's id with the
 * cluster's operation. The APK is never held whole nor written to disk here: each chunk goes on
 * as it arrives, as fast as the cluster takes it.
 *
 * No call timeout: a large APK takes as long as the network does. The browser going away aborts
 * the cluster's request (the upload's signal), so the cluster drops its partial package and no
 * application is made. The cluster's refusals (an invalid package or manifest, a name taken, an
 * image that cannot be used, too large) keep their status and words.
 */
export async function sendPackagedApk(
  cluster: ClusterHandle,
  call: PackageCall,
): Promise<ApplicationUploadResponse> {
  const { upload } = call;
  const packaged = new ApplicationPackageStream(call.manifestText, upload.fileName);
  // A failing APK stream (the browser's upload cut off) fails the package, which cuts the
  // cluster's request; the failure itself is reported by the request.
  pipeline(upload.file, packaged, () => undefined);
  try {
    const operation = await sendApplicationPackage(cluster, call.target, {
      body: packaged,
      maxBytes: upload.maxBytes + Buffer.byteLength(call.manifestText) + packageOverheadBytes,
      signal: upload.signal,
    });
    return {
      metadata: {
        id: applicationIdOf(operation),
        clusterId: cluster.id,
        operation: { ...operation, clusterId: cluster.id },
      },
    };
  } finally {
    if (!packaged.destroyed) packaged.destroy();
  }
}

/** The application an operation is about: its `resources.applications` holds its path. */
function applicationIdOf(operation: AmsOperation): string {
  const path = operation.resources.applications?.[0];
  const id = path?.split("/").pop();
  if (id === undefined || id === "") {
    throw new HttpError(502, "The cluster's operation does not name the application it makes");
  }
  return id;
}
