import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import type { AuthInfo, SessionInfo } from "@anbox-dashboard/contract";
import { createQueryClient } from "../../context/query-client.ts";
import LoginPage from "./LoginPage.tsx";
import { makeSessionInfo } from "../../test-support/session-info.ts";

/** Signed out (the session check answers 401), unless `sessionInfo` is given. */
function renderWithAuthInfo(
  authInfo: AuthInfo,
  state?: unknown,
  search = "",
  sessionInfo?: SessionInfo,
) {
  vi.stubGlobal(
    "fetch",
    vi.fn((input: string) => {
      const path = new URL(input, "http://dashboard.test").pathname;
      if (path === "/api/info") {
        return Promise.resolve(
          sessionInfo === undefined
            ? new Response(
                JSON.stringify({ status: 401, error: "Unauthorized", message: "Sign in first" }),
                {
                  status: 401,
                },
              )
            : new Response(JSON.stringify(sessionInfo), { status: 200 }),
        );
      }
      return Promise.resolve(new Response(JSON.stringify(authInfo), { status: 200 }));
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[{ pathname: "/login", search, state }]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="*" element={<WhereNow />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** Stands for the page a redirect lands on: says its address. */
function WhereNow() {
  const location = useLocation();
  return <p>Now at {`${location.pathname}${location.search}`}</p>;
}

const signedIn = makeSessionInfo({
  user: { fullname: "Ada Lovelace", email: "ada@example.com" },
  dashboard_version: "1.0.0",
  ams_version: "1.29.0",
});

const withUsers: AuthInfo = { hasUsers: true, isExternalIdp: false, variant: "appliance" };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("LoginPage", () => {
  it("shows the appliance's register command while no account exists", async () => {
    renderWithAuthInfo({ hasUsers: false, isExternalIdp: false, variant: "appliance" });
    // Once the session check has said no one is signed in.
    expect(
      await screen.findByRole("heading", { name: "Anbox Cloud Dashboard" }),
    ).toBeInTheDocument();
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

  it("copies the register command with a button, and says it did", async () => {
    const user = userEvent.setup(); // gives the page a clipboard
    renderWithAuthInfo({ hasUsers: false, isExternalIdp: false, variant: "appliance" });
    await user.click(await screen.findByRole("button", { name: "Copy command" }));
    expect(await navigator.clipboard.readText()).toBe("bin/dashboard register");
    expect(screen.getByRole("status")).toHaveTextContent("Copied");
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

  it("sends someone already signed in where next says, not to the login card again", async () => {
    renderWithAuthInfo(withUsers, undefined, "?next=%2Fnodes%3Fpage%3D2", signedIn);
    expect(await screen.findByText("Now at /nodes?page=2")).toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Login with Ubuntu One" })).not.toBeInTheDocument();
  });

  it("sends someone already signed in to the root (the instances) without a next", async () => {
    renderWithAuthInfo(withUsers, undefined, "", signedIn);
    expect(await screen.findByText("Now at /")).toBeInTheDocument();
  });

  it("never follows a next that leaves the dashboard", async () => {
    renderWithAuthInfo(withUsers, undefined, "?next=%2F%2Fevil.example%2Fx", signedIn);
    expect(await screen.findByText("Now at /")).toBeInTheDocument();
  });

  it("hands the address's next on to the sign-in when signed out", async () => {
    renderWithAuthInfo(withUsers, undefined, "?next=%2Fnodes");
    const button = await screen.findByRole("link", { name: "Login with Ubuntu One" });
    expect(button).toHaveAttribute("href", "/api/login?next=%2Fnodes");
  });
});
