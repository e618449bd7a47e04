import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { parse } from "yaml";
import { stubMatchMedia } from "../../../test-support/stub-match-media.ts";
import { readBlob } from "../../../test-support/read-blob.ts";
import type { CodeEditorProps } from "../../../components/code-editor/code-editor-props.ts";
import { renderApplicationForm, stubUploads, upTo } from "./application-form.test-support.tsx";
import { apkFile, storedZip } from "./stored-zip.test-support.ts";

// CodeMirror does not run in jsdom: a text area stands in for the editor, with the same props.
vi.mock("../../../components/code-editor/LazyCodeEditor.tsx", () => ({
  LazyCodeEditor: ({ value, onChange, label }: CodeEditorProps) => (
    <textarea
      aria-label={label}
      value={value}
      onChange={(event) => {
        onChange(event.target.value);
      }}
    />
  ),
}));

beforeEach(stubMatchMedia);
afterEach(() => {
  vi.unstubAllGlobals();
});

const editor = () => screen.getByRole("textbox", { name: "manifest.yaml" });
const dropFile = (file: File) => {
  fireEvent.drop(screen.getByLabelText(/APK file/), { dataTransfer: { files: [file] } });
};

async function openAddForm(capacity = upTo(8)) {
  const seen = renderApplicationForm("/applications/add", capacity);
  await screen.findByRole("textbox", { name: /Name/ });
  return seen;
}

