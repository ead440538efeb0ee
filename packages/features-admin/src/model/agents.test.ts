import { describe, expect, it } from 'vitest';
import { agentInstallCommand, shellQuote } from './agents.ts';

describe('the agent install command', () => {
  it('quotes every value, so a name cannot run as code', () => {
    expect(shellQuote(`a'; rm -rf / #`)).toBe(`'a'\\''; rm -rf / #'`);
    const command = agentInstallCommand({
      name: `eu'west`,
      username: 'agent-0123',
      token: 'tok$(x)',
      upstream: 'https://ops.example',
    });
    expect(command).toContain(`--set clusterName='eu'\\''west'`);
    expect(command).toContain(`--set upstream.password='tok$(x)'`);
    expect(command).toContain(`--set upstream.host='https://ops.example'`);
  });
});
