import { useRouteLink } from '@opsdeck/extensions/react';
import { Button, Modal, Tabs } from '@opsdeck/ui';
import type { CodeProblem } from '@opsdeck/contracts/form';
import { LazyCodeEditor } from '@opsdeck/ui/forms';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { Alert, Muted } from '../components/PageLayout.ts';
import { connectionsExternalRoutes } from '../routes.ts';
import { connectionsTestIds } from '../testIds.ts';
import { CHART_REPOSITORY, gitOpsCharts, type GitOpsChart } from './charts.ts';

/** settings §2: the warning the install instructions carry. */
export const FLUX_WARNING =
  'You will need to have Kubernetes chart installed in flux to use this option.';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.xl};

  h3 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSize.md};
  }
`;

const Tiles = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(10rem, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Tile = styled.button`
  width: 100%;
  min-height: 4rem;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  cursor: pointer;

  &:hover,
  &:focus-visible {
    border-color: ${({ theme }) => theme.colors.primary};
  }
`;

const Field = styled.label`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  max-width: 24rem;
  font-size: ${({ theme }) => theme.fontSize.sm};

  input {
    padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
  }
`;

const Snippet = styled.pre`
  margin: 0;
  padding: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  overflow: auto;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Form = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  min-width: 0;
`;

const indent = (text: string, spaces: number) =>
  text
    .trimEnd()
    .split('\n')
    .map((line) => `${' '.repeat(spaces)}${line}`)
    .join('\n');

/** The Flux objects that install the chart with these values. */
export function fluxManifest(chart: GitOpsChart, namespace: string, values: string): string {
  return [
    'apiVersion: source.toolkit.fluxcd.io/v1',
    'kind: HelmRepository',
    'metadata:',
    '  name: flanksource',
    `  namespace: ${namespace}`,
    'spec:',
    '  interval: 1h',
    `  url: ${CHART_REPOSITORY}`,
    '---',
    'apiVersion: helm.toolkit.fluxcd.io/v2',
    'kind: HelmRelease',
    'metadata:',
    `  name: ${chart.chart}`,
    `  namespace: ${namespace}`,
    'spec:',
    '  interval: 30m',
    '  chart:',
    '    spec:',
    `      chart: ${chart.chart}`,
    '      sourceRef:',
    '        kind: HelmRepository',
    '        name: flanksource',
    '  values:',
    values.trim() ? indent(values, 4) : '    {}',
  ].join('\n');
}

/** The Helm CLI commands that install the chart with the values saved as values.yaml. */
export function helmCommands(chart: GitOpsChart, namespace: string): string {
  return [
    `helm repo add flanksource ${CHART_REPOSITORY}`,
    'helm repo update',
    `helm install ${chart.chart} flanksource/${chart.chart} \\`,
    `  --namespace ${namespace} --create-namespace \\`,
    '  --values values.yaml',
  ].join('\n');
}

function GitOpsForm({ chart }: { chart: GitOpsChart }) {
  const namespaceId = useId();
  const [namespace, setNamespace] = useState('mission-control');
  const [values, setValues] = useState(chart.values);
  const [problems, setProblems] = useState<readonly CodeProblem[]>([]);
  const target = namespace.trim() || 'mission-control';
  return (
    <Form>
      <Field htmlFor={namespaceId}>
        Namespace
        <input
          id={namespaceId}
          value={namespace}
          onChange={(event) => setNamespace(event.target.value)}
        />
      </Field>
      <LazyCodeEditor
        label={`${chart.label} values`}
        language="yaml"
        height="240px"
        value={values}
        onChange={setValues}
        schema={chart.schema}
        onProblemsChange={setProblems}
      />
      {problems.length > 0 && (
        <Alert>The values do not match the chart's schema; fix them before installing.</Alert>
      )}
      <Muted role="note">{FLUX_WARNING}</Muted>
      <Tabs
        aria-label="Installation instructions"
        items={[
          {
            value: 'flux',
            label: 'Flux',
            content: <Snippet>{fluxManifest(chart, target, values)}</Snippet>,
          },
          {
            value: 'helm',
            label: 'Helm CLI',
            content: (
              <>
                <Snippet>{helmCommands(chart, target)}</Snippet>
                <Muted>Save the values above as values.yaml first.</Muted>
              </>
            ),
          },
        ]}
      />
    </Form>
  );
}

type Choice = { kind: 'gitops'; chart: GitOpsChart };

/**
 * The Add Integration wizard (settings §2, full-size): 'Add via GitOps' tiles lead to a chart's
 * namespace, values and install instructions; 'Add Directly' tiles open the settings editors (Log
 * Backends only while the logs feature is on). Back returns to the tiles; Close leaves.
 */
export function AddIntegrationWizard({ open, onClose }: { open: boolean; onClose(): void }) {
  const navigate = useNavigate();
  const [choice, setChoice] = useState<Choice>();
  const topologyEditor = useRouteLink(connectionsExternalRoutes.topologyEditor);
  const scraperEditor = useRouteLink(connectionsExternalRoutes.scraperEditor);
  const logBackendEditor = useRouteLink(connectionsExternalRoutes.logBackendEditor);
  const logsOn = useRouteLink(connectionsExternalRoutes.logsPage) !== undefined;
  const direct = [
    { label: 'Custom Topology', editor: topologyEditor },
    { label: 'Catalog Scraper', editor: scraperEditor },
    ...(logsOn ? [{ label: 'Log Backends', editor: logBackendEditor }] : []),
  ].filter((tile) => tile.editor !== undefined);
  const close = () => {
    setChoice(undefined);
    onClose();
  };
  return (
    <Modal.Root open={open} onClose={close} size="full" data-testid={connectionsTestIds.wizard}>
      <Modal.Header showCloseButton={false}>
        {choice ? `Add Integration - ${choice.chart.label}` : 'Add Integration'}
      </Modal.Header>
      <Modal.Body>
        {choice ? (
          <GitOpsForm key={choice.chart.chart} chart={choice.chart} />
        ) : (
          <>
            <Section aria-labelledby="add-via-gitops">
              <h3 id="add-via-gitops">Add via GitOps</h3>
              <Tiles>
                {gitOpsCharts.map((chart) => (
                  <li key={chart.chart}>
                    <Tile type="button" onClick={() => setChoice({ kind: 'gitops', chart })}>
                      {chart.label}
                    </Tile>
                  </li>
                ))}
              </Tiles>
            </Section>
            {direct.length > 0 && (
              <Section aria-labelledby="add-directly">
                <h3 id="add-directly">Add Directly</h3>
                <Tiles>
                  {direct.map((tile) => (
                    <li key={tile.label}>
                      <Tile
                        type="button"
                        onClick={() => {
                          close();
                          void navigate(tile.editor!({ id: 'new' }));
                        }}
                      >
                        {tile.label}
                      </Tile>
                    </li>
                  ))}
                </Tiles>
              </Section>
            )}
          </>
        )}
      </Modal.Body>
      <Modal.Footer>
        {choice && (
          <Button type="button" onClick={() => setChoice(undefined)}>
            Back
          </Button>
        )}
        <Button type="button" onClick={close}>
          Close
        </Button>
      </Modal.Footer>
    </Modal.Root>
  );
}
