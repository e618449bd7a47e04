import { describe, expect, it } from "vitest";
import { registrationFormSchema, type RegistrationFormValues } from "./registration.ts";

const complete: RegistrationFormValues = {
  fullname: "Ada Lovelace",
  email: "ada@example.com",
  password: "correct horse battery",
  confirmPassword: "correct horse battery",
};

function messagesOf(values: RegistrationFormValues, needsEmail: boolean) {
  const result = registrationFormSchema(needsEmail).safeParse(values);
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]),
  );
}

describe("registrationFormSchema", () => {
  it("finds nothing wrong with a complete form", () => {
    expect(messagesOf(complete, true)).toEqual({});
  });

  it("applies the server's rules to each field", () => {
    expect(
      messagesOf({ ...complete, fullname: " ", email: "nope", password: "short" }, true),
    ).toEqual({
      fullname: "Enter your full name.",
      email: "Enter an e-mail address like name@example.com.",
      password: "Choose a password of at least 10 characters.",
      confirmPassword: "The passwords do not match.",
    });
  });

  it("only checks the address when the link leaves it to the person", () => {
    expect(messagesOf({ ...complete, email: "" }, false)).toEqual({});
    expect(messagesOf({ ...complete, email: "" }, true)).toEqual({
      email: "Enter your e-mail address.",
    });
  });

  it("asks for the password a second time, the same", () => {
    expect(messagesOf({ ...complete, confirmPassword: "" }, true)).toEqual({
      confirmPassword: "Enter the password again.",
    });
    expect(messagesOf({ ...complete, confirmPassword: "correct horse batter" }, true)).toEqual({
      confirmPassword: "The passwords do not match.",
    });
  });
});
