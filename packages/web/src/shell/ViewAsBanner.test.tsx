import { afterEach, describe, expect, it, vi } from "vitest";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { FakeApi } from "../test-support/fake-api.ts";
import { renderPage } from "../test-support/render-page.tsx";
import { adminPermissions, givePermissions } from "../test-support/permissions.ts";
import { createQueryClient } from "../context/query-client.ts";
import { ViewAsBanner } from "./ViewAsBanner.tsx";
import { reloadAt } from "../util/reload-at.ts";

vi.mock("../util/reload-at.ts", () => ({ reloadAt: vi.fn() }));

// The banner an admin sees on every page while viewing the dashboard as someone else.

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderBanner(viewingAs: { id: string; name: string; email: string } | null) {
  const api = new FakeApi().on(
    "DELETE",
    "/api/profile/view-as",
    () => new Response(null, { status: 204 }),
  );
  renderPage("/", [{ path: "/", element: <ViewAsBanner /> }], {
    queryClient: givePermissions(createQueryClient(), { ...adminPermissions, viewingAs }),
  });
  return { api };
}

describe("ViewAsBanner", () => {
  it("says whom the dashboard is seen as, read-only, and stops with a reload", async () => {
    const { api } = renderBanner({ id: "u-bob", name: "Bob", email: "bob@example.com" });
    const banner = screen
      .getByRole("heading", { name: "Viewing as Bob" })
      .closest(".p-notification--caution");
    expect(banner).toHaveTextContent("You see the dashboard as Bob (bob@example.com) would");
    expect(banner).toHaveTextContent("read-only");
    await userEvent.click(screen.getByRole("button", { name: "Stop viewing as Bob" }));
    await waitFor(() => {
      expect(reloadAt).toHaveBeenCalledWith("/permissions/identities");
    });
    expect(api.calls.map((call) => call.method)).toEqual(["DELETE"]);
  });

  it("is not there when the admin sees as themselves", () => {
    renderBanner(null);
    expect(screen.queryByRole("heading", { name: /Viewing as/ })).toBeNull();
  });
});
