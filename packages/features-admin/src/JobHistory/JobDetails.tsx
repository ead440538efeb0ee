import type { JobHistory } from '@opsdeck/api-client/admin';
import { Modal, Tabs } from '@opsdeck/ui';
import styled from 'styled-components';
import { jobDetailTabs } from '../model/jobs.ts';
import { adminTestIds } from '../testIds.ts';

const Pre = styled.pre`
  margin: 0;
  max-height: 60vh;
  overflow: auto;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

function show(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content) && content.every((item) => typeof item === 'string'))
    return content.join('\n');
  return JSON.stringify(content, null, 2);
}

/** Settings §2: 'Details for job {name}', the tabs that have content (the caller opens it only then). */
export function JobDetails({ job, onClose }: { job: JobHistory; onClose: () => void }) {
  const tabs = jobDetailTabs(job.details);
  return (
    <Modal.Root open onClose={onClose} size="large" data-testid={adminTestIds.jobs.details}>
      <Modal.Header>{`Details for job ${job.name ?? job.id}`}</Modal.Header>
      <Modal.Body>
        <Tabs
          aria-label="Job details"
          defaultValue={tabs[0]?.value}
          items={tabs.map((tab) => ({
            value: tab.value,
            label: tab.label,
            content: <Pre>{show(tab.content)}</Pre>,
          }))}
        />
      </Modal.Body>
    </Modal.Root>
  );
}
