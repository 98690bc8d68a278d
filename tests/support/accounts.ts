/**
 * Test helpers for accounts: the e-mails the test CMS captured (one JSON file per message in
 * `inject('mailDir')`, written by cms/src/lib/mail-capture.js), links in them, unique addresses,
 * and a small cookie jar for supertest (the session cookie is `Secure` because the test portal's
 * public URL is https, so supertest's own agent would not send it back over http).
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Response } from 'supertest';

/** A captured e-mail. */
export interface CapturedMail {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  file: string;
}

/** A unique address for one test run (`name+<random>@example.test`). */
export function uniqueEmail(name: string): string {
  return `${name}+${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}@example.test`;
}

/** Every captured mail to `to` whose subject matches, oldest first. */
export async function mailsTo(mailDir: string, to: string, subject?: RegExp): Promise<CapturedMail[]> {
  let files: string[];
  try {
    files = (await readdir(mailDir)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  const mails: CapturedMail[] = [];
  for (const name of files) {
    const mail = JSON.parse(await readFile(path.join(mailDir, name), 'utf8')) as Omit<CapturedMail, 'file'>;
    if (mail.to.toLowerCase().includes(to.toLowerCase()) && (!subject || subject.test(mail.subject))) {
      mails.push({ ...mail, file: name });
    }
  }
  return mails;
}

/**
 * Waits (up to `timeoutMs`) for the `count`-th mail to `to` whose subject matches, and returns it.
 * @throws Error when it does not arrive in time
 */
export async function waitForMail(
  mailDir: string,
  to: string,
  subject: RegExp,
  { count = 1, timeoutMs = 10_000 }: { count?: number; timeoutMs?: number } = {},
): Promise<CapturedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = await mailsTo(mailDir, to, subject);
    if (mails.length >= count) return mails[count - 1]!;
    if (Date.now() > deadline)
      throw new Error(`No mail ${count} to ${to} matching ${subject} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The first link in a mail to portal page `page` (e.g. `/email-valideren`), as path and query. */
export function linkIn(mail: CapturedMail, page: string): string {
  const body = `${mail.html ?? ''}\n${mail.text}`;
  const match = new RegExp(`https?://[^\\s"'<>]+?${page.replace(/[/]/g, '\\/')}\\?[^\\s"'<>]+`).exec(body);
  if (!match) throw new Error(`No link to ${page} in mail "${mail.subject}"`);
  const url = new URL(match[0].replace(/&amp;/g, '&'));
  return `${url.pathname}${url.search}`;
}

/** The `Set-Cookie` lines of a response. */
function setCookies(response: Response): string[] {
  return ([] as string[]).concat(response.headers['set-cookie'] ?? []);
}

/** The `Set-Cookie` line of cookie `name`, if the response sets it. */
export function setCookie(response: Response, name: string): string | undefined {
  return setCookies(response).find((line) => line.startsWith(`${name}=`));
}

/** A minimal cookie jar: keeps name=value pairs from responses (deleted when cleared). */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  /** Takes the cookies a response sets (an expired or empty one is removed). */
  take(response: Response): this {
    for (const line of setCookies(response)) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const index = pair.indexOf('=');
      const name = pair.slice(0, index);
      const value = pair.slice(index + 1);
      const expires = attributes.find((a) => a.toLowerCase().startsWith('expires='));
      const expired = expires ? new Date(expires.slice(8)).getTime() <= Date.now() : false;
      const maxAgeZero = attributes.some((a) => a.toLowerCase() === 'max-age=0');
      if (value === '' || expired || maxAgeZero) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
    return this;
  }

  /** A cookie's value. */
  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  /** Sets a cookie by hand. */
  set(name: string, value: string): void {
    this.#cookies.set(name, value);
  }

  /** The `Cookie` header (empty string when there are none). */
  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * A stand-in for the CMS that forwards every request to the real one, except those `fails`
 * picks: their connection is dropped (a CMS outage as the portal sees it: `NetworkError`).
 */
export async function startFaultyCms(
  target: string,
  fails: (method: string, path: string) => boolean,
): Promise<{ url: string; close: () => Promise<void> }> {
  const { createServer } = await import('node:http');
  const server = createServer(async (req, res) => {
    if (fails(req.method ?? 'GET', req.url ?? '/')) {
      req.socket.destroy();
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && key !== 'host' && key !== 'connection') headers.set(key, value);
    }
    const answer = await fetch(`${target}${req.url}`, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    res.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/json',
    });
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
