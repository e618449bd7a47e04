import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { NotificationsProvider } from "../../context/notifications/NotificationsProvider.tsx";
import { QueryClientProvider } from "@tanstack/react-query";
import { createQueryClient } from "../../context/query-client.ts";
import { UpdateModal } from "./UpdateModal.tsx";
import { stubMatchMedia } from "../../test-support/stub-match-media.ts";

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderModal(show: boolean) {
  const fetchMock = vi.fn((_url: URL, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify({}), { status: 201 })),
  );
  vi.stubGlobal("fetch", fetchMock);
  stubMatchMedia();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NotificationsProvider>
        <UpdateModal show={show} />
      </NotificationsProvider>
    </QueryClientProvider>,
  );
  return fetchMock;
}

describe("UpdateModal", () => {
  it("explains streamable instances and, when closed, posts the event and hides", async () => {
    const fetchMock = renderModal(true);
    const dialog = screen.getByRole("dialog", { name: "Important update: Streamable instances" });
    expect(dialog).toHaveTextContent("create instances directly");
    expect(dialog).toHaveTextContent("Enable streaming under the Capabilities section");

    await userEvent.click(screen.getByRole("button", { name: "Got it" }));
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
    await waitFor(() => {
      expect(fetchMock).toHaveBeenCalled();
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(url)).toMatch(/\/api\/user-events$/);
    expect(init?.method).toBe("POST");
    expect(JSON.parse(init?.body as string)).toEqual({
      event: "streamable-instance-modal-closed",
      eventType: "version-1.23-update",
    });
  });

  it("adds no second page footer (contentinfo landmark) beside the status bar's", () => {
    renderModal(true);
    const dialog = screen.getByRole("dialog", { name: "Important update: Streamable instances" });
    expect(screen.queryAllByRole("contentinfo")).toEqual([]);
    expect(within(dialog).getByRole("button", { name: "Got it" })).toBeInTheDocument();
  });

  it("shows nothing when the flag is not set", () => {
    renderModal(false);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
