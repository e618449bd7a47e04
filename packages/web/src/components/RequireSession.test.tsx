import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes } from "react-router";
import { createQueryClient } from "../context/query-client.ts";
import { RequireSession } from "./RequireSession.tsx";

function renderAt(status: number) {
  const body = { status, error: "Error", message: "Your account has been disabled." };
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(body), { status }))),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={["/profile"]}>
        <Routes>
          <Route element={<RequireSession />}>
            <Route path="/profile" element={<p>Profile</p>} />
          </Route>
          <Route path="/login" element={<p>Login page</p>} />
          <Route path="/forbidden" element={<p>Access denied page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("RequireSession", () => {
  it("sends a refused user (403) to the access-denied page", async () => {
    renderAt(403);
    expect(await screen.findByText("Access denied page")).toBeInTheDocument();
  });

  it("sends a signed-out user (401) to the login page", async () => {
    renderAt(401);
    expect(await screen.findByText("Login page")).toBeInTheDocument();
  });
});
