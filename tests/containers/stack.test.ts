/**
 * The compose stack as deployed (compose.yaml under podman, tests/containers/global-stack.ts):
 * every container's health check passes; visitors reach home, a news item, search, an event
 * registration and a login through nginx, over HTTP and over HTTPS with HTTP/2; an anonymous page
 * is served from nginx's cache the second time (docs/decisions/054-shared-cache-headers.md); a
 * session made on one replica is valid on the other; the portal runs as a non-root user on a
 * read-only root file system with a tmpfs for builds/state (compose.yaml).
 */
import { readFile } from 'node:fs/promises';
import http2 from 'node:http2';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { run } from '../../scripts/containers/podman.mjs';
import { linkIn, uniqueEmail, waitForMail } from '../support/accounts.ts';
import { cookieSet, decodeHtml, exec, get, getOnReplica, hiddenFields, post, stack } from './support.ts';

const SESSION = 'strapi_jwt';
const PASSWORD = 'containers wachtwoord';

/** GETs `paths` over one HTTP/2 connection to nginx's HTTPS port, trusting the stack's certificate. */
async function viaHttp2(paths: string[]) {
  const certificate = await readFile(path.join(process.cwd(), 'deploy/tls/fullchain.pem'));
  const session = http2.connect(stack.httpsUrl, { ca: certificate, servername: 'localhost' });
  try {
    const failed = new Promise<never>((_, reject) => session.on('error', reject));
    const answers = await Promise.race([
      failed,
      Promise.all(
        paths.map(
          (pathAndQuery) =>
            new Promise<{ status: number; body: string }>((resolve, reject) => {
              const stream = session.request({ ':path': pathAndQuery });
              let status = 0;
              let body = '';
              stream.setEncoding('utf8');
              stream.on('response', (headers) => {
                status = Number(headers[':status']);
              });
              stream.on('data', (chunk: string) => {
                body += chunk;
              });
              stream.on('end', () => resolve({ status, body }));
              stream.on('error', reject);
              stream.end();
            }),
        ),
      ),
    ]);
    return { protocol: session.alpnProtocol, answers };
  } finally {
    session.close();
  }
}

describe('the containers', () => {
  it('all run, and every health check passes', async () => {
    expect(stack.healthChecked).toEqual(
      expect.arrayContaining(['postgres', 'redis', 'cms', 'portal-1', 'portal-2', 'nginx']),
    );
    for (const service of stack.healthChecked) {
      const name = stack.containers[service]!;
      const { code } = await run('podman', ['healthcheck', 'run', name], { allowFailure: true });
      const { stdout } = await run('podman', [
        'container',
        'inspect',
        '--format',
        '{{.State.Health.Status}}',
        name,
      ]);
      expect(`${service}: ${code} ${stdout.trim()}`).toBe(`${service}: 0 healthy`);
    }
    const { stdout } = await run('podman', ['container', 'inspect', stack.containers.tls!]);
    expect(JSON.parse(stdout)[0].State).toMatchObject({ Running: false, ExitCode: 0 });
  });

  it('run the portal and the CMS as the unprivileged node user', async () => {
    for (const service of ['portal-1', 'portal-2', 'cms']) {
      const { stdout } = await exec(service, ['id', '-un']);
      expect(`${service}: ${stdout.trim()}`).toBe(`${service}: node`);
    }
  });

  it('run the portal on a read-only root file system, writing only its tmpfs', async () => {
    const { stdout } = await run('podman', ['container', 'inspect', stack.containers['portal-1']!]);
    expect(JSON.parse(stdout)[0].HostConfig.ReadonlyRootfs).toBe(true);
    const refused = await exec('portal-1', ['sh', '-c', 'echo x > /app/probe']);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/Read-only file system/);
    // builds/state holds the last known site settings, written by the first page a replica renders.
    for (const replica of ['portal-1', 'portal-2']) {
      expect((await getOnReplica(replica, '/', '')).status).toBe(200);
      await expect
        .poll(async () => `${replica}: ${(await exec(replica, ['ls', '/app/builds/state'])).stdout.trim()}`)
        .toBe(`${replica}: site-nl.json`);
    }
  });
});