describe("the add application form", () => {
  it("disables the virtual machine type, with the reason, on a cluster whose AMS runs none", async () => {
    renderApplicationForm("/applications/add", upTo(8), ["instance_support"]);
    const vm = await screen.findByRole("radio", { name: "Virtual machine" });
    await waitFor(() => {
      expect(vm).toBeDisabled();
    });
    expect(screen.getByRole("group", { name: "Instance type" })).toHaveAccessibleDescription(
      /does not offer virtual machines: its API has no vm_support extension\. What the application's instances run as/,
    );
  });

  it("shows the manifest the fields make, and the fields follow edits of the manifest", async () => {
    await openAddForm();
    await userEvent.type(screen.getByRole("textbox", { name: /Name/ }), "com.example.game");
    await userEvent.type(screen.getByRole("textbox", { name: "Tags" }), "beta, demo");
    await userEvent.click(screen.getByRole("switch", { name: "Customize manifest.yaml" }));
    expect(parse((editor() as HTMLTextAreaElement).value)).toEqual({
      name: "com.example.game",
      "instance-type": "a2.3",
      tags: ["beta", "demo"],
    });

    fireEvent.change(editor(), {
      target: {
        value:
          "name: com.example.other\ninstance-type: g4.3\nversion: '2.0'\nvideo-encoder: software\n",
      },
    });
    expect(screen.getByRole("textbox", { name: /Name/ })).toHaveValue("com.example.other");
    expect(screen.getByRole("textbox", { name: "Version name" })).toHaveValue("2.0");
    expect(screen.getByRole("textbox", { name: "Tags" })).toHaveValue("");
    expect(screen.getByLabelText("Resource type")).toHaveValue("g4.3");

    // A field changed after the edit: the manifest follows it and keeps the unknown key.
    await userEvent.type(screen.getByRole("textbox", { name: "Boot activity" }), ".Main");
    expect(parse((editor() as HTMLTextAreaElement).value)).toMatchObject({
      "boot-activity": ".Main",
      "video-encoder": "software",
    });
  });

  it("lists the manifest's problems with their line numbers", async () => {
    await openAddForm();
    await userEvent.click(screen.getByRole("switch", { name: "Customize manifest.yaml" }));
    fireEvent.change(editor(), { target: { value: "name: app\nservices: 12\n" } });
    expect(await screen.findByText(/^Line 2: services:/)).toBeInTheDocument();
  });

  it("refuses a text file renamed .apk at once, and a zip without AndroidManifest.xml", async () => {
    await openAddForm();
    dropFile(new File(["just notes\n"], "notes.apk"));
    expect(await screen.findByText(/notes\.apk is not an APK: it is not a zip file/)).toBeVisible();

    dropFile(new File([storedZip({ "README.txt": "hi" })], "archive.apk"));
    expect(
      await screen.findByText(
        "archive.apk is not an APK: the zip file holds no AndroidManifest.xml.",
      ),
    ).toBeVisible();

    dropFile(apkFile());
    await waitFor(() => {
      expect(screen.queryByText(/is not an APK/)).not.toBeInTheDocument();
    });
  });

  it("disables Add with the reason and a link to the nodes when no node has room", async () => {
    await openAddForm(upTo(4));
    await userEvent.selectOptions(screen.getByLabelText("Resource type"), "a6.3");
    expect(await screen.findByText(/Adding is unavailable: no node can take/)).toBeVisible();
    expect(screen.getByRole("button", { name: "Add application" })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    const actions = screen.getByText(/Adding is unavailable/);
    expect(within(actions).getByRole("link", { name: "See the nodes" })).toHaveAttribute(
      "href",
      "/nodes",
    );
    await userEvent.selectOptions(screen.getByLabelText("Resource type"), "a4.3");
    await waitFor(() => {
      expect(screen.getByRole("button", { name: "Add application" })).toHaveAttribute(
        "aria-disabled",
        "false",
      );
    });
  });

  it("inhibits the new application's automatic updates, once it exists, when that is chosen", async () => {
    stubUploads({
      status: 202,
      body: { metadata: { id: "app1", clusterId: "default", operation: { id: "op1" } } },
    });
    const { requests } = await openAddForm();
    await userEvent.type(screen.getByRole("textbox", { name: /Name/ }), "com.example.game");
    await userEvent.click(screen.getByRole("checkbox", { name: /Inhibit automatic updates/ }));
    dropFile(apkFile());
    await userEvent.click(screen.getByRole("button", { name: "Add application" }));

    expect(await screen.findByTestId("location")).toHaveTextContent("/applications/default/app1");
    const patch = requests.find((request) => request.method === "PATCH");
    expect(patch?.url.pathname).toBe("/api/applications/app1");
    expect(patch?.url.searchParams.get("clusterId")).toBe("default");
    expect(patch?.body).toEqual({ inhibit_auto_updates: true });
  });

  it("uploads the manifest, the type and the APK, in that order, then opens the application", async () => {
    const uploads = stubUploads({
      status: 202,
      body: { metadata: { id: "new1", clusterId: "default", operation: { id: "op1" } } },
    });
    await openAddForm();
    await userEvent.type(screen.getByRole("textbox", { name: /Name/ }), "com.example.game");
    await userEvent.click(screen.getByRole("radio", { name: "Virtual machine" }));
    dropFile(apkFile());
    await userEvent.click(screen.getByRole("button", { name: "Add application" }));

    expect(await screen.findByTestId("location")).toHaveTextContent("/applications/default/new1");
    expect(uploads).toHaveLength(1);
    const [upload] = uploads;
    expect(upload?.url).toBe("http://localhost:3000/api/applications?clusterId=default");
    expect(upload?.fields.map(([name]) => name)).toEqual(["manifest", "instanceType", "apk"]);
    const manifest = upload?.fields[0]?.[1];
    expect(typeof manifest === "string" && parse(manifest)).toEqual({
      name: "com.example.game",
      "instance-type": "a2.3",
    });
    expect(upload?.fields[1]?.[1]).toBe("vm");
    await expect(readBlob(upload?.fields[2]?.[1] as File)).resolves.toContain("AndroidManifest");
  });

  it("says a taken name as it is typed, and uploads nothing while it is taken", async () => {
    const uploads = stubUploads({
      status: 202,
      body: { metadata: { id: "new1", clusterId: "default", operation: { id: "op1" } } },
    });
    await openAddForm();
    const name = screen.getByRole("textbox", { name: /Name/ });
    await userEvent.type(name, "com.example.taken");
    dropFile(apkFile());
    expect(
      await screen.findByText(
        "Cluster default has an application named com.example.taken already: choose another name.",
      ),
    ).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Add application" }));
    expect(uploads).toHaveLength(0);
    await userEvent.clear(name);
    await userEvent.type(name, "com.example.free");
    expect(await screen.findByText("The name is free")).toBeVisible();
  });

  it("shows the server's refusal in the form, and Cancel upload stops the upload", async () => {
    stubUploads({
      status: 400,
      body: { status: 400, error: "Bad Request", message: "name taken" },
    });
    await openAddForm();
    await userEvent.type(screen.getByRole("textbox", { name: /Name/ }), "com.example.game");
    dropFile(apkFile());
    await userEvent.click(screen.getByRole("button", { name: "Add application" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The application was not added");
    expect(alert).toHaveTextContent("name taken");

    stubUploads("hold");
    await userEvent.click(screen.getByRole("button", { name: "Add application" }));
    expect(await screen.findByRole("progressbar", { name: "Uploading game.apk" })).toHaveAttribute(
      "aria-valuenow",
      "50",
    );
    await userEvent.click(screen.getByRole("button", { name: "Cancel upload" }));
    expect(await screen.findByText("The upload was cancelled")).toBeVisible();
  });
});

describe("the edit application form", () => {
  it("locks the name and the type, each with its reason, and fills in the manifest", async () => {
    renderApplicationForm("/applications/edit/default/app1");
    expect(
      await screen.findByText("The cluster cannot rename an application", { exact: false }),
    ).toBeVisible();
    expect(
      screen.getByText("The cluster cannot change what an application runs as", { exact: false }),
    ).toBeVisible();
    expect(screen.queryByRole("textbox", { name: /^Name/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("radio", { name: "Virtual machine" })).not.toBeInTheDocument();
    expect(screen.getByText("com.example.game", { selector: "strong" })).toBeVisible();
    expect(screen.getByLabelText("Resource type")).toHaveValue("a4.3");
    expect(screen.getByRole("textbox", { name: "Tags" })).toHaveValue("beta");
  });

  it("patches what changed, then opens the Overview", async () => {
    const { requests } = renderApplicationForm("/applications/edit/default/app1");
    const tags = await screen.findByRole("textbox", { name: "Tags" });
    await userEvent.type(tags, ", stable");
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByTestId("location")).toHaveTextContent("/applications/default/app1");
    expect(requests.filter((request) => request.method === "PATCH")).toEqual([
      expect.objectContaining({ body: { tags: ["beta", "stable"] } }),
    ]);
  });

  it("makes a new version of a new APK, then opens the Versions", async () => {
    const uploads = stubUploads({
      status: 202,
      body: { metadata: { id: "app1", clusterId: "default", operation: { id: "op2" } } },
    });
    renderApplicationForm("/applications/edit/default/app1");
    await screen.findByRole("textbox", { name: "Tags" });
    dropFile(apkFile());
    await userEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByTestId("location")).toHaveTextContent(
      "/applications/default/app1/versions",
    );
    expect(uploads[0]?.url).toContain("/api/applications/app1/version?clusterId=default");
    expect(uploads[0]?.fields.map(([name]) => name)).toEqual(["manifest", "apk"]);
  });

  it("takes the focus to the APK field when opened to upload a new version", async () => {
    renderApplicationForm("/applications/edit/default/app1?upload=version");
    await screen.findByRole("textbox", { name: "Tags" });
    await waitFor(() => {
      expect(screen.getByLabelText(/APK file/)).toHaveFocus();
    });
  });
});
