import { ApiError, errorMessage, type QueryParams } from "./api-fetch.ts";
import { idempotencyKeyHeader } from "./idempotency-key.ts";

/** How far an upload has got: bytes sent of the request body, and its total. */
export interface UploadProgressEvent {
  sent: number;
  total: number;
}

export interface UploadRequestOptions {
  params?: QueryParams;
  /** The form: text fields first, the file last (the server reads them in that order). */
  form: FormData;
  /** Aborting it stops the upload; the promise then rejects with an `AbortError`. */
  signal?: AbortSignal | undefined;
  onProgress?: ((progress: UploadProgressEvent) => void) | undefined;
  /** The submission's key (`newIdempotencyKey`): the server makes the thing once per key. */
  idempotencyKey?: string | undefined;
}

/**
 * `POST`s a multipart form with a file to the dashboard server and reads its JSON answer, with the
 * upload's progress, which `fetch` cannot report: the one place the web app uses XMLHttpRequest.
 * Failures are those of `apiFetch`: an `ApiError` with the status and the server's message, a
 * status of 0 when the server cannot be reached, and the abort as a `DOMException` AbortError.
 */
export function uploadRequest<T>(path: string, options: UploadRequestOptions): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [key, value] of Object.entries(options.params ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return new Promise<T>((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted === true) {
      reject(new DOMException("The upload was cancelled.", "AbortError"));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => {
      xhr.abort();
    };
    const done = () => {
      signal?.removeEventListener("abort", onAbort);
    };
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("accept", "application/json");
    if (options.idempotencyKey !== undefined) {
      xhr.setRequestHeader(idempotencyKeyHeader, options.idempotencyKey);
    }
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable) options.onProgress?.({ sent: event.loaded, total: event.total });
    });
    xhr.addEventListener("load", () => {
      done();
      const text = xhr.responseText;
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new ApiError(xhr.status, errorMessage(text, xhr.statusText)));
        return;
      }
      try {
        resolve((text === "" ? undefined : JSON.parse(text)) as T);
      } catch {
        reject(new ApiError(xhr.status, "The server's answer could not be read."));
      }
    });
    xhr.addEventListener("error", () => {
      done();
      reject(new ApiError(0, "The dashboard server cannot be reached. Check your connection."));
    });
    xhr.addEventListener("abort", () => {
      done();
      reject(new DOMException("The upload was cancelled.", "AbortError"));
    });
    signal?.addEventListener("abort", onAbort);
    xhr.send(options.form);
  });
}

/** Whether a failed upload was cancelled by the user (rather than refused or cut). */
export function isUploadCancelled(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
