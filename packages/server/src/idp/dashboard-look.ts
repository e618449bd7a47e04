import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";

/**
 * What the identity provider's pages take from the built web app so that they look like the
 * dashboard they belong to: its first stylesheet (Vanilla with the dashboard's settings, the
 * public card of the login page, and the Ubuntu font the dashboard serves itself) and its logo.
 * Both are files of the build the browser has cached already on the way from the login page, and
 * served by the dashboard itself, so the pages' Content Security Policy only allows 'self'.
 */
export interface DashboardLook {
  /** Absolute paths (`/assets/index-….css`), in the build's order. */
  stylesheets: readonly string[];
  /** `/assets/anbox-logo-….svg`, or undefined when the build names none. */
  logo: string | undefined;
}

/** The look of a dashboard whose web app is not built: plain pages (the app itself is a 503 then). */
export const unstyledLook: DashboardLook = { stylesheets: [], logo: undefined };

/** The parts of Vite's build manifest read here (packages/web/vite.config.ts writes it). */
const manifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    css: z.array(z.string()).optional(),
  }),
);

/** The app's entry (the HTML page) and its logo, by their source paths in packages/web. */
const entrySource = "index.html";
const logoSource = "src/assets/anbox-logo.svg";

/**
 * Reads the look from `<webDistDir>/.vite/manifest.json`, once at start (a new build is served
 * after a restart, as the app's own files are). No build, or a manifest this does not understand:
 * the unstyled look, and the reason for the server's log.
 */
export function readDashboardLook(webDistDir: string): {
  look: DashboardLook;
  problem?: string;
} {
  const path = join(webDistDir, ".vite", "manifest.json");
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return { look: unstyledLook, problem: `${path} is missing: the web app is not built` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { look: unstyledLook, problem: `${path} is not JSON` };
  }
  const manifest = manifestSchema.safeParse(json);
  if (!manifest.success) {
    return { look: unstyledLook, problem: `${path} is not a Vite build manifest` };
  }
  const entry = manifest.data[entrySource];
  const logo = manifest.data[logoSource];
  return {
    look: {
      stylesheets: (entry?.css ?? []).map((file) => `/${file}`),
      logo: logo === undefined ? undefined : `/${logo.file}`,
    },
  };
}
