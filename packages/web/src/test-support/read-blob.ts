/** A Blob's text (jsdom's Blob has no `text()`). */
export function readBlob(blob: Blob | MediaSource | undefined): Promise<string> {
  if (!(blob instanceof Blob)) return Promise.reject(new Error("not a Blob"));
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      resolve(typeof reader.result === "string" ? reader.result : "");
    };
    reader.onerror = () => {
      reject(new Error("the blob could not be read"));
    };
    reader.readAsText(blob);
  });
}
