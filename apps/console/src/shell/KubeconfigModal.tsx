import { kubeconfigUrl } from '@opsdeck/api-client/general';
import { useApiClient } from '@opsdeck/api-client/react';
import { Button, CopyToClipboard, Download, ExternalLink, Modal } from '@opsdeck/ui';
import styled from 'styled-components';
import { testIds } from '../testIds.ts';
import { KUBECONFIG_DOCS_URL } from '../version.ts';
import { VisuallyHidden } from './VisuallyHidden.ts';

/** Lists the health checks (canaries) through the downloaded kubeconfig. */
export const KUBECTL_COMMAND =
  'kubectl --kubeconfig ~/Downloads/kubeconfig.yaml get canaries --all-namespaces';

export const KUBECONFIG_TITLE = 'Download and install kubeconfig';

const Steps = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  padding-left: ${({ theme }) => theme.space.xl};

  li > p {
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
  a {
    display: inline-flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    color: ${({ theme }) => theme.colors.link};
  }
`;

export function KubeconfigModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const client = useApiClient();
  return (
    <Modal.Root open={open} onClose={onClose} size="medium">
      <Modal.Header>{KUBECONFIG_TITLE}</Modal.Header>
      <Modal.Body>
        <Steps>
          <li>
            <p>Download the kubeconfig for your account.</p>
            {/* Spec §7: the download opens in a new window (the reply is an attachment). */}
            <Button
              data-testid={testIds.kubeconfig.download}
              onClick={() => window.open(kubeconfigUrl(client), '_blank', 'noopener')}
            >
              <Download size={16} aria-hidden="true" />
              Download kubeconfig
            </Button>
          </li>
          <li>
            <p>List the health checks with kubectl:</p>
            <CopyToClipboard value={KUBECTL_COMMAND} label="Copy kubectl command" showValue />
          </li>
          <li>
            <a href={KUBECONFIG_DOCS_URL} target="_blank" rel="noreferrer">
              Learn more about kubeconfig files
              <ExternalLink size={14} aria-hidden="true" />
              <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
            </a>
          </li>
        </Steps>
      </Modal.Body>
    </Modal.Root>
  );
}
