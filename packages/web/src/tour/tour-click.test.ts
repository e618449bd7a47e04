import { describe, expect, it } from "vitest";
import { classifyTourClick } from "./tour-click.ts";
import { tourStep } from "./tour-steps.ts";

function page(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body;
}

function at(selector: string): Element {
  const found = document.querySelector(selector);
  if (!found) throw new Error(`no ${selector}`);
  return found;
}

describe("classifyTourClick", () => {
  it("moves on with the step's own click, on the target or inside it", () => {
    page(
      `<a data-tour="your-applications" href="/applications/add"><span id="label">Add</span></a>`,
    );
    const step = tourStep("your-applications");
    expect(classifyTourClick(step, at("[data-tour]"))).toBe("advance");
    expect(classifyTourClick(step, at("#label"))).toBe("advance");
  });

  it("does not move on with a click on a choice or on the form's button: the step waits for them to take", () => {
    page(`<form><section data-tour="instance-capabilities"><div data-tour="enable-streaming">
      <label><input id="box" type="checkbox"> Enable streaming</label></div></section>
      <button id="send" data-tour="create-your-instance">Create and start</button></form>`);
    expect(classifyTourClick(tourStep("instance-capabilities"), at("#box"))).toBe("inside");
    expect(classifyTourClick(tourStep("instance-capabilities"), at("label"))).toBe("inside");
    expect(classifyTourClick(tourStep("create-your-instance"), at("#send"))).toBe("inside");
  });

  it("lets the user work in the highlighted element, its form and the tour's card", () => {
    page(`<form><input id="name"><section data-tour="essential-information"><input id="apk">
      </section></form><section data-tour-own><button id="next">Next</button></section>`);
    const step = tourStep("essential-information");
    expect(classifyTourClick(step, at("#apk"))).toBe("inside");
    expect(classifyTourClick(step, at("#name"))).toBe("inside");
    expect(classifyTourClick(step, at("#next"))).toBe("inside");
  });

  it("ends the tour on a click anywhere else", () => {
    page(
      `<nav><a id="nodes" href="/nodes">Nodes</a></nav><a data-tour="your-applications" href="/applications/add">Add</a>`,
    );
    expect(classifyTourClick(tourStep("your-applications"), at("#nodes"))).toBe("outside");
    expect(classifyTourClick(tourStep("create-instance"), at("[data-tour]"))).toBe("outside");
  });
});
