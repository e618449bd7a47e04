import { afterEach, describe, expect, it, vi } from "vitest";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter, Route, Routes } from "react-router";
import type { RegistrationInfo } from "@anbox-dashboard/contract";
import { createQueryClient } from "../../context/query-client.ts";
import RegisterPage from "./RegisterPage.tsx";

interface Call {
  method: string;
  url: URL;
  body: unknown;
}

/** Stubs the server: the link's state, and the answer to the form (a status and a body). */
function renderRegisterPage(
  info: RegistrationInfo,
  postAnswer: { status: number; body: unknown } = { status: 200, body: { next: "/" } },
) {
  const calls: Call[] = [];
  let linkState = info;
  vi.stubGlobal(
    "fetch",
    vi.fn((input: URL, init?: RequestInit) => {
      const method = init?.method ?? "GET";
      const body: unknown = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, url: input, body });
      if (method === "POST") {
        if (postAnswer.status === 410) linkState = { ...info, state: "used" };
        return Promise.resolve(
          new Response(JSON.stringify(postAnswer.body), { status: postAnswer.status }),
        );
      }
      return Promise.resolve(new Response(JSON.stringify(linkState), { status: 200 }));
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={["/register?token=the-token"]}>
        <Routes>
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/" element={<p>Home page</p>} />
          <Route path="/login" element={<p>Login page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return calls;
}

const validLink: RegistrationInfo = {
  state: "valid",
  email: "",
  needsEmail: true,
  isExternalIdp: false,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("RegisterPage", () => {
  it("shows Loading while it checks the link, with the link's token", async () => {
    const calls = renderRegisterPage(validLink);
    expect(screen.getByRole("status")).toHaveTextContent("Loading");
    await screen.findByLabelText("Full name");
    expect(calls[0]?.url.pathname).toBe("/api/registration");
    expect(calls[0]?.url.searchParams.get("token")).toBe("the-token");
  });

  it.each([
    ["used", "This registration link has already been used."],
    [
      "expired",
      "This registration link has expired. Ask for a new one with bin/dashboard register.",
    ],
    ["unknown", "This registration link is not valid."],
  ] as const)("explains a %s link and links to the login page", async (state, text) => {
    renderRegisterPage({ ...validLink, state, needsEmail: false });
    // The command is set in <code>: match the paragraph's whole text.
    expect(
      await screen.findByText(
        (_, element) => element?.tagName === "P" && element.textContent === text,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Go to the login page" })).toHaveAttribute(
      "href",
      "/login",
    );
    expect(screen.queryByRole("textbox")).not.toBeInTheDocument();
  });

  it("checks each field inline and sends nothing while one is wrong", async () => {
    const user = userEvent.setup();
    const calls = renderRegisterPage(validLink);
    await user.type(await screen.findByLabelText("E-mail address"), "nope");
    await user.type(screen.getByLabelText("Password"), "short");
    await user.type(screen.getByLabelText("Confirm password"), "other");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(screen.getByText("Enter your full name.")).toBeInTheDocument();
    expect(screen.getByText("Enter an e-mail address like name@example.com.")).toBeInTheDocument();
    expect(screen.getByText("Choose a password of at least 10 characters.")).toBeInTheDocument();
    expect(screen.getByText("The passwords do not match.")).toBeInTheDocument();
    expect(screen.getByLabelText("Full name")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Full name")).toHaveAccessibleDescription("Enter your full name.");
    expect(calls.filter((call) => call.method === "POST")).toEqual([]);
  });

  it("tells a field's message once it is left, and moves the focus to the first wrong field", async () => {
    const user = userEvent.setup();
    renderRegisterPage(validLink);
    const password = await screen.findByLabelText("Password");
    await user.type(password, "short");
    // Not at the first keystrokes: the person is still typing.
    expect(password).toHaveAttribute("aria-invalid", "false");
    await user.tab();
    expect(password).toHaveAccessibleDescription(
      "Choose a password of at least 10 characters. At least 10 characters.",
    );
    await user.type(screen.getByLabelText("Full name"), "Ada");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(screen.getByLabelText("E-mail address")).toHaveFocus();
  });

  it("checks the confirmation again when the password changes", async () => {
    const user = userEvent.setup();
    renderRegisterPage(validLink);
    const password = await screen.findByLabelText("Password");
    await user.type(password, "correct horse battery");
    await user.type(screen.getByLabelText("Confirm password"), "correct horse batter");
    await user.tab();
    expect(screen.getByText("The passwords do not match.")).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, "correct horse batter");
    expect(screen.queryByText("The passwords do not match.")).not.toBeInTheDocument();
    expect(screen.getByLabelText("Confirm password")).toHaveAttribute("aria-invalid", "false");
  });

  it("registers and goes to the dashboard", async () => {
    const user = userEvent.setup();
    const calls = renderRegisterPage(validLink);
    await user.type(await screen.findByLabelText("Full name"), " Ada Lovelace ");
    await user.type(screen.getByLabelText("E-mail address"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse battery");
    await user.type(screen.getByLabelText("Confirm password"), "correct horse battery");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByText("Home page")).toBeInTheDocument();
    const post = calls.find((call) => call.method === "POST");
    expect(post?.url.pathname).toBe("/api/registration");
    expect(post?.body).toEqual({
      token: "the-token",
      fullname: "Ada Lovelace",
      email: "ada@example.com",
      password: "correct horse battery",
    });
  });

  it("does not ask for the address a link was made for", async () => {
    const user = userEvent.setup();
    const calls = renderRegisterPage({
      ...validLink,
      email: "grace@example.com",
      needsEmail: false,
    });
    expect(await screen.findByText("grace@example.com")).toBeInTheDocument();
    expect(screen.queryByLabelText("E-mail address")).not.toBeInTheDocument();
    await user.type(screen.getByLabelText("Full name"), "Grace Hopper");
    await user.type(screen.getByLabelText("Password"), "correct horse battery");
    await user.type(screen.getByLabelText("Confirm password"), "correct horse battery");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    await screen.findByText("Home page");
    expect(calls.find((call) => call.method === "POST")?.body).not.toHaveProperty("email");
  });

  it("shows the server's refusal in the form", async () => {
    const user = userEvent.setup();
    renderRegisterPage(validLink, {
      status: 400,
      body: {
        status: 400,
        error: "Bad Request",
        message: "An account with this e-mail address already exists. Sign in instead.",
      },
    });
    await user.type(await screen.findByLabelText("Full name"), "Ada");
    await user.type(screen.getByLabelText("E-mail address"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse battery");
    await user.type(screen.getByLabelText("Confirm password"), "correct horse battery");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("The account was not created");
    expect(alert).toHaveTextContent("already exists");
    expect(screen.getByLabelText("Full name")).toHaveValue("Ada");
  });

  it("switches to the explanation when the link was used meanwhile", async () => {
    const user = userEvent.setup();
    renderRegisterPage(validLink, {
      status: 410,
      body: {
        status: 410,
        error: "Gone",
        message: "This registration link has already been used.",
      },
    });
    await user.type(await screen.findByLabelText("Full name"), "Ada");
    await user.type(screen.getByLabelText("E-mail address"), "ada@example.com");
    await user.type(screen.getByLabelText("Password"), "correct horse battery");
    await user.type(screen.getByLabelText("Confirm password"), "correct horse battery");
    await user.click(screen.getByRole("button", { name: "Create account" }));
    expect(await screen.findByRole("link", { name: "Go to the login page" })).toBeInTheDocument();
    expect(screen.queryByLabelText("Full name")).not.toBeInTheDocument();
  });

  it("hands an external provider's registration to its sign-in", async () => {
    renderRegisterPage({ ...validLink, isExternalIdp: true });
    const link = await screen.findByRole("link", { name: "Continue with your identity provider" });
    expect(link).toHaveAttribute("href", "/api/login?next=%2F&registration=the-token");
    expect(screen.queryByLabelText("Password")).not.toBeInTheDocument();
  });
});
