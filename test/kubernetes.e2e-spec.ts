import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PATH_METADATA } from '@nestjs/common/constants';
import { loadAll } from 'js-yaml';
import * as ts from 'typescript';
import { ConfigValidationError, loadConfig, loadDatabaseUrl } from '../src/core/config/app-config';
import { ENV_KEYS } from '../src/core/config/environment';
import { HealthController } from '../src/health/health.controller';
import { MetricsController } from '../src/metrics/metrics.controller';
import '../src/metrics/metrics.module'; // PrometheusModule.register gives MetricsController its path

/**
 * deploy/kubernetes (ADR 0277), rendered by `kubectl kustomize` as an SRE applies it, every object
 * validated against the Kubernetes schemas (kubernetes-models; the ServiceMonitor against the
 * prometheus-operator CRD's), and held to the service's own declarations: the probes' paths are
 * the health controller's routes, the ports the configured PORT, every env name one that
 * src/core/config/environment.ts declares, and the pods' environment (the ConfigMap and the
 * example Secrets) one that the service's production validation accepts.
 */

jest.setTimeout(60_000);

const ROOT = join(__dirname, '..');
const KIT = join(ROOT, 'deploy', 'kubernetes');
const OVERLAYS = { base: join(KIT, 'base'), production: join(KIT, 'overlays', 'production') } as const;
const SECRETS_DIR = join(KIT, 'overlays', 'production', 'secrets');

/** The oldest kustomize that renders the kit (`resources` naming a directory, `patches`, generator `options`). */
const KUSTOMIZE_MAJOR = 5;

type Obj = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string> } } & Record<
  string,
  any
>;

