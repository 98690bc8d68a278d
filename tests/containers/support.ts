/**
 * What the container tests share (tests/containers/*.test.ts): requests through nginx as a browser
 * sends them, commands inside the stack's containers, and calls to the CMS from inside its own
 * container (its port is not published; only nginx is).
 */
import { expect, inject } from 'vitest';
import { run } from '../../scripts/containers/podman.mjs';

/** The running stack (tests/containers/global-stack.ts). */
export const stack = inject('stack');

/** Decodes the HTML entities React escapes in text and attributes. */
export function decodeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The value of cookie `name` that a response sets, if it sets one. */
export function cookieSet(response: Response, name: string): string | undefined {
  const line = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return line?.slice(name.length + 1).split(';')[0] || undefined;
}

/** A GET through nginx's plain HTTP port, as a browser without cookies of its own would send it. */
export function get(pathAndQuery: string, cookie = ''): Promise<Response> {
  return fetch(`${stack.httpUrl}${pathAndQuery}`, {
    redirect: 'manual',
    headers: { 'accept-encoding': 'gzip', ...(cookie ? { cookie } : {}) },
  });
}

/** A same-origin form post through nginx (what a browser sends from the portal's own page). */
export function post(pathAndQuery: string, form: Record<string, string>): Promise<Response> {
  return fetch(`${stack.httpUrl}${pathAndQuery}`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      origin: stack.httpUrl,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams(form).toString(),
  });
}

/** `podman exec` in a service's container; resolves with the exit code and output. */
export function exec(service: string, command: string[]) {
  return run('podman', ['exec', stack.containers[service]!, ...command], { allowFailure: true });
}

/** The last known address of each portal replica on the stack's network (it changes on a restart). */
const replicaAddresses = new Map<string, string>();

/** A replica's address on the stack's bridge network, which this (rootful) host reaches directly. */
async function replicaAddress(service: string): Promise<string> {
  const { stdout } = await run('podman', [
    'inspect',
    '--format',
    '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}',
    stack.containers[service]!,
  ]);
  const address = stdout.trim().split(/\s+/)[0];
  if (!address) throw new Error(`${service} has no address on the stack's network`);
  return address;
}

/**
 * A GET straight to one portal replica (nginx would pick either one), past nginx, on the stack's
 * network, with a `Cookie` header; resolves with the status and the body. A request takes
 * milliseconds, so a poll measures the replica, not the check (a `node` started by `podman exec`
 * took seconds on a busy machine).
 */
export async function getOnReplica(service: string, pathAndQuery: string, cookie: string) {
  for (let attempt = 1; ; attempt += 1) {
    const address = replicaAddresses.get(service) ?? (await replicaAddress(service));
    replicaAddresses.set(service, address);
    try {
      const response = await fetch(`http://${address}:3000${pathAndQuery}`, {
        redirect: 'manual',
        headers: cookie ? { cookie } : {},
        signal: AbortSignal.timeout(10_000),
      });
      return { status: response.status, body: await response.text() };
    } catch (error) {
      // A restarted replica has a new address: look it up once more.
      replicaAddresses.delete(service);
      if (attempt === 2) throw error;
    }
  }
}

/** The hidden fields of the form posting to `action` on a page (kept as a browser would send them). */
export function hiddenFields(html: string, action: string): Record<string, string> {
  const form = new RegExp(`<form[^>]*action="${action}"[^>]*>([\\s\\S]*?)</form>`).exec(html)?.[1] ?? '';
  const fields: Record<string, string> = {};
  for (const input of form.matchAll(/<input[^>]*type="hidden"[^>]*>/g)) {
    const name = /name="([^"]*)"/.exec(input[0])?.[1];
    if (name) fields[name] = decodeHtml(/value="([^"]*)"/.exec(input[0])?.[1] ?? '');
  }
  return fields;
}

/**
 * A call to the CMS's API from inside the CMS container (`fetch` to 127.0.0.1:1337 in `node -e`).
 * @param pathAndQuery e.g. `/api/articles?status=published`
 * @param init method, JSON body and bearer token
 * @returns the status and the body (parsed JSON when it is JSON, else the text)
 */
export async function cmsCall(
  pathAndQuery: string,
  init: { method?: string; json?: unknown; token?: string } = {},
  // biome-ignore lint/suspicious/noExplicitAny: the CMS's JSON, read by each caller as it needs
): Promise<{ status: number; body: any }> {
  const script = `const [path, method, body, token] = process.argv.slice(1);
fetch('http://127.0.0.1:1337' + path, {
  method,
  headers: { 'content-type': 'application/json', ...(token ? { authorization: 'Bearer ' + token } : {}) },
  body: body === '' ? undefined : body,
}).then(async (r) => process.stdout.write(JSON.stringify({ status: r.status, text: await r.text() })))`;
  const { code, stdout, stderr } = await exec('cms', [
    'node',
    '-e',
    script,
    pathAndQuery,
    init.method ?? 'GET',
    init.json === undefined ? '' : JSON.stringify(init.json),
    init.token ?? '',
  ]);
  expect(code, stderr).toBe(0);
  const answer = JSON.parse(stdout) as { status: number; text: string };
  try {
    return { status: answer.status, body: JSON.parse(answer.text) };
  } catch {
    return { status: answer.status, body: answer.text };
  }
}

let token: Promise<string> | undefined;

/**
 * A full-access API token of the stack's CMS, made once per test file as an editor would: the
 * first administrator is registered (or logs in), then creates the token in Settings.
 */
export function fullAccessToken(): Promise<string> {
  token ??= (async () => {
    const credentials = { email: 'redactie-containers@example.test', password: 'Containers2026!' };
    let admin = await cmsCall('/admin/register-admin', {
      method: 'POST',
      json: { ...credentials, firstname: 'Eva', lastname: 'Redactie' },
    });
    if (admin.status !== 200 && admin.status !== 201) {
      admin = await cmsCall('/admin/login', { method: 'POST', json: credentials });
    }
    expect(admin.status, JSON.stringify(admin.body)).toBeLessThan(300);
    const created = await cmsCall('/admin/api-tokens', {
      method: 'POST',
      token: admin.body.data.token,
      json: { name: `containers ${Date.now()}`, type: 'full-access', lifespan: null },
    });
    expect(created.status, JSON.stringify(created.body)).toBeLessThan(300);
    return created.body.data.accessKey as string;
  })();
  return token;
}
