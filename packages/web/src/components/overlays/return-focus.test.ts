import { afterEach, describe, expect, it } from "vitest";
import { returnFocus } from "./return-focus.ts";

afterEach(() => {
  document.body.innerHTML = "";
});

/** A page with a main region, and an overlay whose close button has the focus. */
function pageWithOverlay(mainMarkup: string) {
  document.body.innerHTML = `<main id="main-content" tabindex="-1">${mainMarkup}</main><div id="overlay"><button>Close</button></div>`;
  const overlay = document.getElementById("overlay");
  overlay?.querySelector("button")?.focus();
  return overlay;
}

describe("returnFocus", () => {
  it("gives the focus back to the opener while it is on the page", () => {
    const overlay = pageWithOverlay(
      `<h1 tabindex="-1">Instances</h1><button id="opener">Delete</button>`,
    );
    const opener = document.getElementById("opener") ?? undefined;
    returnFocus(opener, overlay);
    expect(document.activeElement?.id).toBe("opener");
  });

  it("falls back to the page's heading when nothing opened the overlay", () => {
    const overlay = pageWithOverlay(`<h1 tabindex="-1">Instances</h1>`);
    returnFocus(undefined, overlay);
    expect(document.activeElement?.tagName).toBe("H1");
  });

  it("falls back to the main region while the page has no heading yet (still loading)", () => {
    const overlay = pageWithOverlay(`<div role="status">Loading</div>`);
    returnFocus(undefined, overlay);
    expect(document.activeElement?.id).toBe("main-content");
  });

  it("leaves the focus of a user who moved on outside the overlay", () => {
    const overlay = pageWithOverlay(`<h1 tabindex="-1">Instances</h1><input id="elsewhere" />`);
    document.getElementById("elsewhere")?.focus();
    returnFocus(undefined, overlay);
    expect(document.activeElement?.id).toBe("elsewhere");
  });
});
