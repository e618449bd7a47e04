import { afterEach, describe, expect, it, vi } from "vitest";
import { readBlob } from "../../../test-support/read-blob.ts";
import { saveTextFile } from "../../../util/save-text-file.ts";
import { allLogsFileName, combineLogs } from "./download-logs.ts";

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("combineLogs", () => {
  it("puts a header before each log and ends every log with a line break", () => {
    expect(
      combineLogs([
        { name: "android.log", text: "boot\nready\n" },
        { name: "system.log", text: "started" },
      ]),
    ).toBe("==> android.log <==\nboot\nready\n\n==> system.log <==\nstarted\n");
  });

  it("gives nothing for no logs", () => {
    expect(combineLogs([])).toBe("");
  });
});

describe("saveTextFile", () => {
  it("downloads the text through an object URL, released later", async () => {
    vi.useFakeTimers();
    const blobs: (Blob | MediaSource)[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      blobs.push(blob);
      return "blob:logs";
    });
    const revokeObjectURL = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this);
    });

    saveTextFile("==> a.log <==\nhi\n", allLogsFileName("web-1"));

    expect(clicked).toHaveLength(1);
    expect(clicked[0]?.download).toBe("web-1-logs.txt");
    expect(clicked[0]?.href).toBe("blob:logs");
    expect(clicked[0]?.isConnected).toBe(false);
    expect(revokeObjectURL).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(revokeObjectURL).toHaveBeenCalledWith("blob:logs");
    vi.useRealTimers();
    expect(await readBlob(blobs[0])).toBe("==> a.log <==\nhi\n");
  });
});