/** kubectl's embedded kustomize version, or why there is none fit to render. */
function kubectl(): { ok: true; version: string } | { ok: false; why: string } {
  try {
    const out = execFileSync('kubectl', ['version', '--client', '-o', 'json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const version = String((JSON.parse(out) as { kustomizeVersion?: string }).kustomizeVersion ?? '');
    const major = Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);
    return major >= KUSTOMIZE_MAJOR ? { ok: true, version } : { ok: false, why: `kubectl's kustomize is ${version || 'unknown'}` };
  } catch (err) {
    return { ok: false, why: `kubectl: ${(err as Error).message.split('\n')[0]}` };
  }
}

function render(dir: string): Obj[] {
  const yaml = execFileSync('kubectl', ['kustomize', dir], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return loadAll(yaml).filter((o): o is Obj => o !== null && typeof o === 'object');
}

/** Each object's problems against its Kubernetes (or prometheus-operator) schema (test/support/kubernetes-schemas.mjs). */
function schemaProblems(objects: Obj[]): string[] {
  const out = execFileSync(process.execPath, [join(__dirname, 'support', 'kubernetes-schemas.mjs')], {
    cwd: ROOT,
    input: JSON.stringify(objects),
    encoding: 'utf8',
  });
  return JSON.parse(out) as string[];
}

/**
 * The interface kubernetes-models declares for each kind (from the same OpenAPI schemas), by the
 * module that exports it. The JSON schemas allow fields they do not list; the API server refuses
 * them (kubectl's strict field validation). TypeScript's excess-property check on the objects as
 * literals of these interfaces finds such a field, a misspelt one included.
 */
const INTERFACES: Record<string, [module: string, name: string]> = {
  'v1/Namespace': ['kubernetes-models/v1/Namespace', 'INamespace'],
  'v1/ServiceAccount': ['kubernetes-models/v1/ServiceAccount', 'IServiceAccount'],
  'v1/ConfigMap': ['kubernetes-models/v1/ConfigMap', 'IConfigMap'],
  'v1/Service': ['kubernetes-models/v1/Service', 'IService'],
  'apps/v1/Deployment': ['kubernetes-models/apps/v1/Deployment', 'IDeployment'],
  'batch/v1/Job': ['kubernetes-models/batch/v1/Job', 'IJob'],
  'policy/v1/PodDisruptionBudget': ['kubernetes-models/policy/v1/PodDisruptionBudget', 'IPodDisruptionBudget'],
  'autoscaling/v2/HorizontalPodAutoscaler': ['kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler', 'IHorizontalPodAutoscaler'],
  'networking.k8s.io/v1/NetworkPolicy': ['kubernetes-models/networking.k8s.io/v1/NetworkPolicy', 'INetworkPolicy'],
  'monitoring.coreos.com/v1/ServiceMonitor': [
    '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor',
    'IServiceMonitor',
  ],
};

function unknownFieldProblems(objects: Obj[]): string[] {
  const file = join(ROOT, 'test', '__kubernetes_kit__.ts');
  const lines: string[] = [];
  const typed = objects.filter((o) => INTERFACES[`${o.apiVersion}/${o.kind}`]);
  typed.forEach((o, i) => {
    const [module, name] = INTERFACES[`${o.apiVersion}/${o.kind}`];
    lines.push(`import type { ${name} as T${i} } from '${module}';`, `export const o${i}: T${i} = ${JSON.stringify(o)};`);
  });
  const source = lines.join('\n');
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    module: ts.ModuleKind.CommonJS,
    target: ts.ScriptTarget.ES2022,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.getSourceFile = (name, version, ...rest) =>
    name === file ? ts.createSourceFile(name, source, version) : getSourceFile.call(host, name, version, ...rest);
  host.fileExists = (name) => name === file || fileExists.call(host, name);
  host.readFile = (name) => (name === file ? source : readFile.call(host, name));
  const program = ts.createProgram([file], options, host);
  const problems: string[] = [];
  for (const d of ts.getPreEmitDiagnostics(program)) {
    const at = d.file === program.getSourceFile(file) && d.start !== undefined ? d.file!.getLineAndCharacterOfPosition(d.start).line : -1;
    const o = at >= 0 ? typed[Math.floor(at / 2)] : undefined;
    const where = o ? `${o.kind} ${o.metadata.name}` : (d.file?.fileName ?? 'kit');
    problems.push(`${where}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`);
  }
  return problems;
}

/** `KEY=value` lines as `kubectl create secret generic --from-env-file` reads them (no quoting). */
function envFile(path: string): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    if (!line.trim() || line.trimStart().startsWith('#')) continue;
    const eq = line.indexOf('=');
    vars[line.slice(0, eq)] = line.slice(eq + 1);
  }
  return vars;
}

/** The example Secrets, by Secret name: secrets/<name>.env.example. */
function exampleSecrets(): Record<string, Record<string, string>> {
  const secrets: Record<string, Record<string, string>> = {};
  for (const file of readdirSync(SECRETS_DIR).filter((f) => f.endsWith('.env.example'))) {
    secrets[file.replace(/\.env\.example$/, '')] = envFile(join(SECRETS_DIR, file));
  }
  return secrets;
}

const one = (objects: Obj[], kind: string, component?: string): Obj => {
  const found = objects.filter((o) => o.kind === kind && (!component || o.metadata.labels?.['app.kubernetes.io/component'] === component));
  if (found.length !== 1) throw new Error(`expected one ${kind}${component ? ` (${component})` : ''}, found ${found.length}`);
  return found[0];
};

const matches = (selector: Record<string, string>, labels: Record<string, string> = {}) =>
  Object.keys(selector).length > 0 && Object.entries(selector).every(([k, v]) => labels[k] === v);

/** The route of a controller method as Nest mounts it (no global prefix: bootstrap sets none). */
function route(controller: object, method: (...args: never[]) => unknown): string {
  const parts = [Reflect.getMetadata(PATH_METADATA, controller), Reflect.getMetadata(PATH_METADATA, method)];
  return `/${parts
    .map((p: string | undefined) => (p ?? '').replace(/^\/+|\/+$/g, ''))
    .filter(Boolean)
    .join('/')}`;
}

