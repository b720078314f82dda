// Validates Kubernetes objects against their schemas: kubernetes-models (the Kubernetes API's
// OpenAPI schemas, compiled for ajv) and @kubernetes-models/prometheus-operator (the
// ServiceMonitor CRD's schema). Reads a JSON array of objects on stdin, prints a JSON array of
// problems (one per object that fails, or whose kind has no schema here).
// A process of its own: the packages are ES modules that export for `import` only, which jest's
// resolver (require conditions) cannot load. Used by test/kubernetes.e2e-spec.ts.
import { readFileSync } from 'node:fs';
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1/ServiceMonitor';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';

/** The schema of each kind the kit may contain: an object of any other kind is a problem. */
const MODELS = {
  'v1/Namespace': Namespace,
  'v1/ServiceAccount': ServiceAccount,
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'monitoring.coreos.com/v1/ServiceMonitor': ServiceMonitor,
};

const problems = [];
for (const o of JSON.parse(readFileSync(0, 'utf8'))) {
  const Model = MODELS[`${o.apiVersion}/${o.kind}`];
  if (!Model) {
    problems.push(`${o.kind} ${o.metadata?.name}: no schema for ${o.apiVersion}/${o.kind}`);
    continue;
  }
  try {
    new Model(o).validate();
  } catch (err) {
    problems.push(`${o.kind} ${o.metadata?.name}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
process.stdout.write(JSON.stringify(problems));
