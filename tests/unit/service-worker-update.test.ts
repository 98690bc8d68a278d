/**
 * A new deployment and the service worker (src/client/build-version.ts,
 * src/client/service-worker-registration.ts; docs/decisions/059-installable-app.md): when
 * `builds/latest.json` names another build, the page asks for the new worker, tells it to take
 * over, waits until it controls the page, and only then reloads (guarded: once per 10 s). A page
 * that already runs the newest build lets a waiting worker take over without reloading. The
 * browser's worker objects are stand-ins that record what the page does, in order.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { checkBuildVersion } from '../../src/client/build-version.ts';

/** What happened, in order. */
let log: string[];

class FakeWorker extends EventTarget {
  state: ServiceWorkerState = 'installing';
  constructor(private readonly container: FakeContainer) {
    super();
  }
  postMessage(message: { type?: string }): void {
    log.push(`message ${message.type}`);
    if (message.type === 'SKIP_WAITING') queueMicrotask(() => this.container.takeOver(this));
  }
  install(): void {
    this.state = 'installed';
    this.dispatchEvent(new Event('statechange'));
  }
}

class FakeRegistration extends EventTarget {
  waiting: FakeWorker | null = null;
  installing: FakeWorker | null = null;
  /** What `update()` finds: a changed worker script, or the same one. */
  scriptChanged = true;
  constructor(private readonly container: FakeContainer) {
    super();
  }
  async update(): Promise<void> {
    log.push('update');
    if (!this.scriptChanged) return;
    const worker = new FakeWorker(this.container);
    this.installing = worker;
    setTimeout(() => {
      this.installing = null;
      this.waiting = worker;
      worker.install();
    }, 10);
  }
}

class FakeContainer extends EventTarget {
  controller: object | null = { scriptURL: '/service-worker.js' };
  registration = new FakeRegistration(this);
  async getRegistration(): Promise<FakeRegistration> {
    return this.registration;
  }
  takeOver(worker: FakeWorker): void {
    this.registration.waiting = null;
    this.controller = worker;
    log.push('controllerchange');
    this.dispatchEvent(new Event('controllerchange'));
  }
}

let container: FakeContainer;

function serverBuild(id: string): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async () => new Response(JSON.stringify({ id }), { headers: { 'Content-Type': 'application/json' } }),
    ),
  );
}

beforeEach(() => {
  log = [];
  container = new FakeContainer();
  const storage = new Map<string, string>();
  vi.stubEnv('DEV', false);
  vi.stubGlobal('navigator', { serviceWorker: container });
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => storage.set(key, value),
  });
  vi.stubGlobal('window', { location: { reload: () => log.push('reload') } });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

describe('a new deployment', () => {
  it('lets the new worker take over before the page reloads', async () => {
    serverBuild('build-2');
    await checkBuildVersion('build-1');
    expect(log).toEqual(['update', 'message SKIP_WAITING', 'controllerchange', 'reload']);
  });

  it('reloads at once when the worker script did not change', async () => {
    container.registration.scriptChanged = false;
    serverBuild('build-2');
    await checkBuildVersion('build-1');
    expect(log).toEqual(['update', 'reload']);
  });

  it('reloads at most once per 10 s (the reload guard)', async () => {
    container.registration.scriptChanged = false;
    serverBuild('build-2');
    await checkBuildVersion('build-1');
    await checkBuildVersion('build-1');
    expect(log.filter((entry) => entry === 'reload')).toHaveLength(1);
  });

  it('does nothing while the page runs the newest build', async () => {
    serverBuild('build-1');
    await checkBuildVersion('build-1');
    expect(log).toEqual([]);
  });

  it('lets a waiting worker take over without a reload when the page is current', async () => {
    serverBuild('build-1');
    await checkBuildVersion('build-1', true);
    expect(log).toEqual(['update', 'message SKIP_WAITING', 'controllerchange']);
  });

  it('leaves everything as it is when the server cannot be asked (offline)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await checkBuildVersion('build-1', true);
    expect(log).toEqual([]);
  });
});
