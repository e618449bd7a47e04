import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "../../../context/query-client.ts";
import { NotificationsProvider } from "../../../context/notifications/NotificationsProvider.tsx";
import { stubMatchMedia } from "../../../test-support/stub-match-media.ts";
import { AddImageModal } from "./AddImageModal.tsx";

/** The XMLHttpRequest the upload helper makes, driven by the test. */
class FakeUpload {
  static last: FakeUpload | undefined;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();
  method = "";
  url = "";
  body: FormData | undefined;
  status = 0;
  statusText = "";
  responseText = "";
  withCredentials = false;
  aborted = false;

  constructor() {
    FakeUpload.last = this;
  }
  open(method: string, url: URL) {
    this.method = method;
    this.url = String(url);
  }
  setRequestHeader() {
    // The headers are the helper's business; the test reads the URL and the form.
  }
  addEventListener(type: string, listener: () => void) {
    this.events.addEventListener(type, listener);
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event("abort"));
  }
  progress(loaded: number, total: number) {
    this.upload.dispatchEvent(
      Object.assign(new Event("progress"), { lengthComputable: true, loaded, total }),
    );
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event("load"));
  }
}

const operation = { id: "op-1", clusterId: "default", status: "Running" };

function renderModal(clusters = [{ id: "default" }]) {
  const close = vi.fn();
  const fetches: { url: URL; init: RequestInit | undefined }[] = [];
  vi.stubGlobal("XMLHttpRequest", FakeUpload);
  vi.stubGlobal(
    "fetch",
    vi.fn((url: URL, init?: RequestInit) => {
      fetches.push({ url, init });
      const body = JSON.parse(init?.body as string) as { name: string };
      if (body.name === "jammy:android13:amd64") {
        const message = "An image jammy:android13:amd64 of type container already exists";
        return Promise.resolve(
          new Response(JSON.stringify({ status: 409, error: "Conflict", message }), {
            status: 409,
          }),
        );
      }
      return Promise.resolve(
        new Response(JSON.stringify({ metadata: operation }), { status: 202 }),
      );
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationsProvider>
        <AddImageModal clusters={clusters} close={close} />
      </NotificationsProvider>
    </QueryClientProvider>,
  );
  return { close, fetches };
}

const packageFile = () =>
  new File([new Uint8Array(2048)], "my-image.tar.gz", { type: "application/gzip" });

async function chooseUpload() {
  await userEvent.click(screen.getByRole("radio", { name: "Upload an image package" }));
}

beforeEach(stubMatchMedia);
afterEach(() => {
  vi.unstubAllGlobals();
  FakeUpload.last = undefined;
});

describe("AddImageModal", () => {
  it("is dismissed with Cancel, as the other dialogs are, sending nothing", async () => {
    const { close, fetches } = renderModal();
    await userEvent.click(screen.getByRole("button", { name: "Cancel" }));
    expect(close).toHaveBeenCalledOnce();
    expect(fetches).toEqual([]);
  });

  it("imports by name by default, and asks for a package only when uploading", async () => {
    renderModal();
    expect(screen.getByRole("radio", { name: "Import from the image server" })).toBeChecked();
    expect(screen.queryByLabelText(/Image package/)).toBeNull();
    expect(screen.getByRole("button", { name: "Import image" })).toBeInTheDocument();

    await chooseUpload();
    expect(screen.getByLabelText(/Image package/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Upload image" })).toBeInTheDocument();
  });

  it("offers a cluster only when there are several", async () => {
    renderModal([{ id: "default" }, { id: "second" }]);
    expect(await screen.findByRole("combobox", { name: "Cluster" })).toBeInTheDocument();
  });

  it("says what is missing before sending anything", async () => {
    const { fetches } = renderModal();
    await userEvent.click(screen.getByRole("button", { name: "Import image" }));
    expect(await screen.findByText("name must not be empty")).toBeInTheDocument();

    await chooseUpload();
    await userEvent.type(screen.getByRole("textbox", { name: /Name/ }), "mine");
    await userEvent.click(screen.getByRole("button", { name: "Upload image" }));
    expect(await screen.findByText(/Choose an image package/)).toBeInTheDocument();
    expect(fetches).toEqual([]);
    expect(FakeUpload.last).toBeUndefined();
  });

  it("imports the image named and closes; a refusal shows in the server's words", async () => {
    const { close, fetches } = renderModal();
    const name = screen.getByRole("textbox", { name: /Name/ });
    await userEvent.type(name, "jammy:android13:amd64");
    await userEvent.click(screen.getByRole("button", { name: "Import image" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "An image jammy:android13:amd64 of type container already exists",
    );
    expect(close).not.toHaveBeenCalled();

    await userEvent.clear(name);
    await userEvent.type(name, "jammy:aaos14:amd64");
    await userEvent.click(screen.getByRole("radio", { name: "Virtual machine" }));
    await userEvent.click(screen.getByRole("checkbox", { name: /Make it the default/ }));
    await userEvent.click(screen.getByRole("button", { name: "Import image" }));
    await waitFor(() => {
      expect(close).toHaveBeenCalled();
    });
    const sent = fetches.at(-1);
    expect(sent?.url.pathname).toBe("/api/images");
    expect(sent?.url.searchParams.get("clusterId")).toBe("default");
    expect(JSON.parse(sent?.init?.body as string)).toEqual({
      name: "jammy:aaos14:amd64",
      type: "vm",
      default: true,
    });
  });

  it("uploads the package with its fields first, showing the progress, then closes", async () => {
    const { close } = renderModal();
    await chooseUpload();
    await userEvent.upload(screen.getByLabelText(/Image package/), packageFile());
    await userEvent.type(screen.getByRole("textbox", { name: /Name/ }), "my-image");
    await userEvent.click(screen.getByRole("button", { name: "Upload image" }));

    const upload = await waitFor(() => {
      if (FakeUpload.last === undefined) throw new Error("no upload yet");
      return FakeUpload.last;
    });
    expect(upload.url).toBe(`${window.location.origin}/api/images/upload?clusterId=default`);
    expect([...(upload.body?.keys() ?? [])]).toEqual(["name", "type", "default", "package"]);
    expect(upload.body?.get("name")).toBe("my-image");

    upload.progress(819, 2048);
    const bar = await screen.findByRole("progressbar", { name: "Uploading the image package" });
    await waitFor(() => {
      expect(bar).toHaveAttribute("aria-valuenow", "39");
    });
    expect(screen.getByText("819 B of 2.0 kB (39%)")).toBeInTheDocument();

    upload.answer(202, { metadata: operation });
    await waitFor(() => {
      expect(close).toHaveBeenCalled();
    });
  });

  it("cancels the upload: the request is aborted and the form says no image was added", async () => {
    const { close } = renderModal();
    await chooseUpload();
    await userEvent.upload(screen.getByLabelText(/Image package/), packageFile());
    await userEvent.type(screen.getByRole("textbox", { name: /Name/ }), "my-image");
    await userEvent.click(screen.getByRole("button", { name: "Upload image" }));
    await userEvent.click(await screen.findByRole("button", { name: "Cancel upload" }));

    expect(FakeUpload.last?.aborted).toBe(true);
    expect(await screen.findByRole("status")).toHaveTextContent(
      "The upload was cancelled: no image was added.",
    );
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(close).not.toHaveBeenCalled();
  });
});
