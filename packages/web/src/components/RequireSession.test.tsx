import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { createQueryClient } from "../context/query-client.ts";
import { globalErrorElementId } from "../shell/global-error.ts";
import { RequireSession } from "./RequireSession.tsx";

function LoginPage() {
  const location = useLocation();
  const state = location.state as { from?: string } | null;
  return <p>Login page, back to {state?.from}</p>;
}

function renderAt(status: number, body: unknown = { status, error: "Error", message: "Nope." }) {
  vi.stubGlobal(
    "fetch",
    vi.fn(() =>
      Promise.resolve(
        new Response(typeof body === "string" ? body : JSON.stringify(body), { status }),
      ),
    ),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={["/instances/c1/i1?tab=logs"]}>
        <Routes>
          <Route element={<RequireSession />}>
            <Route path="*" element={<p>Instances</p>} />
          </Route>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/forbidden" element={<p>Access denied page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById(globalErrorElementId)?.remove();
});

describe("RequireSession: the root shell's errors", () => {
  it("sends a refused user (403) to the access-denied page", async () => {
    renderAt(403);
    expect(await screen.findByText("Access denied page")).toBeInTheDocument();
  });

  it("sends a signed-out user (401) to the login page, remembering the current path", async () => {
    renderAt(401);
    expect(
      await screen.findByText("Login page, back to /instances/c1/i1?tab=logs"),
    ).toBeInTheDocument();
  });

  it("says a 500 is a server error, with its message", async () => {
    renderAt(500, { status: 500, error: "Internal Server Error", message: "Database is down." });
    const alert = await screen.findByRole("alert", {}, { timeout: 5000 });
    expect(alert.textContent).toBe(
      "Server Error. An error occurred while processing your request.\nDatabase is down.",
    );
  });

  it("names any other status, with the message or 'Unknown reason'", async () => {
    renderAt(418, "teapot, not JSON");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Error 418\nUnknown reason");
  });

  it("shows a global error from the server as header, newline, message", async () => {
    const element = document.createElement("script");
    element.type = "application/json";
    element.id = globalErrorElementId;
    element.textContent = JSON.stringify({ header: "Bad config", message: "No cluster." });
    document.body.append(element);
    renderAt(200, {});
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("Bad config\nNo cluster.");
  });

  it("renders its routes for a signed-in user", async () => {
    renderAt(200, { user: { fullname: "Ada", email: "ada@example.com" } });
    expect(await screen.findByText("Instances")).toBeInTheDocument();
  });
});
