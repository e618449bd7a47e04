import { afterEach, describe, expect, it } from "vitest";
import { firstPageFilesOf, preloadPageFile } from "./first-page-files.ts";
import { firstPageFilesId, firstPages } from "./first-pages.ts";

afterEach(() => {
  document.head.replaceChildren();
});

/** index.html's JSON of the first pages' files, as the build writes it. */
function writeFiles(json: string) {
  const script = document.createElement("script");
  script.type = "application/json";
  script.id = firstPageFilesId;
  script.textContent = json;
  document.head.append(script);
}

const nodesModule = firstPages["/nodes"].module;

describe("the first page's files", () => {
  it("are those the build wrote for the page at the address", () => {
    writeFiles(JSON.stringify({ [nodesModule]: ["/assets/NodesPage.js", "/assets/Nodes.css"] }));
    expect(firstPageFilesOf("/nodes")).toEqual(["/assets/NodesPage.js", "/assets/Nodes.css"]);
    expect(firstPageFilesOf("/images")).toEqual([]);
  });

  it("are none where the build wrote none or something unreadable", () => {
    expect(firstPageFilesOf("/nodes")).toEqual([]);
    writeFiles("{not json");
    expect(firstPageFilesOf("/nodes")).toEqual([]);
  });

  it("are asked for as the app's chunk loader asks for them", () => {
    preloadPageFile("/assets/NodesPage.js");
    preloadPageFile("/assets/Nodes.css");
    const links = [...document.head.querySelectorAll("link")].map((link) => [
      link.rel,
      link.getAttribute("href"),
      link.getAttribute("crossorigin"),
    ]);
    expect(links).toEqual([
      ["modulepreload", "/assets/NodesPage.js", ""],
      ["stylesheet", "/assets/Nodes.css", ""],
    ]);
  });
});
