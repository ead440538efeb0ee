import { isNotFoundError } from '@opsdeck/api-client';
import { useApiClient } from '@opsdeck/api-client/react';
import { settingsResourceQuery } from '@opsdeck/api-client/settings';
import { usePageTitle } from '@opsdeck/extensions/react';
import { useCan } from '@opsdeck/rbac/react';
import { ErrorPage, NotFoundPage, SkeletonPage, Tabs, UnauthorizedPage } from '@opsdeck/ui';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Page } from '../components/PageLayout.ts';
import { NEW_RESOURCE_ID, settingsListPath } from '../model/kinds.ts';
import { useSettingsKind } from '../model/useKind.ts';
import { settingsTestIds } from '../testIds.ts';
import { JobHistoryTab } from './JobHistoryTab.tsx';
import { MembersTab } from './MembersTab.tsx';
import { SpecForm } from './SpecForm.tsx';

/**
 * `/settings/{table}/{id}` and `/settings/{table}/new` (settings §2): the Spec tab, a team's
 * Members and every saved record's Job History. An id that names no record is Not found.
 */
export function ResourceEditPage() {
  const kind = useSettingsKind();
  const { id = NEW_RESOURCE_ID } = useParams();
  const isNew = id === NEW_RESOURCE_ID;
  const client = useApiClient();
  const canRead = useCan(kind.resource, 'read');
  const canWrite = useCan(kind.resource, 'write');
  const record = useQuery({
    ...settingsResourceQuery(client, kind.table, id),
    enabled: !isNew && (canRead || canWrite),
  });
  const [tab, setTab] = useState('spec');
  usePageTitle(isNew ? `New ${kind.singular.toLowerCase()}` : (record.data?.name ?? undefined));
  const back = <Link to={settingsListPath(kind)}>{`All ${kind.label.toLowerCase()}`}</Link>;

  // console §2: read on the table opens a record (read-only without write); neither, Unauthorized.
  if (!canRead && !canWrite) return <UnauthorizedPage />;
  if (isNew) {
    // A new record is a writer's (settings §6); the server refuses it anyway.
    if (!canWrite) return <UnauthorizedPage />;
    return (
      <Page data-testid={settingsTestIds.editor}>
        <SpecForm kind={kind} record={null} />
      </Page>
    );
  }
  if (record.isPending) return <SkeletonPage />;
  if (record.isError && !isNotFoundError(record.error)) return <ErrorPage error={record.error} />;
  if (!record.data) return <NotFoundPage what={kind.singular.toLowerCase()} back={back} />;
  return (
    <Page data-testid={settingsTestIds.editor}>
      <Tabs
        aria-label={`${kind.singular} tabs`}
        value={tab}
        onValueChange={setTab}
        items={[
          { value: 'spec', label: 'Spec', content: <SpecForm kind={kind} record={record.data} /> },
          ...(kind.members
            ? [
                {
                  value: 'members',
                  label: 'Members',
                  content: <MembersTab teamId={record.data.id} />,
                },
              ]
            : []),
          {
            value: 'jobs',
            label: 'Job History',
            content: <JobHistoryTab resourceId={record.data.id} />,
          },
        ]}
      />
    </Page>
  );
}
