/**
 * A headless browser for the sign-in flows, on fetch: a cookie jar per origin, redirects followed by hand,
 * our consent form approved (or denied, with the preselected scope or a chosen one) and the fake Slack's sign-in page answered as a chosen person. It
 * stops at the first URL that starts with `until` (the MCP client's redirect URI) and returns it.
 */
export class HeadlessBrowser {
  readonly cookies = new Map<string, Map<string, string>>();
  /** Every URL loaded, in order, with its status. */
  readonly visits: Array<{ url: string; status: number }> = [];
  /** Every redirect's Location, whole (codes and states included). */
  readonly locations: string[] = [];

  constructor(
    private readonly as: {
      user: string;
      decision?: 'approve' | 'deny';
      /** What the person ticks on the consent page (else what it preselects). */
      scope?: string;
    },
  ) {}

  #cookieHeader(url: URL): string {
    return [...(this.cookies.get(url.host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  #remember(url: URL, res: Response) {
    const jar = this.cookies.get(url.host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    this.cookies.set(url.host, jar);
  }

  async request(
    url: string,
    init: { method?: string; form?: Record<string, string> } = {},
  ): Promise<Response> {
    const target = new URL(url);
    const res = await fetch(target, {
      method: init.method ?? 'GET',
      redirect: 'manual',
      headers: {
        cookie: this.#cookieHeader(target),
        ...(init.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: init.form ? new URLSearchParams(init.form).toString() : undefined,
    });
    this.#remember(target, res);
    const location = res.headers.get('location');
    if (location) this.locations.push(location);
    this.visits.push({
      url: `${init.method ?? 'GET'} ${target.origin}${target.pathname}`,
      status: res.status,
    });
    return res;
  }

  /** Follows redirects and answers forms until a URL whose address (without its query) is `until`; that URL. */
  async follow(start: string, until: string): Promise<URL> {
    let next: { url: string; method?: string; form?: Record<string, string> } = { url: start };
    for (let step = 0; step < 20; step++) {
      if (next.url.split('?')[0] === until) return new URL(next.url);
      const res = await this.request(next.url, next);
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location) {
        next = { url: new URL(location, next.url).href };
        continue;
      }
      const html = await res.text();
      if (res.status !== 200) throw new Error(`${next.url} answered ${res.status}: ${html.slice(0, 300)}`);
      next = this.#answer(next.url, html);
    }
    throw new Error('too many steps');
  }

  /** The form on a page, answered: our consent page's decision, or the fake Slack's person. */
  #answer(url: string, html: string): { url: string; method: string; form: Record<string, string> } {
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${html.slice(0, 300)}`);
    const form: Record<string, string> = {};
    for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
      form[m[1] as string] = (m[2] as string).replaceAll('&amp;', '&').replaceAll('&quot;', '"');
    // A checked radio button is sent as a browser sends it: the consent page's preselected scope, or the one chosen.
    for (const m of html.matchAll(/<input type="radio"[^>]* name="([^"]+)" value="([^"]*)" checked>/g))
      form[m[1] as string] = m[2] as string;
    if (this.as.scope !== undefined) form.scope = this.as.scope;
    if (html.includes('name="decision" value="approve"')) form.decision = this.as.decision ?? 'approve';
    else form.user = this.as.user;
    return { url: new URL(action, url).href, method: 'POST', form };
  }
}
