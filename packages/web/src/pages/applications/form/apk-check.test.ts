import { describe, expect, it } from "vitest";
import { apkRefusal } from "./apk-check.ts";
import { apkFile, storedZip } from "./stored-zip.test-support.ts";

describe("apkRefusal", () => {
  it("takes a zip that lists AndroidManifest.xml", async () => {
    await expect(apkRefusal(apkFile())).resolves.toBeUndefined();
  });

  it("finds the directory behind a zip comment", async () => {
    const zip = storedZip({ "AndroidManifest.xml": "<manifest/>" }, "signed by someone");
    await expect(apkRefusal(new File([zip], "commented.apk"))).resolves.toBeUndefined();
  });

  it("refuses a text file renamed .apk", async () => {
    const text = new File(["just some notes, not an app\n"], "notes.apk");
    await expect(apkRefusal(text)).resolves.toBe(
      'notes.apk is not an APK: it is not a zip file (an APK starts with the bytes "PK").',
    );
  });

  it("refuses a zip without AndroidManifest.xml", async () => {
    const zip = new File([storedZip({ "README.txt": "hello", "lib/x.so": "" })], "archive.apk");
    await expect(apkRefusal(zip)).resolves.toBe(
      "archive.apk is not an APK: the zip file holds no AndroidManifest.xml.",
    );
  });

  it("refuses a zip cut short (its directory is missing)", async () => {
    const whole = storedZip({ "AndroidManifest.xml": "<manifest/>" });
    const cut = new File([whole.slice(0, 40)], "cut.apk");
    await expect(apkRefusal(cut)).resolves.toContain("its zip directory cannot be read");
  });
});
