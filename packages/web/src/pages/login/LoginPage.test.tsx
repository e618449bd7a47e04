import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import type { AuthInfo } from "@anbox-dashboard/contract";
import { createQueryClient } from "../../context/query-client.ts";
import LoginPage from "./LoginPage.tsx";

function renderWithAuthInfo(authInfo: AuthInfo, state?: unknown, search = "") {
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(authInfo), { status: 200 }))),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[{ pathname: "/login", search, state }]}>
        <LoginPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("LoginPage", () => {
  it("shows the appliance's register command while no account exists", async () => {
    renderWithAuthInfo({ hasUsers: false, isExternalIdp: false, variant: "appliance" });
    expect(screen.getByRole("heading", { name: "Anbox Cloud Dashboard" })).toBeInTheDocument();
    expect(screen.getByText("Access your dashboard to manage Anbox Cloud")).toBeInTheDocument();
    expect(await screen.findByText("bin/dashboard register")).toBeInTheDocument();
    expect(screen.getByText(/prints a URL/)).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: /Login/ })).not.toBeInTheDocument();
  });

  it("asks for an e-mail address in the orchestrator variant", async () => {
    renderWithAuthInfo({ hasUsers: false, isExternalIdp: false, variant: "orchestrator" });
    expect(
      await screen.findByText("bin/dashboard register --email <your e-mail address>"),
    ).toBeInTheDocument();
  });

  it("offers single sign-on once accounts exist, coming back to where the user was", async () => {
    renderWithAuthInfo(
      { hasUsers: true, isExternalIdp: false, variant: "appliance" },
      { from: "/instances?status=running" },
    );
    const button = await screen.findByRole("link", { name: "Login with Ubuntu One" });
    expect(button).toHaveAttribute(
      "href",
      `/api/login?next=${encodeURIComponent("/instances?status=running")}`,
    );
  });

  it("labels the button plainly for an external identity provider", async () => {
    renderWithAuthInfo({ hasUsers: true, isExternalIdp: true, variant: "appliance" });
    const button = await screen.findByRole("link", { name: "Login" });
    expect(button).toHaveAttribute("href", "/api/login?next=%2F");
  });

  it("says why a sign-in failed when the server names a known reason, and ignores others", async () => {
    renderWithAuthInfo(
      { hasUsers: true, isExternalIdp: false, variant: "appliance" },
      undefined,
      "?error=expired",
    );
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "The sign-in took too long or was started in another window. Please try again.",
    );
  });

  it("shows no error for a code it does not know", async () => {
    renderWithAuthInfo(
      { hasUsers: true, isExternalIdp: false, variant: "appliance" },
      undefined,
      "?error=<script>made-up",
    );
    await screen.findByRole("link", { name: "Login with Ubuntu One" });
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});