const HEALTH = route(HealthController, HealthController.prototype.health);
const READY = route(HealthController, HealthController.prototype.ready);
const METRICS = route(MetricsController, MetricsController.prototype.index);

/**
 * The environment a pod template's container gets: each env name with where it comes from, and
 * the values (ConfigMap values; Secret values from the example Secrets; `undefined` for an optional
 * key the examples leave out).
 */
function containerEnv(objects: Obj[], container: any, secrets: Record<string, Record<string, string>>) {
  const problems: string[] = [];
  const values: Record<string, string | undefined> = {};
  const secretRefs: { env: string; name: string; key: string; optional: boolean }[] = [];
  const configMap = (name: string) => objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === name);
  for (const from of container.envFrom ?? []) {
    if (from.secretRef) problems.push(`envFrom secretRef ${from.secretRef.name}: its names cannot be checked; use env with secretKeyRef`);
    if (from.prefix) problems.push(`envFrom prefix ${from.prefix}: the service reads unprefixed names`);
    if (from.configMapRef) {
      const cm = configMap(from.configMapRef.name);
      if (!cm) problems.push(`envFrom configMapRef ${from.configMapRef.name}: no such ConfigMap in the kit`);
      Object.assign(values, cm?.data ?? {});
    }
  }
  for (const e of container.env ?? []) {
    const ref = e.valueFrom?.secretKeyRef;
    const cmRef = e.valueFrom?.configMapKeyRef;
    if (ref) {
      secretRefs.push({ env: e.name, name: ref.name, key: ref.key, optional: ref.optional === true });
      const value = secrets[ref.name]?.[ref.key];
      if (value === undefined && ref.optional !== true)
        problems.push(`${e.name}: ${ref.name}/${ref.key} is not in secrets/${ref.name}.env.example`);
      values[e.name] = value;
    } else if (cmRef) {
      values[e.name] = configMap(cmRef.name)?.data?.[cmRef.key];
    } else if (e.valueFrom) {
      problems.push(`${e.name}: valueFrom other than a Secret or ConfigMap key`);
    } else {
      values[e.name] = e.value ?? '';
    }
  }
  const declared = new Set<string>(ENV_KEYS);
  for (const name of Object.keys(values)) {
    if (!declared.has(name)) problems.push(`${name}: not a variable the service declares (src/core/config/environment.ts)`);
  }
  return { values, secretRefs, problems };
}