describe('through nginx', () => {
  it('serves home, a news item and search', async () => {
    const home = await get('/');
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toContain('<html lang="nl"');
    const article = [...html.matchAll(/href="(\/news\/(?!tag\/)[^/"]+\/[^/"?#]+)"/g)].map(
      (match) => match[1]!,
    )[0];
    expect(article).toBeDefined();
    const item = await get(article!);
    expect(item.status).toBe(200);
    const title = decodeHtml(/<h1[^>]*>([^<]+)<\/h1>/.exec(await item.text())?.[1] ?? '');
    expect(title).not.toBe('');
    const word = title.split(/\s+/).find((part) => part.length >= 6) ?? title;
    const search = await get(`/zoeken?q=${encodeURIComponent(word)}`);
    expect(search.status).toBe(200);
    expect(await search.text()).toContain(`href="${article}"`);
  });

  it('serves the same over HTTPS with HTTP/2', async () => {
    const { protocol, answers } = await viaHttp2(['/', '/robots.txt']);
    expect(protocol).toBe('h2');
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    expect(answers[0]!.body).toContain('<html lang="nl"');
  });

  it('answers an anonymous page from its cache the second time', async () => {
    const page = `/events?containers=${Date.now()}`;
    const first = await get(page);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toMatch(/^public,.* s-maxage=\d+/);
    expect(first.headers.get('x-cache-status')).toBe('MISS');
    const second = await get(page);
    expect(second.headers.get('x-cache-status')).toBe('HIT');
    expect(await second.text()).toBe(await first.text());
  });

  it('stores an event registration posted from the registration page', async () => {
    const page = await (await get('/inschrijvingen')).text();
    const event = /<option value="([a-z0-9-]+)">/.exec(page)?.[1];
    expect(event).toBeDefined();
    const email = uniqueEmail('container-inschrijving');
    const response = await post('/inschrijvingen', {
      ...hiddenFields(page, '/inschrijvingen'),
      event: event!,
      name: 'Marieke de Vries',
      email,
      organisation: 'Pakketpost B.V.',
      attendees: '1',
      consent: 'on',
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`/inschrijvingen?verzonden=1&evenement=${event}`);
    const mail = await waitForMail(stack.mailDir, email, /inschrijving/i, { timeoutMs: 30_000 });
    expect(mail.text).toContain('Organisatie: Pakketpost B.V.');
  });

  it('registers, confirms and logs in an account, whose session both replicas accept', async () => {
    const email = uniqueEmail('container-account');
    const registration = await (await get('/registreren')).text();
    const registered = await post('/registreren', {
      ...hiddenFields(registration, '/registreren'),
      email,
      password: PASSWORD,
      password_confirm: PASSWORD,
      terms: 'on',
    });
    expect(registered.status).toBe(200);
    const mail = await waitForMail(stack.mailDir, email, /Bevestig je e-mailadres/, { timeoutMs: 30_000 });
    expect((await get(linkIn(mail, '/email-valideren'))).status).toBe(302);

    const login = await (await get('/inloggen')).text();
    const loggedIn = await post('/inloggen', {
      ...hiddenFields(login, '/inloggen'),
      email,
      password: PASSWORD,
    });
    expect(loggedIn.status).toBe(302);
    const session = cookieSet(loggedIn, SESSION);
    expect(session).toBeTruthy();
    const cookie = `${SESSION}=${session}`;
    const account = await get('/account', cookie);
    expect(account.status).toBe(200);
    expect(account.headers.get('x-cache-status')).not.toBe('HIT');
    expect(await account.text()).toContain(email);

    for (const replica of ['portal-1', 'portal-2']) {
      const answer = await getOnReplica(replica, '/account', cookie);
      expect(`${replica}: ${answer.status}`).toBe(`${replica}: 200`);
      expect(answer.body).toContain(email);
    }
    const anonymous = await getOnReplica('portal-2', '/account', '');
    expect(anonymous.status).toBe(302);
  });
});
