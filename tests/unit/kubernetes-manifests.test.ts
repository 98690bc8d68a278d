/**
 * deploy/kubernetes/ (docs/deploy/kubernetes.md, docs/decisions/106-kubernetes-manifests.md), offline
 * and in a few seconds:
 * - every overlay renders with `kubectl kustomize` (fails, never skips, without kubectl), and so do
 *   the base and the example overlay with components/trial-data;
 * - every object is valid for kubernetes-models and has no key the Kubernetes API does not know
 *   (kubernetes-models lets a typo such as `readinesProbe` through; this walks each object against
 *   the models' TypeScript interfaces, read with the TypeScript compiler);
 * - the checklist of decision 106 holds: probes, grace period, selectors, network policies, secrets
 *   only from Secrets, one image tag, pod hardening, resources, the CMS as one replica, and what
 *   podman 4.3's `kube play` needs of its overlay;
 * - deploy/kubernetes/prometheus/prometheus.yml passes `promtool check config` and scrapes the
 *   pods' `metrics` ports; the edge cache's nginx.conf keeps deploy/nginx/nginx.conf's caching rules
 *   and passes `nginx -t` (each when the tool is installed).
 * Every check is a function that lists problems; the second half feeds each one a broken copy of
 * the rendered manifests and expects it to complain, so none of them can pass whatever it is given.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Deployment, type IDeployment } from 'kubernetes-models/apps/v1/Deployment';
import {
  HorizontalPodAutoscaler,
  type IHorizontalPodAutoscaler,
} from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { type IIngress, Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { type INetworkPolicy, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import {
  type IPodDisruptionBudget,
  PodDisruptionBudget,
} from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap, type IConfigMap } from 'kubernetes-models/v1/ConfigMap';
import type { IContainer } from 'kubernetes-models/v1/Container';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import {
  type IPersistentVolumeClaim,
  PersistentVolumeClaim,
} from 'kubernetes-models/v1/PersistentVolumeClaim';
import type { IPodSpec } from 'kubernetes-models/v1/PodSpec';
import { type ISecret, Secret } from 'kubernetes-models/v1/Secret';
import { type IService, Service } from 'kubernetes-models/v1/Service';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../src/server/env.server.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const KUBE = path.join(ROOT, 'deploy/kubernetes');
const OVERLAYS = ['example', 'podman'] as const;

/** A rendered object: what every kind has; the rest is checked through its model. */
interface KubeObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [key: string]: unknown;
}

