import { useCallback, useEffect, useRef, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import {
  deviceFileMaxBytes,
  deviceFileMaxText,
  deviceFileNameProblem,
} from "@anbox-dashboard/contract";
import { pushDeviceFile } from "../../../api/device.ts";
import { isUploadCancelled } from "../../../api/upload-request.ts";
import { storeDeviceState } from "../../../queries/device.ts";

/** One file on its way into the device's downloads, or there, or refused. */
export interface FileTransfer {
  id: number;
  name: string;
  sent: number;
  total: number;
  status: "sending" | "done" | "failed";
  /** The refusal (the server's, or the page's before sending). */
  error?: Error | undefined;
  /** The package the device installed it as (an APK). */
  installedAs?: string | undefined;
}

export interface FilePush {
  transfers: readonly FileTransfer[];
  /** Sends each file, one after another's start, each with its own progress. */
  push: (files: readonly File[]) => void;
  cancel: (id: number) => void;
  /** Forgets the ended transfers. */
  clear: () => void;
}

/**
 * Files pushed into an instance's device (dropped on the stream or picked in the panel). Owned by
 * the stream page, so that a drop and the panel show the same transfers, and a transfer goes on
 * while the panel is closed. A name or size the device would refuse fails at once, unsent.
 */
export function useFilePush(
  clusterId: string | undefined,
  instanceId: string | undefined,
): FilePush {
  const client = useQueryClient();
  const [transfers, setTransfers] = useState<FileTransfer[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const nextId = useRef(1);

  const update = useCallback((id: number, change: Partial<FileTransfer>) => {
    setTransfers((all) => all.map((one) => (one.id === id ? { ...one, ...change } : one)));
  }, []);

  const push = useCallback(
    (files: readonly File[]) => {
      if (clusterId === undefined || instanceId === undefined) return;
      for (const file of files) {
        const id = nextId.current++;
        const problem =
          deviceFileNameProblem(file.name) ??
          (file.size > deviceFileMaxBytes
            ? `${file.name} is larger than the ${deviceFileMaxText} a device takes in one file`
            : undefined);
        const transfer: FileTransfer = {
          id,
          name: file.name,
          sent: 0,
          total: file.size,
          status: problem === undefined ? "sending" : "failed",
          error: problem === undefined ? undefined : new Error(problem),
        };
        setTransfers((all) => [transfer, ...all]);
        if (problem !== undefined) continue;
        const controller = new AbortController();
        controllers.current.set(id, controller);
        pushDeviceFile(clusterId, instanceId, file, {
          signal: controller.signal,
          onProgress: ({ sent, total }) => {
            update(id, { sent, total });
          },
        })
          .then((state) => {
            storeDeviceState(client, clusterId, instanceId, state);
            const installed = state.installed_apps.find((app) => app.file === file.name);
            update(id, { status: "done", sent: file.size, installedAs: installed?.package });
          })
          .catch((error: unknown) => {
            if (isUploadCancelled(error)) {
              setTransfers((all) => all.filter((one) => one.id !== id));
              return;
            }
            update(id, {
              status: "failed",
              error: error instanceof Error ? error : new Error(String(error)),
            });
          })
          .finally(() => {
            controllers.current.delete(id);
          });
      }
    },
    [client, clusterId, instanceId, update],
  );

  const cancel = useCallback((id: number) => {
    controllers.current.get(id)?.abort();
  }, []);

  const clear = useCallback(() => {
    setTransfers((all) => all.filter((one) => one.status === "sending"));
  }, []);

  // Leaving the page stops what it was sending.
  useEffect(() => {
    const running = controllers.current;
    return () => {
      for (const controller of running.values()) controller.abort();
    };
  }, []);

  return { transfers, push, cancel, clear };
}