/** What the kit must hold to run the service as its code and config say. Empty: nothing wrong. */
function kitProblems(objects: Obj[], overlay: Record<string, string> = {}): string[] {
  const problems: string[] = [];
  const secrets = exampleSecrets();
  const deployment = one(objects, 'Deployment');
  const job = one(objects, 'Job', 'migrate');
  const pod = deployment.spec.template.spec;
  const server = pod.containers[0];
  if (pod.containers.length !== 1) problems.push('the server pod runs one container');

  // Environment: declared names, values the production validation accepts.
  const env = containerEnv(objects, server, secrets);
  problems.push(...env.problems.map((p) => `Deployment env ${p}`));
  Object.assign(env.values, overlay);
  let config: ReturnType<typeof loadConfig> | undefined;
  try {
    config = loadConfig(env.values);
  } catch (err) {
    problems.push(
      `Deployment env refused by the service's config: ${err instanceof ConfigValidationError ? err.problems.join('; ') : String(err)}`,
    );
  }
  if (env.values.NODE_ENV !== 'production') problems.push(`Deployment NODE_ENV is ${env.values.NODE_ENV}, not production`);
  const jobContainer = job.spec.template.spec.containers[0];
  const jobEnv = containerEnv(objects, jobContainer, secrets);
  problems.push(...jobEnv.problems.map((p) => `Job env ${p}`));
  try {
    loadDatabaseUrl(jobEnv.values);
  } catch (err) {
    problems.push(`Job env refused by the migrate command: ${(err as Error).message}`);
  }
  // Every example Secret key is one a container reads (none stale, none that would be ignored).
  const referenced = new Set([...env.secretRefs, ...jobEnv.secretRefs].map((r) => `${r.name}/${r.key}`));
  for (const [name, keys] of Object.entries(secrets)) {
    for (const key of Object.keys(keys)) {
      if (!referenced.has(`${name}/${key}`)) problems.push(`secrets/${name}.env.example: ${key} is read by no container`);
    }
  }
  if (!config) return problems;

  // Ports and probes: the container's port is PORT; the probes hit the health controller's routes on it.
  const port = (server.ports ?? []).find((p: any) => p.name === 'http');
  if (port?.containerPort !== config.port) problems.push(`container port http is ${port?.containerPort}, PORT is ${config.port}`);
  const probePort = (p: any) => (p === 'http' ? port?.containerPort : p);
  const expectProbe = (name: string, path: string) => {
    const probe = server[name]?.httpGet;
    if (!probe) return problems.push(`${name}: missing (or not an httpGet probe)`);
    if (probe.path !== path) problems.push(`${name} path is ${probe.path}, the service serves ${path}`);
    if (probePort(probe.port) !== config.port) problems.push(`${name} port is ${probe.port}, the service listens on ${config.port}`);
  };
  expectProbe('startupProbe', HEALTH);
  expectProbe('livenessProbe', HEALTH);
  expectProbe('readinessProbe', READY);
  const readinessTimeoutMs = (server.readinessProbe?.timeoutSeconds ?? 1) * 1000;
  if (readinessTimeoutMs <= config.readyTimeoutMs) {
    problems.push(`readinessProbe timeout ${readinessTimeoutMs} ms is not above READY_TIMEOUT_MS (${config.readyTimeoutMs} ms)`);
  }

  // Drain: the kubelet waits for the preStop pause plus the process's own deadline after SIGTERM
  // (src/main.ts: exit at the latest 2 x SHUTDOWN_GRACE_MS after it) before SIGKILL.
  const preStop = server.lifecycle?.preStop;
  const pauseSeconds = preStop?.sleep?.seconds ?? Number(preStop?.exec?.command?.[0] === 'sleep' ? preStop.exec.command[1] : NaN);
  if (!(pauseSeconds > 0)) problems.push('preStop: no pause before SIGTERM');
  const needed = pauseSeconds + (2 * config.shutdownGraceMs) / 1000;
  if (!(pod.terminationGracePeriodSeconds >= needed)) {
    problems.push(
      `terminationGracePeriodSeconds ${pod.terminationGracePeriodSeconds} is below preStop ${pauseSeconds} s + 2 x SHUTDOWN_GRACE_MS`,
    );
  }

  // The Service, the ServiceMonitor and the Secret the scrape authenticates with.
  const service = one(objects, 'Service');
  const servicePort = (service.spec.ports ?? []).find((p: any) => p.name === 'http');
  if (servicePort?.targetPort !== 'http' && servicePort?.targetPort !== config.port)
    problems.push('Service port http does not reach the container port');
  const monitor = one(objects, 'ServiceMonitor');
  const endpoint = monitor.spec.endpoints?.[0];
  if (endpoint?.path !== METRICS) problems.push(`ServiceMonitor path is ${endpoint?.path}, the service serves ${METRICS}`);
  if (endpoint?.port !== servicePort?.name) problems.push(`ServiceMonitor port ${endpoint?.port} is no port of the Service`);
  if (!matches(monitor.spec.selector?.matchLabels ?? {}, service.metadata.labels)) problems.push('ServiceMonitor selects no Service');
  const token = env.secretRefs.find((r) => r.env === 'METRICS_BEARER_TOKEN');
  const credentials = endpoint?.authorization?.credentials;
  if (endpoint?.authorization?.type !== 'Bearer' || credentials?.name !== token?.name || credentials?.key !== token?.key) {
    problems.push('ServiceMonitor does not send the bearer token the pods read (METRICS_BEARER_TOKEN)');
  }

  // Who selects whom.
  const serverLabels = deployment.spec.template.metadata.labels;
  const jobLabels = job.spec.template.metadata.labels;
  if (!matches(deployment.spec.selector.matchLabels, serverLabels)) problems.push('Deployment selector misses its own pods');
  if (!matches(service.spec.selector, serverLabels) || matches(service.spec.selector, jobLabels))
    problems.push('Service selects other pods than the servers');
  const pdb = one(objects, 'PodDisruptionBudget');
  if (!matches(pdb.spec.selector.matchLabels, serverLabels) || matches(pdb.spec.selector.matchLabels, jobLabels))
    problems.push('PodDisruptionBudget selects other pods than the servers');
  const hpa = one(objects, 'HorizontalPodAutoscaler');
  if (hpa.spec.scaleTargetRef.kind !== 'Deployment' || hpa.spec.scaleTargetRef.name !== deployment.metadata.name)
    problems.push('HorizontalPodAutoscaler scales another target');
  if (deployment.spec.replicas !== undefined)
    problems.push('Deployment sets replicas, which every apply would put back over the autoscaler');
  const policies = objects.filter((o) => o.kind === 'NetworkPolicy');
  for (const [what, labels] of [
    ['server', serverLabels],
    ['migrate', jobLabels],
  ] as const) {
    if (!policies.some((p) => matches(p.spec.podSelector.matchLabels, labels))) problems.push(`no NetworkPolicy selects the ${what} pods`);
  }

  // The image, and its user and commands (docker/Dockerfile, package.json's migrate script).
  const dockerfile = readFileSync(join(ROOT, 'docker', 'Dockerfile'), 'utf8');
  const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'));
  const user = /^USER (\d+):(\d+)$/m.exec(runtime);
  if (!user) problems.push('docker/Dockerfile: the runtime stage has no numeric USER uid:gid (runAsNonRoot cannot verify a name)');
  if (!runtime.includes('CMD ["node", "dist/main.js"]') || server.command !== undefined)
    problems.push('the server container does not run the image CMD (node dist/main.js)');
  const migrateScript = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts
    .migrate;
  if ((jobContainer.command ?? []).join(' ') !== migrateScript) problems.push(`Job command is not the migrate script (${migrateScript})`);
  if (jobContainer.image !== server.image) problems.push('the migrations Job runs another image than the Deployment');

  // Every pod: non-root (the image's user), no privilege escalation, no capability, read-only root.
  for (const [what, spec] of [
    ['Deployment', pod],
    ['Job', job.spec.template.spec],
  ] as const) {
    if (spec.automountServiceAccountToken !== false) problems.push(`${what}: mounts a service account token`);
    if (spec.securityContext?.seccompProfile?.type !== 'RuntimeDefault') problems.push(`${what}: no RuntimeDefault seccomp profile`);
    if (user && (String(spec.securityContext?.runAsUser) !== user[1] || String(spec.securityContext?.runAsGroup) !== user[2])) {
      problems.push(`${what}: runAsUser:runAsGroup is not the image's USER ${user[1]}:${user[2]}`);
    }
    if ((spec.volumes ?? []).some((v: any) => v.hostPath)) problems.push(`${what}: mounts a host path`);
    for (const c of [...(spec.initContainers ?? []), ...spec.containers]) {
      const sc = c.securityContext ?? {};
      if (sc.runAsNonRoot !== true && spec.securityContext?.runAsNonRoot !== true)
        problems.push(`${what}/${c.name}: runAsNonRoot is not set`);
      if (sc.readOnlyRootFilesystem !== true) problems.push(`${what}/${c.name}: root filesystem is writable`);
      if (sc.allowPrivilegeEscalation !== false) problems.push(`${what}/${c.name}: privilege escalation allowed`);
      if (!(sc.capabilities?.drop ?? []).includes('ALL') || (sc.capabilities?.add ?? []).length > 0)
        problems.push(`${what}/${c.name}: capabilities not all dropped`);
      if (!c.resources?.requests?.cpu || !c.resources?.requests?.memory || !c.resources?.limits?.memory)
        problems.push(`${what}/${c.name}: no cpu/memory requests or memory limit`);
    }
  }
  return problems;
}