/** The models this deployment may use, by `apiVersion/kind`; a kind not here fails the test. */
const MODELS: Record<string, { new (data: never): { validate(): void }; kind: string; apiVersion: string }> =
  {
    'v1/Namespace': Namespace,
    'v1/ConfigMap': ConfigMap,
    'v1/Secret': Secret,
    'v1/Service': Service,
    'v1/PersistentVolumeClaim': PersistentVolumeClaim,
    'apps/v1/Deployment': Deployment,
    'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
    'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
    'networking.k8s.io/v1/Ingress': Ingress,
    'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  };

// ---------------------------------------------------------------------------------------------
// Rendering

/**
 * Runs a program and returns its stdout.
 * @throws Error with its stderr when it cannot start or exits non-zero
 */
function run(program: string, args: string[], input?: string): string {
  const result = spawnSync(program, args, { encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(`${program} ${args.join(' ')} exited with ${result.status}:\n${result.stderr}`);
  }
  return result.stdout;
}

/**
 * Checks that kubectl (with its built-in Kustomize 5) is installed.
 * @throws Error naming what to install when it is not
 */
function requireKubectl(): void {
  const probe = spawnSync('kubectl', ['version', '--client', '-o', 'json'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) {
    throw new Error(
      'kubectl is not installed, so deploy/kubernetes cannot be rendered: install kubectl 1.30 or later ' +
        '(it includes Kustomize 5; https://kubernetes.io/docs/tasks/tools/, or the kubectl package of ' +
        'pkgs.k8s.io with apt-get). It runs offline; no cluster is needed.',
    );
  }
}

/**
 * Renders a kustomization with `kubectl kustomize` and reads the objects as JSON. The YAML goes
 * through `kubectl patch --local` with an empty JSON merge patch, which converts it offline and
 * keeps every key as written (unknown keys included).
 * @param dir a folder with a kustomization.yaml
 * @returns the rendered objects in kustomize's order
 */
function render(dir: string): KubeObject[] {
  const yaml = run('kubectl', ['kustomize', dir]);
  if (yaml.trim() === '') return [];
  const json = run(
    'kubectl',
    ['patch', '--local', '--type', 'merge', '-p', '{}', '-o', 'json', '-f', '-'],
    yaml,
  );
  // One pretty-printed object after the other; only an object's own braces start a line.
  return json
    .split(/\n(?=\{\n)/)
    .filter((part) => part.trim() !== '')
    .map((part) => JSON.parse(part) as KubeObject);
}

/**
 * Renders a kustomization written into a temporary folder, e.g. an overlay of the base with one
 * deliberate change.
 * @param kustomization the kustomization.yaml's text, given a function that turns a folder of
 *   deploy/kubernetes into the relative path kustomize wants (it refuses absolute ones)
 */
function renderTemporary(kustomization: (folder: (of: string) => string) => string): KubeObject[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-kustomize-'));
  try {
    const folder = (of: string) => path.relative(dir, path.join(KUBE, of));
    writeFileSync(path.join(dir, 'kustomization.yaml'), kustomization(folder));
    return render(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// Validation: kubernetes-models, then unknown keys against the models' interfaces

/**
 * Validates one object with its kubernetes-models class.
 * @returns the problems (an unknown kind is one)
 */
function modelProblems(doc: KubeObject): string[] {
  const Model = MODELS[`${doc.apiVersion}/${doc.kind}`];
  const where = `${doc.kind}/${doc.metadata?.name}`;
  if (!Model) return [`${where}: no kubernetes-models class for ${doc.apiVersion} ${doc.kind} in MODELS`];
  try {
    new Model(doc as never).validate();
    return [];
  } catch (error) {
    return [`${where}: ${(error as Error).message}`];
  }
}

/**
 * The interfaces of kubernetes-models (its .d.ts files) as TypeScript types, to find keys that no
 * Kubernetes type has: `IDeployment` → `spec` → `template` → … down to the leaves.
 */
class KnownKeys {
  readonly #checker: ts.TypeChecker;
  readonly #roots = new Map<string, ts.Type>();

  /** Loads the declarations of every kind in MODELS (about 0.7 s). */
  constructor() {
    const base = path.join(ROOT, 'node_modules/kubernetes-models');
    const files = new Map(
      Object.entries(MODELS).map(([key, Model]) => [
        key,
        path.join(base, Model.apiVersion, `${Model.kind}.d.ts`),
      ]),
    );
    const program = ts.createProgram([...files.values()], {
      noEmit: true,
      skipLibCheck: true,
      types: [],
      lib: ['lib.es5.d.ts'],
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
    });
    this.#checker = program.getTypeChecker();
    for (const [key, file] of files) {
      const source = program.getSourceFile(file);
      const module = source && this.#checker.getSymbolAtLocation(source);
      const kind = key.split('/').at(-1);
      const symbol = module && this.#checker.getExportsOfModule(module).find((s) => s.name === `I${kind}`);
      if (!symbol) throw new Error(`kubernetes-models has no interface I${kind} in ${file}`);
      this.#roots.set(key, this.#checker.getDeclaredTypeOfSymbol(symbol));
    }
  }

  /**
   * Every key of `doc` that its kind's interface does not declare, as a path such as
   * `Deployment/portal .spec.template.spec.containers[0].readinesProbe`.
   */
  unknownKeys(doc: KubeObject): string[] {
    const root = this.#roots.get(`${doc.apiVersion}/${doc.kind}`);
    if (!root) return [`${doc.kind}/${doc.metadata?.name}: no interface for ${doc.apiVersion} ${doc.kind}`];
    const found: string[] = [];
    this.#walk(doc, root, `${doc.kind}/${doc.metadata?.name} `, found);
    return found;
  }

  #walk(value: unknown, type: ts.Type, at: string, found: string[]): void {
    if (value === null || typeof value !== 'object') return;
    const shape = this.#objectPart(type, Array.isArray(value));
    if (!shape) return;
    if (Array.isArray(value)) {
      const element = shape.getNumberIndexType();
      if (element) {
        for (const [index, item] of value.entries()) this.#walk(item, element, `${at}[${index}]`, found);
      }
      return;
    }
    const index = shape.getStringIndexType();
    for (const [key, child] of Object.entries(value)) {
      const property = shape.getProperty(key);
      if (property) this.#walk(child, this.#checker.getTypeOfSymbol(property), `${at}.${key}`, found);
      else if (index) this.#walk(child, index, `${at}.${key}`, found);
      else found.push(`${at}.${key}`);
    }
  }

  /** The object (or array) member of a type such as `IProbe | undefined`; none for any/unknown. */
  #objectPart(type: ts.Type, array: boolean): ts.Type | undefined {
    const members = type.isUnion() ? type.types : [type];
    return members.find((member) => {
      if (member.getFlags() & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return false;
      if (!(member.getFlags() & ts.TypeFlags.Object) && !member.isIntersection()) return false;
      return (member.getNumberIndexType() !== undefined) === array;
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the manifests

/** A pod template with the workload it belongs to. */
interface PodTemplate {
  owner: string;
  labels: Record<string, string>;
  spec: IPodSpec;
}

const ofKind = <T>(docs: KubeObject[], kind: string): T[] => docs.filter((doc) => doc.kind === kind) as T[];

/** The object of a kind and name (kustomize's name hash suffix ignored). */
function named<T>(docs: KubeObject[], kind: string, name: string): T | undefined {
  return docs.find(
    (doc) => doc.kind === kind && (doc.metadata.name === name || doc.metadata.name.startsWith(`${name}-`)),
  ) as T | undefined;
}

/** The pod templates of every Deployment. */
function podTemplates(docs: KubeObject[]): PodTemplate[] {
  return ofKind<IDeployment>(docs, 'Deployment').map((deployment) => ({
    owner: deployment.metadata?.name ?? '?',
    labels: deployment.spec?.template.metadata?.labels ?? {},
    spec: deployment.spec?.template.spec ?? { containers: [] },
  }));
}

/** Every container and init container of a pod. */
const containersOf = (spec: IPodSpec): IContainer[] => [...(spec.initContainers ?? []), ...spec.containers];

type LabelSelector = NonNullable<IDeployment['spec']>['selector'];

/** A NetworkPolicy's spec (optional in the model, never missing in a valid policy). */
const specOf = (policy: INetworkPolicy): NonNullable<INetworkPolicy['spec']> =>
  policy.spec ?? { podSelector: {} };

/** Whether a label selector (matchLabels and matchExpressions) selects these labels. */
function selects(selector: LabelSelector | undefined, labels: Record<string, string>): boolean {
  if (!selector) return false;
  const byLabels = Object.entries(selector.matchLabels ?? {}).every(([key, value]) => labels[key] === value);
  const byExpressions = (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
    const has = key in labels;
    if (operator === 'In') return has && values.includes(labels[key]!);
    if (operator === 'NotIn') return !has || !values.includes(labels[key]!);
    if (operator === 'Exists') return has;
    return !has;
  });
  return byLabels && byExpressions;
}

/** The pods a selector picks (by their owners' names). */
const selected = (pods: PodTemplate[], selector: LabelSelector | undefined) =>
  pods.filter((pod) => selects(selector, pod.labels));

/** Whether a named or numbered port is one of the pod's container ports. */
function hasPort(pod: PodTemplate, port: string | number | undefined): boolean {
  const ports = pod.spec.containers.flatMap((container) => container.ports ?? []);
  return ports.some((p) => (typeof port === 'number' ? p.containerPort === port : p.name === port));
}

/** A ConfigMap's data, looked up by its name before kustomize's hash suffix. */
const configData = (docs: KubeObject[], name: string) =>
  named<IConfigMap>(docs, 'ConfigMap', name)?.data ?? {};

const SECRET_WORDS = new Set(['KEY', 'KEYS', 'SECRET', 'TOKEN', 'PASSWORD', 'PASS', 'SALT']);

/** Whether an environment variable's name says it holds a secret (APP_KEYS, SMTP_PASS, VAPID_PRIVATE_KEY …). */
function looksSecret(name: string): boolean {
  return (
    name.includes('VAPID_PRIVATE') ||
    name.split(/[^A-Z0-9]+/i).some((word) => SECRET_WORDS.has(word.toUpperCase()))
  );
}

/** Reads a repository file. */
const repoFile = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The command of a Dockerfile's HEALTHCHECK (its exec form), e.g. `["node", "-e", "fetch(…)"]`. */
function healthcheckCommand(dockerfile: string): string[] {
  const match = /^\s*CMD (\[.*\])$/m.exec(repoFile(dockerfile).split('HEALTHCHECK')[1] ?? '');
  if (!match) throw new Error(`${dockerfile}: no HEALTHCHECK … CMD [ … ]`);
  return JSON.parse(match[1]!) as string[];
}

/** The server's own drain limit in seconds: the force timer of `shutdown` in server.ts. */
function drainSeconds(): number {
  const match = /in-flight requests did not finish in time[\s\S]*?\},\s*([\d_]+)\s*\)/.exec(
    repoFile('server.ts'),
  );
  if (!match) throw new Error('server.ts: the drain force timer (setTimeout … 10_000) was not found');
  return Number(match[1]!.replaceAll('_', '')) / 1000;
}

/** The uid of the `node` user the images run as (deploy/podman/base-images.Containerfile, as upstream). */
function nodeUid(): number {
  const match = /useradd --uid (\d+) [^\n]* node\b/.exec(repoFile('deploy/podman/base-images.Containerfile'));
  if (!match) throw new Error('base-images.Containerfile: no `useradd --uid N … node`');
  return Number(match[1]);
}

/**
 * The secrets the CMS must get from its environment: what cms/scripts/ensure-env.js would
 * otherwise generate into the read-only /app/.env, its database password and the webhook secret.
 */
function cmsSecretNames(): string[] {
  const generated = [...repoFile('cms/scripts/ensure-env.js').matchAll(/^\s*`([A-Z_]+)=\$\{/gm)].map(
    (m) => m[1]!,
  );
  if (generated.length < 8)
    throw new Error('cms/scripts/ensure-env.js: the generated secrets were not found');
  return [...new Set([...generated, 'DATABASE_PASSWORD', 'WEBHOOK_SECRET'])];
}

const PORTAL_SECRETS = ['WEBHOOK_SECRET', 'PREVIEW_SECRET', 'REDIS_URL'];

/** Where a container's variable comes from: a Secret, a ConfigMap, a literal value, or nowhere. */
function sourceOf(
  docs: KubeObject[],
  container: IContainer,
  name: string,
): { from: 'secret' | 'configMap' | 'value' | 'none'; object?: string } {
  const entry = (container.env ?? []).find((variable) => variable.name === name);
  if (entry?.valueFrom?.secretKeyRef) return { from: 'secret', object: entry.valueFrom.secretKeyRef.name };
  if (entry?.valueFrom?.configMapKeyRef)
    return { from: 'configMap', object: entry.valueFrom.configMapKeyRef.name };
  if (entry) return { from: 'value' };
  // envFrom: a later source wins over an earlier one.
  for (const source of [...(container.envFrom ?? [])].reverse()) {
    if (source.secretRef) {
      const secret = docs.find(
        (doc) => doc.kind === 'Secret' && doc.metadata.name === source.secretRef?.name,
      ) as ISecret | undefined;
      if (secret && name in { ...secret.data, ...secret.stringData })
        return { from: 'secret', object: secret.metadata?.name };
    }
    if (source.configMapRef) {
      const map = docs.find(
        (doc) => doc.kind === 'ConfigMap' && doc.metadata.name === source.configMapRef?.name,
      ) as IConfigMap | undefined;
      if (map && name in (map.data ?? {})) return { from: 'configMap', object: map.metadata?.name };
    }
  }
  return { from: 'none' };
}

/** The portal container's environment as the process would see it (ConfigMaps, Secrets decoded, values). */
function environmentOf(docs: KubeObject[], container: IContainer): Record<string, string> {
  const env: Record<string, string> = {};
  for (const source of container.envFrom ?? []) {
    const map = source.configMapRef && named<IConfigMap>(docs, 'ConfigMap', source.configMapRef.name ?? '');
    if (map) Object.assign(env, map.data);
    const secret =
      source.secretRef &&
      docs.find((doc) => doc.kind === 'Secret' && doc.metadata.name === source.secretRef?.name);
    for (const [key, value] of Object.entries((secret as ISecret | undefined)?.data ?? {})) {
      env[key] = Buffer.from(value, 'base64').toString('utf8');
    }
  }
  for (const variable of container.env ?? [])
    if (variable.value !== undefined) env[variable.name] = variable.value;
  return env;
}

// ---------------------------------------------------------------------------------------------
// The checklist (docs/decisions/106-kubernetes-manifests.md): each check lists its problems

/** What a check knows about the render it looks at. */
interface Context {
  /** The podman overlay: podman 4.3's limits apply instead of some Kubernetes rules. */
  podman: boolean;
}

type Check = (docs: KubeObject[], context: Context) => string[];

const portalContainer = (docs: KubeObject[]) =>
  named<IDeployment>(docs, 'Deployment', 'portal')?.spec?.template.spec?.containers.find(
    (c) => c.name === 'portal',
  );

/** The portal's startup, readiness and liveness probes, on the right paths and the named port. */
const portalProbes: Check = (docs, { podman }) => {
  const container = portalContainer(docs);
  if (!container) return ['no Deployment portal with a container portal'];
  const problems: string[] = [];
  const config = configData(docs, 'portal-config');
  const http = container.ports?.find((port) => port.name === 'http');
  const metrics = container.ports?.find((port) => port.name === 'metrics');
  if (!http || String(http.containerPort) !== config.PORT)
    problems.push('port `http` is not the PORT of portal-config');
  const metricsPort = config.METRICS_PORT ?? String(parseEnv({}).METRICS_PORT);
  if (metrics?.containerPort !== 9464 || String(metrics.containerPort) !== metricsPort) {
    problems.push('port `metrics` is not 9464, the METRICS_PORT the portal listens on');
  }
  const startup = container.startupProbe?.httpGet;
  if (startup?.path !== '/health' || startup.port !== 'http')
    problems.push('startupProbe is not GET /health on `http`');
  const readiness = container.readinessProbe;
  if (readiness?.httpGet?.path !== '/health/ready' || readiness.httpGet.port !== 'http') {
    problems.push('readinessProbe is not GET /health/ready on `http`');
  }
  // Readiness asks the CMS with a 2 s timeout (src/server/http/health.server.ts).
  if ((readiness?.timeoutSeconds ?? 1) <= 2)
    problems.push('readinessProbe timeoutSeconds must exceed the 2 s CMS check');
  const liveness = container.livenessProbe;
  if (podman) {
    if (JSON.stringify(liveness?.exec?.command) !== JSON.stringify(healthcheckCommand('Dockerfile'))) {
      problems.push("podman: livenessProbe is not the Dockerfile's HEALTHCHECK command");
    }
  } else if (liveness?.httpGet?.path !== '/health' || liveness.httpGet.port !== 'http') {
    problems.push('livenessProbe is not GET /health on `http`');
  }
  return problems;
};

/** A grace period longer than the preStop pause plus the drain; the pause is the native sleep action. */
const gracePeriods: Check = (docs, { podman }) => {
  const problems: string[] = [];
  const drain = drainSeconds();
  const cacheShutdown = Number(
    /worker_shutdown_timeout (\d+)s;/.exec(repoFile('deploy/kubernetes/base/cache/nginx.conf'))?.[1],
  );
  for (const deployment of ofKind<IDeployment>(docs, 'Deployment')) {
    const name = deployment.metadata?.name ?? '?';
    const spec = deployment.spec?.template.spec;
    const grace = spec?.terminationGracePeriodSeconds ?? 30;
    for (const container of spec?.containers ?? []) {
      const preStop = container.lifecycle?.preStop;
      if (preStop?.exec)
        problems.push(`${name}: preStop runs a command; use the sleep action (no sleep binary needed)`);
      const pause = preStop?.sleep?.seconds ?? 0;
      const stop = name === 'portal' ? drain : name === 'cache' ? cacheShutdown : 0;
      if (!(grace > pause + stop)) {
        problems.push(
          `${name}: terminationGracePeriodSeconds ${grace} is not more than preStop ${pause} s + stop ${stop} s`,
        );
      }
      if (name === 'portal' && !podman && pause < 5)
        problems.push('portal: no preStop pause of at least 5 s');
    }
  }
  return problems;
};

/** PDB, HPA, Service, Ingress and NetworkPolicy selectors and references that meet pods and ports. */
const selectorsMeet: Check = (docs, { podman }) => {
  const problems: string[] = [];
  const pods = podTemplates(docs);
  for (const pdb of ofKind<IPodDisruptionBudget>(docs, 'PodDisruptionBudget')) {
    if (selected(pods, pdb.spec?.selector).length === 0)
      problems.push(`PodDisruptionBudget ${pdb.metadata?.name} selects no pod`);
  }
  for (const hpa of ofKind<IHorizontalPodAutoscaler>(docs, 'HorizontalPodAutoscaler')) {
    const target = hpa.spec?.scaleTargetRef;
    const deployment =
      target?.kind === 'Deployment' && target.apiVersion === 'apps/v1'
        ? named<IDeployment>(docs, 'Deployment', target.name)
        : undefined;
    if (!deployment || deployment.metadata?.name !== target?.name) {
      problems.push(`HorizontalPodAutoscaler ${hpa.metadata?.name} targets no Deployment of this render`);
    } else if (deployment.spec?.replicas !== undefined) {
      problems.push(`Deployment ${target?.name}: has replicas although the HPA owns the count`);
    }
    if ((hpa.spec?.minReplicas ?? 1) < 2)
      problems.push(`HorizontalPodAutoscaler ${hpa.metadata?.name}: minReplicas below 2`);
  }
  for (const service of ofKind<IService>(docs, 'Service')) {
    const chosen = selected(pods, { matchLabels: service.spec?.selector ?? { '': '' } });
    if (chosen.length === 0) problems.push(`Service ${service.metadata?.name} selects no pod`);
    for (const port of service.spec?.ports ?? []) {
      if (!chosen.every((pod) => hasPort(pod, port.targetPort ?? port.port))) {
        problems.push(
          `Service ${service.metadata?.name}: targetPort ${port.targetPort} is no port of its pods`,
        );
      }
    }
  }
  for (const ingress of ofKind<IIngress>(docs, 'Ingress')) {
    for (const rule of ingress.spec?.rules ?? []) {
      for (const { backend } of rule.http?.paths ?? []) {
        const service = named<IService>(docs, 'Service', backend.service?.name ?? '');
        if (!service?.spec?.ports?.some((port) => port.name === backend.service?.port?.name)) {
          problems.push(
            `Ingress ${ingress.metadata?.name}: backend ${backend.service?.name} is no Service port`,
          );
        }
      }
    }
  }
  for (const policy of ofKind<INetworkPolicy>(docs, 'NetworkPolicy')) {
    const name = policy.metadata?.name;
    const selector = specOf(policy).podSelector;
    const targets = selected(pods, selector);
    const empty = Object.keys(selector.matchLabels ?? {}).length === 0 && !selector.matchExpressions?.length;
    if (!empty && targets.length === 0) problems.push(`NetworkPolicy ${name} selects no pod`);
    for (const rule of specOf(policy).ingress ?? []) {
      for (const peer of rule.from ?? []) {
        if (peer.podSelector && !peer.namespaceSelector && selected(pods, peer.podSelector).length === 0) {
          problems.push(`NetworkPolicy ${name}: a rule lets in pods that do not exist`);
        }
      }
      for (const port of rule.ports ?? []) {
        if (!targets.every((pod) => hasPort(pod, port.port)))
          problems.push(`NetworkPolicy ${name}: port ${port.port} is no port of its pods`);
      }
    }
  }
  if (!podman) {
    for (const kind of ['PodDisruptionBudget', 'HorizontalPodAutoscaler', 'Service', 'Ingress']) {
      if (!ofKind(docs, kind).some((doc) => (doc as KubeObject).metadata.name === 'portal'))
        problems.push(`no ${kind} portal`);
    }
  }
  return problems;
};

/**
 * Who may connect to a pod, by NetworkPolicy: `pod:<app name>`, `namespace:<name>` or `anyone`,
 * each with the port; `unprotected` when no policy selects the pod (no default deny).
 */
function peersOf(docs: KubeObject[], labels: Record<string, string>): string[] {
  const policies = ofKind<INetworkPolicy>(docs, 'NetworkPolicy').filter(
    (policy) =>
      selects(specOf(policy).podSelector, labels) &&
      (specOf(policy).policyTypes ?? ['Ingress']).includes('Ingress'),
  );
  if (policies.length === 0) return ['unprotected'];
  const peers = policies.flatMap((policy) =>
    (specOf(policy).ingress ?? []).flatMap((rule) => {
      const ports = (rule.ports ?? [{ port: 'any' }]).map((port) => port.port);
      const from = rule.from?.length ? rule.from : [undefined];
      return from.flatMap((peer) => {
        const who = !peer
          ? 'anyone'
          : peer.namespaceSelector
            ? `namespace:${peer.namespaceSelector.matchLabels?.['kubernetes.io/metadata.name'] ?? 'any'}`
            : `pod:${peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] ?? 'any'}`;
        return ports.map((port) => `${who}@${port}`);
      });
    }),
  );
  return [...new Set(peers)].sort();
}

/** Only the portal reaches the CMS, only the CMS PostgreSQL, only the portal Redis, only the ingress controller the cache. */
const reachability: Check = (docs) => {
  const problems: string[] = [];
  const expected: Record<string, string[]> = {
    cache: ['namespace:ingress-nginx@http'],
    portal: ['namespace:monitoring@metrics', 'pod:cache@http', 'pod:cms@http'],
    cms: ['namespace:monitoring@metrics', 'pod:portal@http'],
    postgres: ['pod:cms@5432'],
    redis: ['pod:portal@6379'],
  };
  const defaultDeny = ofKind<INetworkPolicy>(docs, 'NetworkPolicy').some(
    (policy) =>
      Object.keys(specOf(policy).podSelector.matchLabels ?? {}).length === 0 &&
      !specOf(policy).ingress?.length,
  );
  if (!defaultDeny) problems.push('no default-deny NetworkPolicy for ingress');
  for (const pod of podTemplates(docs)) {
    const app = pod.labels['app.kubernetes.io/name'] ?? pod.owner;
    const peers = peersOf(docs, pod.labels);
    const want = expected[app];
    if (!want) problems.push(`${app}: no expectation of who may reach it`);
    else if (JSON.stringify(peers) !== JSON.stringify(want))
      problems.push(`${app}: reached by ${peers.join(', ')}; expected ${want.join(', ')}`);
  }
  return problems;
};

/** No ConfigMap key (nor a `NAME=` line in a ConfigMap file) looks like a secret. */
const configMapsHoldNoSecrets: Check = (docs) =>
  ofKind<IConfigMap>(docs, 'ConfigMap').flatMap((map) =>
    Object.entries(map.data ?? {}).flatMap(([key, value]) => {
      const names = [key, ...[...value.matchAll(/^\s*([A-Za-z][A-Za-z0-9_]*)\s*=/gm)].map((m) => m[1]!)];
      return names
        .filter(looksSecret)
        .map((name) => `ConfigMap ${map.metadata?.name}: ${name} looks like a secret`);
    }),
  );

/**
 * Every secret of the portal and the CMS comes from a Secret (Kubernetes) or is a literal test value
 * (podman 4.3, which cannot read Secrets); webhook and preview secrets from one Secret for both.
 */
const secretsFromSecrets: Check = (docs, { podman }) => {
  const problems: string[] = [];
  const required: Record<string, string[]> = { portal: PORTAL_SECRETS, cms: cmsSecretNames() };
  for (const pod of podTemplates(docs)) {
    for (const container of containersOf(pod.spec)) {
      const names = new Set([
        ...(container.env ?? []).map((variable) => variable.name),
        ...(required[pod.owner] ?? []),
      ]);
      for (const name of names) {
        if (!looksSecret(name) && !(required[pod.owner] ?? []).includes(name)) continue;
        const source = sourceOf(docs, container, name);
        const want = podman ? 'value' : 'secret';
        if (source.from !== want)
          problems.push(`${pod.owner}: ${name} comes from ${source.from}, not a ${want}`);
      }
      if (podman) {
        const refs = JSON.stringify(container).match(/secretKeyRef|secretRef/g);
        if (refs) problems.push(`${pod.owner}: podman 4.3 cannot read ${refs.join(', ')}`);
      }
    }
  }
  if (podman && ofKind(docs, 'Secret').length > 0)
    problems.push('podman: a Secret object (podman 4.3 cannot use it)');
  if (!podman) {
    const portal = portalContainer(docs);
    const cms = named<IDeployment>(docs, 'Deployment', 'cms')?.spec?.template.spec?.containers[0];
    for (const name of ['WEBHOOK_SECRET', 'PREVIEW_SECRET']) {
      const a = portal && sourceOf(docs, portal, name).object;
      const b = cms && sourceOf(docs, cms, name).object;
      if (!a || a !== b) problems.push(`${name}: the portal and the CMS do not read it from one Secret`);
    }
  }
  return problems;
};

/** One tag per image across all containers; never `latest` or none. */
const oneImageTag: Check = (docs, { podman }) => {
  const problems: string[] = [];
  const tags = new Map<string, Set<string>>();
  for (const pod of podTemplates(docs)) {
    for (const container of containersOf(pod.spec)) {
      const image = container.image ?? '';
      const at = image.lastIndexOf(':');
      const [repository, tag] =
        at > image.lastIndexOf('/') ? [image.slice(0, at), image.slice(at + 1)] : [image, ''];
      if (!tag || tag === 'latest')
        problems.push(`${pod.owner}/${container.name}: image ${image} has no fixed tag`);
      tags.set(repository, (tags.get(repository) ?? new Set()).add(tag));
      if (pod.owner === 'portal' && !podman && !repository.includes('/'))
        problems.push(`portal: image ${image} has no registry`);
    }
  }
  for (const [repository, set] of tags)
    if (set.size > 1) problems.push(`${repository}: tags ${[...set].join(', ')}`);
  return problems;
};

/** The paths each workload writes: each must be a volume (emptyDir or PersistentVolumeClaim). */
const WRITABLE: Record<string, string[]> = {
  portal: ['/app/builds/state', '/tmp'],
  cms: ['/app/.tmp', '/app/public/uploads', '/tmp'],
  cache: ['/var/cache/nginx', '/tmp'],
  postgres: ['/var/lib/postgresql/data', '/var/run/postgresql', '/tmp'],
  redis: ['/tmp'],
};

/** Every pod's hardening, resources and spread (decision 106). */
const hardening: Check = (docs, { podman }) => {
  const problems: string[] = [];
  for (const pod of podTemplates(docs)) {
    const { spec, owner } = pod;
    const security = spec.securityContext ?? {};
    if (spec.automountServiceAccountToken !== false)
      problems.push(`${owner}: automountServiceAccountToken is not false`);
    if (!spec.topologySpreadConstraints?.length) problems.push(`${owner}: no topologySpreadConstraints`);
    if (['portal', 'cms'].includes(owner) && security.runAsUser !== nodeUid()) {
      problems.push(`${owner}: runAsUser is not ${nodeUid()}, the image's node user`);
    }
    for (const container of containersOf(spec)) {
      const where = `${owner}/${container.name}`;
      const own = container.securityContext ?? {};
      if ((own.runAsNonRoot ?? security.runAsNonRoot) !== true)
        problems.push(`${where}: runAsNonRoot is not true`);
      for (const field of ['runAsUser', 'runAsGroup'] as const) {
        const id = own[field] ?? security[field];
        if (!Number.isInteger(id) || (id as number) <= 0)
          problems.push(`${where}: ${field} is not a numeric non-root id`);
      }
      if ((own.seccompProfile ?? security.seccompProfile)?.type !== 'RuntimeDefault')
        problems.push(`${where}: seccomp is not RuntimeDefault`);
      if (own.allowPrivilegeEscalation !== false)
        problems.push(`${where}: allowPrivilegeEscalation is not false`);
      const writableRoot = podman && owner === 'cms';
      if (own.readOnlyRootFilesystem !== !writableRoot)
        problems.push(`${where}: readOnlyRootFilesystem is not ${!writableRoot}`);
      if (!own.capabilities?.drop?.includes('ALL')) problems.push(`${where}: capabilities do not drop ALL`);
      if (own.capabilities?.add?.length || own.privileged) problems.push(`${where}: adds privileges`);
      const { requests = {}, limits = {} } = container.resources ?? {};
      if (requests.cpu === undefined || requests.memory === undefined)
        problems.push(`${where}: no cpu and memory requests`);
      if (limits.memory === undefined) problems.push(`${where}: no memory limit`);
      for (const mountPath of WRITABLE[owner] ?? []) {
        const mount = container.volumeMounts?.find((m) => m.mountPath === mountPath && !m.readOnly);
        const volume = spec.volumes?.find((v) => v.name === mount?.name);
        if (!volume?.emptyDir && !volume?.persistentVolumeClaim)
          problems.push(`${where}: ${mountPath} is not a writable volume`);
      }
    }
  }
  if (!podman) {
    const cms = podTemplates(docs).find((pod) => pod.owner === 'cms');
    const mount = cms?.spec.containers[0]?.volumeMounts?.find((m) => m.mountPath === '/app/.env');
    const volume = cms?.spec.volumes?.find((v) => v.name === mount?.name);
    if (!mount?.readOnly || mount.subPath !== '.env' || !volume?.configMap)
      problems.push('cms: /app/.env is not a read-only ConfigMap file');
  }
  return problems;
};

/** The CMS: one replica, Recreate, uploads on a ReadWriteOnce claim. */
const cmsSingleton: Check = (docs) => {
  const problems: string[] = [];
  const cms = named<IDeployment>(docs, 'Deployment', 'cms');
  if (cms?.spec?.replicas !== 1) problems.push('cms: replicas is not 1');
  if (cms?.spec?.strategy?.type !== 'Recreate') problems.push('cms: strategy is not Recreate');
  const claim = named<IPersistentVolumeClaim>(docs, 'PersistentVolumeClaim', 'cms-uploads');
  if (!claim?.spec?.accessModes?.includes('ReadWriteOnce'))
    problems.push('cms-uploads: not a ReadWriteOnce claim');
  return problems;
};

/** What `podman kube play` 4.3 can play: its kinds, no port twice on the host, local images. */
const podmanShape: Check = (docs) => {
  const problems: string[] = [];
  const playable = new Set(['Deployment', 'ConfigMap', 'PersistentVolumeClaim']);
  for (const doc of docs)
    if (!playable.has(doc.kind))
      problems.push(`${doc.kind}/${doc.metadata.name}: podman 4.3 does not play it`);
  const ports = new Map<number, string>();
  for (const pod of podTemplates(docs)) {
    const deployment = named<IDeployment>(docs, 'Deployment', pod.owner);
    if ((deployment?.spec?.replicas ?? 1) > 1) problems.push(`${pod.owner}: podman plays one replica`);
    for (const container of containersOf(pod.spec)) {
      for (const port of container.ports ?? []) {
        const host = port.hostPort ?? port.containerPort;
        if (ports.has(host)) problems.push(`${pod.owner}: host port ${host} is also ${ports.get(host)}'s`);
        ports.set(host, pod.owner);
      }
      const healthcheck = { portal: 'Dockerfile', cms: 'cms/Dockerfile' }[pod.owner];
      if (
        healthcheck &&
        JSON.stringify(container.livenessProbe?.exec?.command) !==
          JSON.stringify(healthcheckCommand(healthcheck))
      ) {
        problems.push(`${pod.owner}: liveness is not the HEALTHCHECK command of ${healthcheck}`);
      }
      if (container.livenessProbe?.httpGet)
        problems.push(`${pod.owner}: an httpGet liveness probe needs curl in the image`);
      if (container.volumeMounts?.some((mount) => mount.subPath))
        problems.push(`${pod.owner}: podman 4.3 ignores subPath`);
      if (!container.image?.startsWith('localhost/') || container.imagePullPolicy !== 'Never') {
        problems.push(`${pod.owner}: image ${container.image} is not a local image that is never pulled`);
      }
    }
  }
  return problems;
};

// ---------------------------------------------------------------------------------------------

let known: KnownKeys;
const renders = new Map<string, KubeObject[]>();
/** The example overlay with components/trial-data: PostgreSQL and Redis with their policies. */
const TRIAL = 'example + trial-data';

beforeAll(() => {
  requireKubectl();
  for (const overlay of OVERLAYS) renders.set(overlay, render(path.join(KUBE, 'overlays', overlay)));
  renders.set(
    TRIAL,
    renderTemporary((folder) =>
      [
        'apiVersion: kustomize.config.k8s.io/v1beta1',
        'kind: Kustomization',
        'resources:',
        `  - ${folder('overlays/example')}`,
        'components:',
        `  - ${folder('components/trial-data')}`,
        '',
      ].join('\n'),
    ),
  );
  known = new KnownKeys();
});

const rendered = (name: string) => {
  const docs = renders.get(name);
  if (!docs) throw new Error(`${name} was not rendered`);
  return docs;
};

const ALL = [...OVERLAYS, TRIAL];
const contextOf = (name: string): Context => ({ podman: name === 'podman' });

describe('deploy/kubernetes renders (kubectl kustomize)', () => {
  it.each(ALL)('%s renders objects of known kinds', (name) => {
    const docs = rendered(name);
    expect(docs.length).toBeGreaterThan(5);
    for (const doc of docs)
      expect(MODELS, `${doc.apiVersion}/${doc.kind}`).toHaveProperty([`${doc.apiVersion}/${doc.kind}`]);
  });

  it('renders the objects of decision 106, by kind', () => {
    const count = (name: string) =>
      Object.fromEntries(
        [...new Set(rendered(name).map((doc) => doc.kind))].map((kind) => [
          kind,
          rendered(name).filter((doc) => doc.kind === kind).length,
        ]),
      );
    expect(count('example')).toEqual({
      Namespace: 1,
      ConfigMap: 4,
      Secret: 3,
      Service: 3,
      PersistentVolumeClaim: 1,
      Deployment: 3,
      HorizontalPodAutoscaler: 1,
      PodDisruptionBudget: 2,
      Ingress: 1,
      NetworkPolicy: 4,
    });
    expect(count('podman')).toEqual({ ConfigMap: 2, PersistentVolumeClaim: 2, Deployment: 4 });
  });

  it('the base alone holds no Secret and no secret value', () => {
    const docs = render(path.join(KUBE, 'base'));
    expect(docs.filter((doc) => doc.kind === 'Secret')).toEqual([]);
    const literal = podTemplates(docs).flatMap((pod) =>
      containersOf(pod.spec).flatMap((c) =>
        (c.env ?? []).filter((v) => looksSecret(v.name) && v.value !== undefined),
      ),
    );
    expect(literal).toEqual([]);
  });

  it('components/trial-data is a Kustomize Component', () => {
    expect(repoFile('deploy/kubernetes/components/trial-data/kustomization.yaml')).toMatch(
      /^kind: Component$/m,
    );
  });
});

describe('every object is valid', () => {
  it.each(ALL)('%s: kubernetes-models validates every object', (name) => {
    expect(rendered(name).flatMap(modelProblems)).toEqual([]);
  });

  it.each(ALL)('%s: no key that Kubernetes does not know', (name) => {
    expect(rendered(name).flatMap((doc) => known.unknownKeys(doc))).toEqual([]);
  });

  it('finds a misspelt key that kubernetes-models lets through (readinesProbe, mountPth)', () => {
    const docs = renderTemporary((folder) =>
      [
        'apiVersion: kustomize.config.k8s.io/v1beta1',
        'kind: Kustomization',
        'resources:',
        `  - ${folder('base')}`,
        'patches:',
        '  - target: { kind: Deployment, name: portal }',
        '    patch: |-',
        '      - op: add',
        '        path: /spec/template/spec/containers/0/readinesProbe',
        '        value: { httpGet: { path: /health/ready, port: http } }',
        '      - op: add',
        '        path: /spec/template/spec/containers/0/volumeMounts/0/mountPth',
        '        value: /app/builds/state',
        '',
      ].join('\n'),
    );
    const portal = docs.find((doc) => doc.kind === 'Deployment' && doc.metadata.name === 'portal')!;
    expect(modelProblems(portal)).toEqual([]);
    expect(known.unknownKeys(portal)).toEqual([
      'Deployment/portal .spec.template.spec.containers[0].readinesProbe',
      'Deployment/portal .spec.template.spec.containers[0].volumeMounts[0].mountPth',
    ]);
  });

  it('kubernetes-models refuses a wrong type', () => {
    const portal = structuredClone(rendered('example').find((doc) => doc.kind === 'Deployment')!);
    (portal.spec as Record<string, unknown>).minReadySeconds = 'five';
    expect(modelProblems(portal).join('\n')).toMatch(/minReadySeconds/);
  });
});

const CHECKS: Record<string, { check: Check; on: string[] }> = {
  'the portal has its three probes on the right paths and named ports': { check: portalProbes, on: ALL },
  'grace periods outlast the preStop pause and the drain': { check: gracePeriods, on: ALL },
  'selectors and references meet pods and ports': { check: selectorsMeet, on: ALL },
  'network policies let in only who the decision names': { check: reachability, on: ['example', TRIAL] },
  'no ConfigMap holds a secret': { check: configMapsHoldNoSecrets, on: ALL },
  'secrets come from Secrets (podman: test values)': { check: secretsFromSecrets, on: ALL },
  'one image tag per image': { check: oneImageTag, on: ALL },
  'every pod is hardened and has resources': { check: hardening, on: ALL },
  'the CMS is one replica with Recreate': { check: cmsSingleton, on: ALL },
  'the podman overlay is what podman 4.3 plays': { check: podmanShape, on: ['podman'] },
};

describe('the checklist of decision 106', () => {
  for (const [title, { check, on }] of Object.entries(CHECKS)) {
    it.each(on)(`${title} (%s)`, (name) => {
      expect(check(rendered(name), contextOf(name))).toEqual([]);
    });
  }

  it('the portal environment of the podman overlay passes the portal’s own check', () => {
    const env = environmentOf(rendered('podman'), portalContainer(rendered('podman'))!);
    expect(() => parseEnv(env)).not.toThrow();
    expect(parseEnv(env).REDIS_URL).toBe('redis://redis-pod:6379');
  });

  it('the example overlay’s placeholder secrets stop the portal (it refuses CHANGE-ME)', () => {
    const env = environmentOf(rendered('example'), portalContainer(rendered('example'))!);
    expect(env.WEBHOOK_SECRET).toBe('CHANGE-ME');
    expect(() => parseEnv(env)).toThrow(/WEBHOOK_SECRET/);
  });
});

/** A deep copy of the example render (with trial data) to break. */
const broken = (change: (docs: KubeObject[]) => void): KubeObject[] => {
  const docs = structuredClone(rendered(TRIAL));
  change(docs);
  return docs;
};
const deployment = (docs: KubeObject[], name: string) => named<IDeployment>(docs, 'Deployment', name)!;
const container = (docs: KubeObject[], name: string) =>
  deployment(docs, name).spec!.template.spec!.containers[0]!;

describe('each check fails on manifests that break it', () => {
  const cases: [string, Check, (docs: KubeObject[]) => void, RegExp][] = [
    [
      'readiness probe removed',
      portalProbes,
      (d) => delete container(d, 'portal').readinessProbe,
      /readinessProbe/,
    ],
    [
      'readiness on /health',
      portalProbes,
      (d) => {
        container(d, 'portal').readinessProbe!.httpGet!.path = '/health';
      },
      /readinessProbe/,
    ],
    [
      'liveness on a number',
      portalProbes,
      (d) => {
        container(d, 'portal').livenessProbe!.httpGet!.port = 3000;
      },
      /livenessProbe/,
    ],
    [
      'http port renamed',
      portalProbes,
      (d) => {
        container(d, 'portal').ports![0]!.name = 'web';
      },
      /port `http`/,
    ],
    [
      'metrics on 9100',
      portalProbes,
      (d) => {
        container(d, 'portal').ports![1]!.containerPort = 9100;
      },
      /metrics/,
    ],
    [
      'grace of 15 s',
      gracePeriods,
      (d) => {
        deployment(d, 'portal').spec!.template.spec!.terminationGracePeriodSeconds = 15;
      },
      /portal: terminationGracePeriodSeconds 15/,
    ],
    [
      'preStop by exec sleep',
      gracePeriods,
      (d) => {
        container(d, 'portal').lifecycle = { preStop: { exec: { command: ['sleep', '10'] } } };
      },
      /sleep action/,
    ],
    [
      'PDB selector typo',
      selectorsMeet,
      (d) => {
        named<IPodDisruptionBudget>(d, 'PodDisruptionBudget', 'portal')!.spec!.selector!.matchLabels = {
          'app.kubernetes.io/name': 'portall',
        };
      },
      /PodDisruptionBudget portal selects no pod/,
    ],
    [
      'HPA on another name',
      selectorsMeet,
      (d) => {
        named<IHorizontalPodAutoscaler>(d, 'HorizontalPodAutoscaler', 'portal')!.spec!.scaleTargetRef.name =
          'portal-web';
      },
      /targets no Deployment/,
    ],
    [
      'HPA minimum 1',
      selectorsMeet,
      (d) => {
        named<IHorizontalPodAutoscaler>(d, 'HorizontalPodAutoscaler', 'portal')!.spec!.minReplicas = 1;
      },
      /minReplicas/,
    ],
    [
      'replicas beside the HPA',
      selectorsMeet,
      (d) => {
        deployment(d, 'portal').spec!.replicas = 2;
      },
      /HPA owns the count/,
    ],
    [
      'Service selector typo',
      selectorsMeet,
      (d) => {
        named<IService>(d, 'Service', 'cms')!.spec!.selector = { 'app.kubernetes.io/name': 'strapi' };
      },
      /Service cms selects no pod/,
    ],
    [
      'Service targetPort unknown',
      selectorsMeet,
      (d) => {
        named<IService>(d, 'Service', 'portal')!.spec!.ports![0]!.targetPort = 'web';
      },
      /targetPort web/,
    ],
    [
      'NetworkPolicy from a pod that does not exist',
      selectorsMeet,
      (d) => {
        named<INetworkPolicy>(d, 'NetworkPolicy', 'cms')!.spec!.ingress![0]!.from![0]!
          .podSelector!.matchLabels = { 'app.kubernetes.io/name': 'frontend' };
      },
      /pods that do not exist/,
    ],
    [
      'CMS open to anyone',
      reachability,
      (d) => {
        named<INetworkPolicy>(d, 'NetworkPolicy', 'cms')!.spec!.ingress!.push({});
      },
      /cms: reached by anyone/,
    ],
    [
      'Redis open to the CMS',
      reachability,
      (d) => {
        named<INetworkPolicy>(d, 'NetworkPolicy', 'redis')!.spec!.ingress![0]!.from!.push({
          podSelector: { matchLabels: { 'app.kubernetes.io/name': 'cms' } },
        });
      },
      /redis: reached by/,
    ],
    [
      'no default deny',
      reachability,
      (d) => {
        d.splice(
          d.findIndex((doc) => doc.metadata.name === 'default-deny-ingress'),
          1,
        );
      },
      /default-deny/,
    ],
    [
      'a password in a ConfigMap',
      configMapsHoldNoSecrets,
      (d) => {
        named<IConfigMap>(d, 'ConfigMap', 'cms-config')!.data!.DATABASE_PASSWORD = 'x';
      },
      /DATABASE_PASSWORD looks like a secret/,
    ],
    [
      'a secret line in a ConfigMap file',
      configMapsHoldNoSecrets,
      (d) => {
        named<IConfigMap>(d, 'ConfigMap', 'cms-dotenv')!.data!['.env'] += 'JWT_SECRET=x\n';
      },
      /JWT_SECRET/,
    ],
    [
      'a literal webhook secret',
      secretsFromSecrets,
      (d) => {
        container(d, 'cms').env = [{ name: 'WEBHOOK_SECRET', value: 'literal-secret-value' }];
      },
      /cms: WEBHOOK_SECRET comes from value/,
    ],
    [
      'a missing VAPID key',
      secretsFromSecrets,
      (d) => {
        delete named<ISecret>(d, 'Secret', 'cms-secrets')!.data!.VAPID_PRIVATE_KEY;
      },
      /VAPID_PRIVATE_KEY comes from none/,
    ],
    [
      'an init container on another tag',
      oneImageTag,
      (d) => {
        deployment(d, 'portal').spec!.template.spec!.initContainers = [
          { ...container(d, 'portal'), name: 'init', image: 'registry.example.com/portal:0.0.9' },
        ];
      },
      /portal: tags/,
    ],
    [
      'latest',
      oneImageTag,
      (d) => {
        container(d, 'cms').image = 'registry.example.com/portal-cms:latest';
      },
      /no fixed tag/,
    ],
    [
      'root allowed',
      hardening,
      (d) => {
        deployment(d, 'redis').spec!.template.spec!.securityContext!.runAsNonRoot = false;
      },
      /redis\/redis: runAsNonRoot/,
    ],
    [
      'user by name only',
      hardening,
      (d) => {
        delete deployment(d, 'cache').spec!.template.spec!.securityContext!.runAsUser;
      },
      /cache\/nginx: runAsUser/,
    ],
    [
      'writable root',
      hardening,
      (d) => {
        container(d, 'portal').securityContext!.readOnlyRootFilesystem = false;
      },
      /readOnlyRootFilesystem/,
    ],
    [
      'capabilities kept',
      hardening,
      (d) => {
        delete container(d, 'postgres').securityContext!.capabilities;
      },
      /drop ALL/,
    ],
    [
      'escalation allowed',
      hardening,
      (d) => {
        delete container(d, 'cms').securityContext!.allowPrivilegeEscalation;
      },
      /allowPrivilegeEscalation/,
    ],
    [
      'seccomp unconfined',
      hardening,
      (d) => {
        deployment(d, 'portal').spec!.template.spec!.securityContext!.seccompProfile = { type: 'Unconfined' };
      },
      /seccomp/,
    ],
    [
      'service account token',
      hardening,
      (d) => {
        deployment(d, 'cms').spec!.template.spec!.automountServiceAccountToken = true;
      },
      /automountServiceAccountToken/,
    ],
    [
      'no memory limit',
      hardening,
      (d) => {
        delete container(d, 'cache').resources!.limits;
      },
      /memory limit/,
    ],
    [
      'no spread',
      hardening,
      (d) => {
        delete deployment(d, 'portal').spec!.template.spec!.topologySpreadConstraints;
      },
      /topologySpreadConstraints/,
    ],
    [
      'state not a volume',
      hardening,
      (d) => {
        container(d, 'portal').volumeMounts = [];
      },
      /\/app\/builds\/state is not a writable volume/,
    ],
    [
      '.env writable',
      hardening,
      (d) => {
        container(d, 'cms').volumeMounts!.find((m) => m.mountPath === '/app/.env')!.readOnly = false;
      },
      /\/app\/.env/,
    ],
    [
      'another uid than the image',
      hardening,
      (d) => {
        deployment(d, 'portal').spec!.template.spec!.securityContext!.runAsUser = 1001;
      },
      /image's node user/,
    ],
    [
      'two CMS replicas',
      cmsSingleton,
      (d) => {
        deployment(d, 'cms').spec!.replicas = 2;
      },
      /replicas is not 1/,
    ],
    [
      'CMS rolling',
      cmsSingleton,
      (d) => {
        deployment(d, 'cms').spec!.strategy = { type: 'RollingUpdate' };
      },
      /Recreate/,
    ],
  ];
  it.each(cases)('%s', (_title, check, change, problem) => {
    expect(
      check(rendered(TRIAL), contextOf(TRIAL)).filter((text) => problem.test(text)),
      'passes unbroken',
    ).toEqual([]);
    expect(check(broken(change), contextOf(TRIAL)).join('\n')).toMatch(problem);
  });

  it('podman: a repeated host port and an httpGet liveness probe', () => {
    const docs = structuredClone(rendered('podman'));
    expect(podmanShape(docs, { podman: true })).toEqual([]);
    container(docs, 'cms').ports = [{ name: 'http', containerPort: 3000 }];
    container(docs, 'cms').livenessProbe = { httpGet: { path: '/_health', port: 1337 } };
    expect(podmanShape(docs, { podman: true }).join('\n')).toMatch(/curl[\s\S]*host port 3000 is also cms's/);
  });

  it('podman: a secretRef', () => {
    const docs = structuredClone(rendered('podman'));
    container(docs, 'portal').envFrom!.push({ secretRef: { name: 'portal-secrets' } });
    expect(secretsFromSecrets(docs, { podman: true }).join('\n')).toMatch(/cannot read secretRef/);
  });
});

describe('deploy/kubernetes/prometheus', () => {
  const FILE = path.join(KUBE, 'prometheus/prometheus.yml');
  const promtool = spawnSync('promtool', ['--version']).status === 0;

  it.skipIf(!promtool)('passes promtool check config', () => {
    let result = spawnSync('promtool', ['check', 'config', FILE], { encoding: 'utf8' });
    let output = `${result.stdout}${result.stderr}`;
    if (result.status !== 0 && /field kubernetes_sd_configs not found/.test(output)) {
      // Debian's promtool is built without Kubernetes discovery: check the rest (relabelling, rule
      // files) with each discovery block replaced by a static target.
      const dir = mkdtempSync(path.join(tmpdir(), 'portal-promtool-'));
      try {
        const text = readFileSync(FILE, 'utf8')
          .replace(
            / {4}kubernetes_sd_configs:\n(?: {6}.*\n)+/g,
            "    static_configs:\n      - targets: ['pod:9464']\n",
          )
          .replace('../../prometheus/alerts.yml', path.join(ROOT, 'deploy/prometheus/alerts.yml'));
        writeFileSync(path.join(dir, 'prometheus.yml'), text);
        result = spawnSync('promtool', ['check', 'config', path.join(dir, 'prometheus.yml')], {
          encoding: 'utf8',
        });
        output = `${result.stdout}${result.stderr}`;
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    expect(output).toMatch(/SUCCESS/);
    expect(result.status).toBe(0);
  });

  it('discovers pods of the example namespace and keeps the portal’s and the CMS’s `metrics` ports', () => {
    const text = readFileSync(FILE, 'utf8');
    const docs = rendered('example');
    const namespace = (docs.find((doc) => doc.kind === 'Deployment') as KubeObject).metadata.namespace;
    for (const job of ['portal', 'cms']) {
      const block = text.split(/\n {2}- job_name: /).find((part) => part.startsWith(`${job}\n`)) ?? '';
      expect(block, job).toMatch(/role: pod/);
      expect(block, job).toContain(`- ${namespace}`);
      expect(block, job).toMatch(
        new RegExp(
          `__meta_kubernetes_pod_label_app_kubernetes_io_name\\]\\n\\s+regex: ${job}\\n\\s+action: keep`,
        ),
      );
      expect(block, job).toMatch(
        /__meta_kubernetes_pod_container_port_name\]\n\s+regex: metrics\n\s+action: keep/,
      );
      const pod = podTemplates(docs).find((p) => p.labels['app.kubernetes.io/name'] === job);
      expect(pod && hasPort(pod, 'metrics'), `${job} has a port named metrics`).toBe(true);
    }
  });
});

describe('the edge cache (base/cache/nginx.conf)', () => {
  const CONF = path.join(KUBE, 'base/cache/nginx.conf');
  /** The caching directives of `location /`, one string each. */
  const cachingRules = (text: string) =>
    (/location \/ \{([\s\S]*?)\n {4}\}/.exec(text)?.[1] ?? '')
      .split('\n')
      .map((line) => line.trim())
      .filter((line) =>
        /^(proxy_cache|proxy_no_cache|proxy_ignore_headers|proxy_buffer|proxy_busy|add_header X-Cache)/.test(
          line,
        ),
      );

  it('keeps the caching rules of deploy/nginx/nginx.conf (decision 054)', () => {
    const shipped = cachingRules(repoFile('deploy/nginx/nginx.conf'));
    expect(shipped.length).toBeGreaterThan(10);
    expect(cachingRules(readFileSync(CONF, 'utf8'))).toEqual(shipped);
  });

  const nginx = ['nginx', '/usr/sbin/nginx'].find((binary) => spawnSync(binary, ['-v']).status === 0);
  it.skipIf(!nginx)('passes nginx -t with the upstream and the paths replaced', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'portal-cache-nginx-'));
    try {
      const text = readFileSync(CONF, 'utf8')
        .replace('server portal:80;', 'server 127.0.0.1:9;')
        .replaceAll('/var/cache/nginx', dir)
        .replace('pid /tmp/nginx.pid;', `pid ${dir}/nginx.pid;`)
        .replace('access_log /dev/stdout portal;', `access_log ${dir}/access.log portal;`);
      writeFileSync(path.join(dir, 'nginx.conf'), text);
      const result = spawnSync(
        nginx!,
        ['-t', '-p', dir, '-e', 'stderr', '-c', path.join(dir, 'nginx.conf')],
        {
          encoding: 'utf8',
        },
      );
      expect(`${result.stdout}${result.stderr}`).toContain('test is successful');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
