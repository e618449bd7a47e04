import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { FormPrerequisites, NoClusterNotice } from "./FormPrerequisites.tsx";

/** What the two queries answer: a promise each, settled by the test. */
interface Answers {
  clusters: Promise<string[]>;
  version: Promise<string>;
}

/** The answers of the page shown (a new query client per test asks again). */
let answers: Answers;

function Page() {
  const clusters = useQuery({ queryKey: ["clusters"], queryFn: () => answers.clusters });
  const version = useQuery({ queryKey: ["version"], queryFn: () => answers.version });
  return (
    <FormPrerequisites
      queries={[clusters, version]}
      unusable={([list]) =>
        list.length === 0 && (
          <NoClusterNotice nothingTo="create a thing" back={{ label: "things", path: "/things" }} />
        )
      }
    >
      {([list, text]) => (
        <p>
          The form, on {list.join(" and ")}, version {text}
        </p>
      )}
    </FormPrerequisites>
  );
}

function show(given: Answers) {
  answers = given;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <Page />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

describe("FormPrerequisites", () => {
  it("shows the loader until every query is in, then the form with the data of each", async () => {
    let answerVersion: (text: string) => void = () => undefined;
    const version = new Promise<string>((resolve) => {
      answerVersion = resolve;
    });
    show({ clusters: Promise.resolve(["lab", "field"]), version });
    expect(await screen.findByText("Loading")).toBeInTheDocument();
    answerVersion("1.29");
    expect(await screen.findByText("The form, on lab and field, version 1.29")).toBeInTheDocument();
  });

  it("says why when any query failed, and shows no form", async () => {
    show({ clusters: Promise.resolve(["lab"]), version: Promise.reject(new Error("No answer")) });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Cannot prepare the form");
    expect(alert).toHaveTextContent("No answer");
    expect(screen.queryByText(/The form/)).not.toBeInTheDocument();
  });

  it("says why the form cannot be used, with the way back, instead of the form", async () => {
    show({ clusters: Promise.resolve([]), version: Promise.resolve("1.29") });
    expect(await screen.findByText(/there is nowhere to create a thing/)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to the things" })).toHaveAttribute(
      "href",
      "/things",
    );
    expect(screen.queryByText(/The form/)).not.toBeInTheDocument();
  });
});