const tool = kubectl();
if (!tool.ok && process.env.CI)
  throw new Error(`test/kubernetes.e2e-spec.ts needs kubectl with kustomize v${KUSTOMIZE_MAJOR}+ in CI: ${tool.why}`);
if (!tool.ok)
  process.stderr.write(`[kubernetes] skipped: ${tool.why}; it needs kubectl with kustomize v${KUSTOMIZE_MAJOR}+ (docs/operations.md)\n`);
const describeKit = tool.ok ? describe : describe.skip;

describeKit('deploy/kubernetes', () => {
  const rendered = tool.ok ? { base: render(OVERLAYS.base), production: render(OVERLAYS.production) } : { base: [], production: [] };

  it('reads the routes it checks the probes against from the service itself', () => {
    expect([HEALTH, READY, METRICS]).toEqual(['/health', '/ready', '/metrics']);
    // The factor the drain check relies on (src/main.ts exits at the latest 2 x the grace period).
    expect(readFileSync(join(ROOT, 'src', 'main.ts'), 'utf8')).toContain('config.shutdownGraceMs * 2');
  });

  /** What an overlay must add to the base: its public origin (the base's default is http://localhost). */
  const OVERLAY = { base: { BASE_URL: 'https://agents.example.com' }, production: {} };

  it('the base alone is refused only for want of the public origin an overlay gives it', () => {
    expect(kitProblems(rendered.base)).toEqual([
      "Deployment env refused by the service's config: BASE_URL: must be an https URL in production",
    ]);
  });

  it('holds no field the Kubernetes API does not know (as its strict field validation)', () => {
    expect(unknownFieldProblems([...rendered.base, ...rendered.production])).toEqual([]);
  });

  for (const name of ['base', 'production'] as const) {
    describe(name, () => {
      const objects = rendered[name];

      it('renders every part, each valid against its Kubernetes (or prometheus-operator) schema', () => {
        const kinds = objects.map((o) => o.kind).sort();
        expect(kinds).toEqual(
          expect.arrayContaining([
            'ConfigMap',
            'Deployment',
            'HorizontalPodAutoscaler',
            'Job',
            'NetworkPolicy',
            'PodDisruptionBudget',
            'Service',
            'ServiceAccount',
            'ServiceMonitor',
          ]),
        );
        expect(schemaProblems(objects)).toEqual([]);
      });

      it("matches the service's probes, ports, env names, drain time and image", () => {
        expect(kitProblems(objects, OVERLAY[name])).toEqual([]);
      });
    });
  }

  it('production: its own namespace under the restricted Pod Security Standard, a pinned image', () => {
    const objects = rendered.production;
    const namespace = one(objects, 'Namespace');
    expect(namespace.metadata.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
    for (const o of objects.filter((o) => o.kind !== 'Namespace')) expect(o.metadata.namespace).toBe(namespace.metadata.name);
    const image: string = one(objects, 'Deployment').spec.template.spec.containers[0].image;
    expect(image).toMatch(/^[^:]+\/[^:]+:(?!latest$)[\w][\w.-]*$/);
    const hpa = one(objects, 'HorizontalPodAutoscaler');
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(3);
    expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
  });

  it('the example Secrets are examples, and the real ones stay out of git', () => {
    // git check-ignore exits non-zero (execFileSync throws) for a path git would add.
    expect(() =>
      execFileSync('git', ['check-ignore', '-q', join(SECRETS_DIR, 'agent-network-secrets.env')], { cwd: ROOT, stdio: 'ignore' }),
    ).not.toThrow();
    expect(existsSync(join(SECRETS_DIR, 'agent-network-secrets.env.example'))).toBe(true);
    for (const values of Object.values(exampleSecrets())) {
      // (a base64 example says so once decoded)
      for (const value of Object.values(values)) expect(`${value} ${Buffer.from(value, 'base64').toString()}`).toMatch(/replace|example/i);
    }
  });

  // The checks above would catch the mistakes they are for: each mutation below is one.
  describe('the checks fail on', () => {
    const changed = (change: (objects: Obj[]) => void) => {
      const copy = structuredClone(rendered.production);
      change(copy);
      return copy;
    };
    const mutated = (change: (objects: Obj[]) => void) => kitProblems(changed(change));
    const server = (objects: Obj[]) => one(objects, 'Deployment').spec.template.spec.containers[0];

    it('a wrong probe path', () => {
      expect(mutated((o) => (server(o).livenessProbe.httpGet.path = '/healthz'))).toEqual([
        'livenessProbe path is /healthz, the service serves /health',
      ]);
      expect(mutated((o) => (server(o).readinessProbe.httpGet.path = '/health'))).toEqual([
        'readinessProbe path is /health, the service serves /ready',
      ]);
    });

    it('an env name the service does not declare', () => {
      const cm = (o: Obj[]) => o.find((x) => x.kind === 'ConfigMap')!;
      expect(mutated((o) => (cm(o).data.DB_POOL = '20'))).toEqual([
        'Deployment env DB_POOL: not a variable the service declares (src/core/config/environment.ts)',
      ]);
      expect(mutated((o) => (server(o).env[0].name = 'DATABASE_URI'))).toEqual(
        expect.arrayContaining(['Deployment env DATABASE_URI: not a variable the service declares (src/core/config/environment.ts)']),
      );
    });

    it('a required variable left out, or a value production refuses', () => {
      expect(mutated((o) => (server(o).env = server(o).env.filter((e: any) => e.name !== 'SESSION_SECRET'))).join('\n')).toContain(
        'SESSION_SECRET is required in production',
      );
      expect(mutated((o) => (o.find((x) => x.kind === 'ConfigMap')!.data.BASE_URL = 'http://agents.example.com')).join('\n')).toContain(
        'BASE_URL: must be an https URL in production',
      );
    });

    it('a port, a drain time or a security setting that does not fit', () => {
      expect(mutated((o) => (server(o).ports[0].containerPort = 8080))).toContain('container port http is 8080, PORT is 4000');
      expect(mutated((o) => (one(o, 'Deployment').spec.template.spec.terminationGracePeriodSeconds = 10))).toEqual([
        'terminationGracePeriodSeconds 10 is below preStop 5 s + 2 x SHUTDOWN_GRACE_MS',
      ]);
      expect(mutated((o) => (server(o).securityContext.readOnlyRootFilesystem = false))).toEqual([
        'Deployment/server: root filesystem is writable',
      ]);
      expect(mutated((o) => (one(o, 'ServiceMonitor').spec.endpoints[0].path = '/metrics/'))).toEqual([
        'ServiceMonitor path is /metrics/, the service serves /metrics',
      ]);
    });

    it('a field the API does not know', () => {
      const problems = unknownFieldProblems(
        changed((o) => {
          server(o).livenessProbee = server(o).livenessProbe;
          delete server(o).livenessProbe;
        }),
      );
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^Deployment agent-network-service: .*livenessProbee.* does not exist in type 'IContainer'/);
    });

    it('an object the schema refuses', () => {
      expect(schemaProblems(changed((o) => (server(o).ports[0].containerPort = 'http'))).join('\n')).toMatch(
        /Deployment agent-network-service: .*containerPort must be integer/,
      );
      expect(
        schemaProblems(changed((o) => (one(o, 'HorizontalPodAutoscaler').spec.metrics[0].resource.target.averageUtilization = '70%'))).join(
          '\n',
        ),
      ).toMatch(/HorizontalPodAutoscaler agent-network-service: .*averageUtilization must be integer/);
    });
  });
});
