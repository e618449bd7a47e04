import { vi } from "vitest";
import type { OnboardingProgress } from "../api/onboarding.ts";

/**
 * The progress calls of the server (`GET /api/onboarding-progress`, `PATCH .../{progress}`), with
 * `progress` as what the server holds; returns the list of what each PATCH saved. Any other call
 * answers 404.
 */
export function stubProgressApi(progress: OnboardingProgress): string[] {
  const saved: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn((input: URL | string, init?: RequestInit) => {
      const url = new URL(String(input), "http://localhost");
      if (url.pathname.startsWith("/api/onboarding-progress/") && init?.method === "PATCH") {
        const value = decodeURIComponent(url.pathname.split("/").pop() ?? "");
        saved.push(value);
        return Promise.resolve(Response.json({ onboarding_progress: value }));
      }
      if (url.pathname === "/api/onboarding-progress") {
        return Promise.resolve(Response.json({ onboarding_progress: progress }));
      }
      return Promise.resolve(new Response("{}", { status: 404 }));
    }),
  );
  return saved;
}
