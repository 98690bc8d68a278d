/**
 * deploy/prometheus/ is valid for Prometheus itself (docs/decisions/091-metrics-on-their-own-port.md):
 * `promtool check config` (the scrape configuration and the rule files it names), `promtool check
 * rules` and the rules' unit tests (`promtool test rules alerts.test.yml`), with the promtool of
 * Debian's `prometheus` package (.ci/run installs it; its service is never started). The metric
 * names the rules use are the ones the portal and the CMS serve.
 */
import { execFile } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PortalMetrics } from '../../src/server/metrics/portal-metrics.server.ts';

const run = promisify(execFile);
const DIR = path.resolve(import.meta.dirname, '../../deploy/prometheus');

/** promtool from PATH or Debian's place for it. @throws Error naming the package when it is missing */
async function findPromtool(): Promise<string> {
  for (const dir of [...(process.env.PATH ?? '').split(path.delimiter), '/usr/bin']) {
    if (!dir) continue;
    const candidate = path.join(dir, 'promtool');
    try {
      await access(candidate);
      return candidate;
    } catch {
      // Not here.
    }
  }
  throw new Error('promtool not found: apt-get install -y prometheus (.ci/run installs it)');
}

/** Runs promtool in deploy/prometheus/; resolves with its output, rejects with it on a non-zero exit. */
async function promtool(...args: string[]): Promise<string> {
  const bin = await findPromtool();
  try {
    const { stdout, stderr } = await run(bin, args, { cwd: DIR });
    return `${stdout}${stderr}`;
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: string; stderr?: string };
    throw new Error(`promtool ${args.join(' ')} failed:\n${stdout ?? ''}${stderr ?? ''}`);
  }
}

describe('deploy/prometheus (promtool)', () => {
  it('has a valid scrape configuration for both replicas and the CMS', async () => {
    const output = await promtool('check', 'config', 'prometheus.yml');
    expect(output).toMatch(/SUCCESS/);
    const config = await readFile(path.join(DIR, 'prometheus.yml'), 'utf8');
    for (const target of ['portal-1:9464', 'portal-2:9464', 'cms:9465']) expect(config).toContain(target);
  });

  it('has valid alert rules for 5xx, latency, CMS errors, readiness, an unreachable CMS and a stuck drain', async () => {
    const output = await promtool('check', 'rules', 'alerts.yml');
    expect(output).toMatch(/SUCCESS: 8 rules found/);
    const rules = await readFile(path.join(DIR, 'alerts.yml'), 'utf8');
    for (const alert of [
      'PortalHigh5xxRate',
      'PortalSlowAnswers',
      'PortalCmsErrors',
      'PortalNotReady',
      'PortalCmsUnreachable',
      'PortalDrainStuck',
    ]) {
      expect(rules).toContain(`alert: ${alert}`);
    }
  });

  it('fires the alerts when it should (rule unit tests)', async () => {
    const output = await promtool('test', 'rules', 'alerts.test.yml');
    expect(output).toMatch(/SUCCESS/);
  });

  it('names only metrics that the portal serves', async () => {
    const served = new Set(
      [...(await new PortalMetrics().registry.metrics()).matchAll(/^# TYPE (\w+) (\w+)$/gm)].flatMap(
        ([, name, type]) =>
          type === 'histogram' ? [name!, `${name}_bucket`, `${name}_count`, `${name}_sum`] : [name!],
      ),
    );
    const rules = await readFile(path.join(DIR, 'alerts.yml'), 'utf8');
    const used = new Set([...rules.matchAll(/\b(portal_[a-z_]+)/g)].map((match) => match[1]!));
    expect(used.size).toBeGreaterThan(0);
    for (const name of used) expect(served, name).toContain(name);
  });
});
