// @vitest-environment node
// (The plugin runs in Node, at build time, not in the page.)
import { describe, expect, it } from "vitest";
import { compileVanillaIcons, iconModulePrefix, vanillaIcons } from "./vanilla-icons-plugin.ts";

type Hook = (id: string) => unknown;

/** The plugin's hooks, called as Vite calls them (plain functions in this plugin). */
const plugin = vanillaIcons() as unknown as { resolveId: Hook; load: Hook };

/** What `import icon from "virtual:vanilla-icon/<name>"` gives the app. */
async function iconModule(name: string): Promise<unknown> {
  const id = plugin.resolveId(`${iconModulePrefix}${name}`);
  if (typeof id !== "string") throw new Error(`not resolved: ${name}`);
  const code = await plugin.load(id);
  if (typeof code !== "string") throw new Error(`not loaded: ${name}`);
  return JSON.parse(code.replace(/^export default /, "").replace(/;$/, ""));
}

describe("Vanilla's icons as inline SVG", () => {
  it("gives an icon's viewBox and shapes, painted in the text's colour", async () => {
    const { viewBox, body } = (await iconModule("pods")) as { viewBox: string; body: string };
    expect(viewBox).toBe("0 0 16 16");
    expect(body).toMatch(/^<path d='M1\.703[^']*' fill='currentColor'/);
    expect(body).not.toMatch(/#010203/i);
  });

  it("fails the build for a name Vanilla has no single-colour icon of", async () => {
    await expect(iconModule("no-such-icon")).rejects.toThrow(
      'Vanilla has no single-colour icon "no-such-icon"',
    );
  });

  it("leaves every other import to Vite", async () => {
    expect(plugin.resolveId("react")).toBeUndefined();
    expect(await plugin.load("/src/main.tsx")).toBeUndefined();
  });

  it("reads every single-colour icon Vanilla defines", async () => {
    const icons = await compileVanillaIcons();
    expect(icons.size).toBeGreaterThan(150);
    for (const [name, icon] of icons) {
      expect(icon.viewBox, name).toMatch(/^0 0 \d+ \d+$/);
      expect(icon.body, name).toContain("currentColor");
    }
  });
});
