// `kubesim check FILE|DIR...`: prints every finding as file:line:col and exits 1 on errors.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_KUBERNETES_VERSION, parseKubernetesVersion } from '../../../engine/src/index';
import { LineIndex } from '../manifest/line-index';
import { parseManifestFile } from '../manifest/manifest-file';
import { checkFile } from '../validation/check-file';
import { collectFiles } from './collect-files';
import { UsageError } from './usage-error';

/** Runs the check command; returns the process exit code. */
export function runCheck(args: string[], out: (text: string) => void): number {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { 'kubernetes-version': { type: 'string' } },
  });
  if (positionals.length === 0) throw new UsageError('check needs at least one FILE or DIR');
  const versionText = values['kubernetes-version'];
  const kubernetesVersion = versionText === undefined ? DEFAULT_KUBERNETES_VERSION : parseKubernetesVersion(versionText);
  if (!kubernetesVersion) throw new UsageError(`unsupported Kubernetes version "${versionText}" (use 1.32 to 1.37)`);
  let errors = 0;
  for (const path of collectFiles(positionals)) {
    const text = readFileSync(path, 'utf8');
    const lines = new LineIndex(text);
    for (const finding of checkFile(parseManifestFile(text), { kubernetesVersion })) {
      const { line, character } = lines.positionAt(finding.start);
      if (finding.severity === 'error') errors++;
      out(`${path}:${line + 1}:${character + 1}: ${finding.severity}: ${finding.message} [${finding.code}]`);
    }
  }
  return errors > 0 ? 1 : 0;
}
