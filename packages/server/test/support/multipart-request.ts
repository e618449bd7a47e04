// A multipart POST streamed (chunked) as a browser sends a large file: the fields first, the file
// last, on a connection of its own, with a way to abandon it mid-file as a closed tab would.
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import type { Readable } from "node:stream";

/** How the file part names itself: its form field, file name and type. */
export interface MultipartFilePart {
  field: string;
  filename: string;
  contentType: string;
}

export interface MultipartRequestOptions {
  fields?: Record<string, string>;
  /** Undefined: a form with no file. */
  file?: Readable | Buffer;
  filePart: MultipartFilePart;
  headers?: Record<string, string>;
  /** Called once the first bytes of the file are on their way (to abort mid-upload). */
  onSending?: (abort: () => void) => void;
}

/** The answer's status and JSON body; status 0 and no body when the request was abandoned. */
export function multipartRequest(
  url: URL,
  options: MultipartRequestOptions,
): Promise<{ status: number; body: unknown }> {
  const boundary = `----test${randomUUID()}`;
  const head = Object.entries(options.fields ?? {})
    .map(
      ([name, value]) =>
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    )
    .join("");
  const { file, filePart } = options;
  const fileHead =
    file === undefined
      ? ""
      : `--${boundary}\r\ncontent-disposition: form-data; name="${filePart.field}"; filename="${filePart.filename}"\r\ncontent-type: ${filePart.contentType}\r\n\r\n`;
  const tail = `${file === undefined ? "" : "\r\n"}--${boundary}--\r\n`;
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(
      url,
      {
        method: "POST",
        // A connection of its own: a refused upload's connection may be closed by the server.
        agent: false,
        headers: {
          "content-type": `multipart/form-data; boundary=${boundary}`,
          ...options.headers,
        },
      },
      (res) => {
        answered = true;
        res.on("error", reject);
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as unknown });
        });
      },
    );
    // The server may refuse while the file is still being sent, and close the connection: writing
    // the rest then fails, but an answer that has come settles the request.
    req.on("error", (error) => {
      if (!answered) reject(error);
    });
    req.write(head + fileHead);
    if (file === undefined) {
      req.end(tail);
    } else if (Buffer.isBuffer(file)) {
      req.write(file);
      req.end(tail);
    } else {
      let announced = false;
      file.on("data", (chunk: Buffer) => {
        if (!req.write(chunk)) file.pause();
        if (!announced) {
          announced = true;
          options.onSending?.(() => {
            file.destroy();
            req.destroy();
            resolve({ status: 0, body: undefined });
          });
        }
      });
      req.on("drain", () => file.resume());
      file.on("end", () => req.end(tail));
    }
  });
}
