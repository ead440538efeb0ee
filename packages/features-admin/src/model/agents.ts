/** A value quoted for a POSIX shell: single quotes, an embedded one closed, escaped and reopened. */
export function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The command that installs a registered agent against this console's backend. */
export function agentInstallCommand(agent: {
  name: string;
  username: string;
  token: string;
  upstream: string;
}): string {
  return [
    'helm repo add flanksource https://flanksource.github.io/charts',
    'helm repo update',
    [
      'helm install mc-agent flanksource/mission-control-agent -n mission-control --create-namespace',
      `--set clusterName=${shellQuote(agent.name)}`,
      `--set upstream.agent=${shellQuote(agent.name)}`,
      `--set upstream.username=${shellQuote(agent.username)}`,
      `--set upstream.password=${shellQuote(agent.token)}`,
      `--set upstream.host=${shellQuote(agent.upstream)}`,
    ].join(' \\\n  '),
  ].join('\n');
}
