// A tiny browser for the sign-in tests: a cookie jar per origin and redirects followed by hand, so
// that each hop (dashboard → provider → dashboard) can be seen and tampered with.

export interface Hop {
  url: string;
  status: number;
  location: string | undefined;
}

export class TestBrowser {
  /** origin → cookie name → value. Paths are ignored: every cookie goes to its whole origin. */
  readonly cookies = new Map<string, Map<string, string>>();
  userAgent = "test-browser";

  cookieHeader(url: string): string {
    const jar = this.cookies.get(new URL(url).origin);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join("; ") : "";
  }

  cookie(url: string, name: string): string | undefined {
    return this.cookies.get(new URL(url).origin)?.get(name);
  }

  setCookie(url: string, name: string, value: string): void {
    const origin = new URL(url).origin;
    const jar = this.cookies.get(origin) ?? new Map<string, string>();
    jar.set(name, value);
    this.cookies.set(origin, jar);
  }

  /** One request, cookies sent and stored, no redirect followed. */
  async request(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(url);
    if (cookie !== "") headers.set("cookie", cookie);
    headers.set("user-agent", this.userAgent);
    const response = await fetch(url, { ...init, headers, redirect: "manual" });
    for (const line of response.headers.getSetCookie()) this.store(url, line);
    return response;
  }

  /** Follows redirects from `url` until a non-redirect answer; returns every hop. */
  async navigate(url: string, maxHops = 20): Promise<Hop[]> {
    const hops: Hop[] = [];
    let current = url;
    for (let i = 0; i < maxHops; i++) {
      const response = await this.request(current);
      await response.arrayBuffer();
      const location = response.headers.get("location") ?? undefined;
      hops.push({ url: current, status: response.status, location });
      if (response.status < 300 || response.status >= 400 || location === undefined) return hops;
      current = new URL(location, current).href;
    }
    throw new Error(`more than ${maxHops} redirects from ${url}`);
  }

  /**
   * Follows redirects from `url` up to the dashboard's sign-in callback, without calling it: the
   * callback URL, to be tampered with or called by the test.
   */
  async callbackUrl(url: string, maxHops = 20): Promise<URL> {
    let current = url;
    for (let i = 0; i < maxHops; i++) {
      const response = await this.request(current);
      await response.arrayBuffer();
      const location = response.headers.get("location");
      if (location === null) throw new Error(`${current} answered ${response.status}`);
      const next = new URL(location, current);
      if (next.pathname === "/api/oidc/callback") return next;
      current = next.href;
    }
    throw new Error(`no sign-in callback within ${maxHops} redirects from ${url}`);
  }

  private store(url: string, line: string): void {
    const [pair = "", ...attributes] = line.split(";");
    const eq = pair.indexOf("=");
    const name = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    const origin = new URL(url).origin;
    const jar = this.cookies.get(origin) ?? new Map<string, string>();
    const expired = attributes.some((attribute) => {
      const [key = "", val = ""] = attribute.trim().split("=");
      return (
        (key.toLowerCase() === "max-age" && Number(val) <= 0) ||
        (key.toLowerCase() === "expires" && Date.parse(val) <= Date.now())
      );
    });
    if (expired || value === "") jar.delete(name);
    else jar.set(name, value);
    this.cookies.set(origin, jar);
  }
}
