import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse, parseAllDocuments } from 'yaml';

/**
 * The deployment files (deploy/, issue 40 item 4) cannot run here (no container engine): their shape is checked
 * instead, so that a change cannot quietly drop what a deployment relies on — a non-root, read-only container with
 * a health check, the API's probes on /readyz and /healthz, jobs off the API, and HAProxy checking /readyz.
 */
const deploy = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'deploy');
const read = (name) => readFileSync(path.join(deploy, name), 'utf8');
const manifests = (name) => parseAllDocuments(read(name)).map((d) => d.toJS());

describe('deploy/Dockerfile', () => {
  const lines = read('Dockerfile')
    .split('\n')
    .filter((l) => l.trim() && !l.trim().startsWith('#'));
  const finalStage = lines.slice(lines.findLastIndex((l) => l.startsWith('FROM ')));

  it('builds in stages and runs the last one as a non-root user with a health check on /readyz', () => {
    expect(lines.filter((l) => l.startsWith('FROM ')).length).toBeGreaterThanOrEqual(2);
    const user = finalStage.find((l) => l.startsWith('USER '));
    expect(user).toBeDefined();
    expect(user).not.toMatch(/\broot\b|\b0\b/);
    expect(finalStage.join('\n')).toMatch(/HEALTHCHECK[\s\S]*\/readyz/);
    expect(finalStage.find((l) => l.startsWith('CMD '))).toContain('apps/server/src/main.ts');
  });

  it('keeps the runtime free of disk writes outside DATA_DIR: no tsx cache, DATA_DIR a volume', () => {
    const text = finalStage.join('\n');
    expect(text).toMatch(/TSX_DISABLE_CACHE=1/);
    expect(text).toMatch(/DATA_DIR=\/data/);
    expect(text).toMatch(/VOLUME \/data/);
  });
});

describe('deploy/compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true });
  const apis = ['api1', 'api2'].map((name) => compose.services[name]);

  it('runs two read-only API processes without jobs, and one worker', () => {
    for (const api of apis) {
      expect(api.read_only).toBe(true);
      expect(api.environment.JOBS_IN_API).toBe('false');
      expect(api.environment.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//);
    }
    expect(compose.services.worker.command.join(' ')).toContain('apps/server/src/worker.ts');
  });

  it('puts HAProxy in front of exactly the API services, checking /readyz', () => {
    const config = read('haproxy.cfg');
    const servers = [...config.matchAll(/^\s*server (\S+) (\S+):3000 check/gm)].map((m) => m[2]);
    expect(servers.sort()).toEqual(['api1', 'api2']);
    expect(config).toMatch(/http-check send meth GET uri \/readyz/);
    expect(compose.services.haproxy.volumes.join(' ')).toContain('./haproxy.cfg:');
  });
});

describe('deploy/k8s', () => {
  const deployments = ['k8s/api.yaml', 'k8s/worker.yaml'].flatMap(manifests).filter((m) => m.kind === 'Deployment');

  it('runs every container non-root on a read-only root file system', () => {
    expect(deployments.map((d) => d.metadata.name).sort()).toEqual(['credence-api', 'credence-worker']);
    for (const d of deployments) {
      expect(d.spec.template.spec.securityContext.runAsNonRoot).toBe(true);
      for (const c of d.spec.template.spec.containers) {
        expect(c.securityContext.readOnlyRootFilesystem).toBe(true);
        expect(c.securityContext.allowPrivilegeEscalation).toBe(false);
      }
    }
  });

  it('probes the API on /readyz and /healthz, runs no jobs in it, and keeps one pod through a disruption', () => {
    const [api, service, budget] = manifests('k8s/api.yaml');
    const container = api.spec.template.spec.containers[0];
    expect(container.readinessProbe.httpGet.path).toBe('/readyz');
    expect(container.livenessProbe.httpGet.path).toBe('/healthz');
    expect(container.env).toContainEqual({ name: 'JOBS_IN_API', value: 'false' });
    expect(service.spec.selector).toEqual(api.spec.selector.matchLabels);
    expect(budget.kind).toBe('PodDisruptionBudget');
    expect(budget.spec.selector.matchLabels).toEqual(api.spec.selector.matchLabels);
    expect(budget.spec.minAvailable).toBeGreaterThanOrEqual(1);
  });
});
