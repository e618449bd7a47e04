// An answer of the dashboard read whole (status, JSON body if any, text), and its refusal's
// message, for API tests that call it over HTTP.
import { expect } from "vitest";
import { messageOf } from "./signed-in-harness.ts";

export interface Answer {
  status: number;
  body: unknown;
  text: string;
}

export async function send(
  url: string,
  method: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(url, { method, headers: options.headers, body: options.body });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    body = undefined;
  }
  return { status: response.status, body, text };
}

export function refusal(answer: Answer, status: number): string {
  expect(answer.status, answer.text).toBe(status);
  return messageOf(answer.body);
}
