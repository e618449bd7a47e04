import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes } from "react-router";
import type { ClusterSession, SessionsListResponse } from "@anbox-dashboard/contract";
import { createQueryClient } from "../../context/query-client.ts";
import VdiPage from "./VdiPage.tsx";

function session(id: string, instanceName: string): ClusterSession {
  return {
    id,
    app: "com.example.game",
    status: "active",
    status_message: "",
    region: "",
    joinable: true,
    cluster_id: "",
    container_id: "",
    instance_name: instanceName,
    clusterId: "default",
  };
}

function renderDesktops(sessions: ClusterSession[]) {
  const answer: SessionsListResponse = { metadata: sessions, total_size: sessions.length };
  vi.stubGlobal(
    "fetch",
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(answer), { status: 200 }))),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={["/vdi"]}>
        <Routes>
          <Route path="/vdi" element={<VdiPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("VdiPage's desktops", () => {
  it("offers the way back to the dashboard, which the view's hidden navigation does not", async () => {
    renderDesktops([session("s1", "office-1")]);
    await screen.findByRole("heading", { name: "office-1" });
    expect(screen.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute(
      "href",
      "/",
    );
  });

  it("says what each card's button does, the desktop's name in its accessible name only", async () => {
    renderDesktops([session("s1", "office-1"), session("s2", "office-2")]);
    const card = (await screen.findByRole("heading", { name: "office-2" })).closest("li");
    if (card === null) throw new Error("the desktop is not a list item");
    const open = within(card).getByRole("link", { name: "Open office-2" });
    expect(open).toHaveAttribute("href", "/vdi/s2?clusterId=default");
    // What shows is the action; the card's heading already shows the name.
    const hidden = open.querySelector(".u-off-screen");
    expect(hidden?.textContent).toBe(" office-2");
    expect(open.textContent.replace(" office-2", "")).toBe("Open");
  });
});
