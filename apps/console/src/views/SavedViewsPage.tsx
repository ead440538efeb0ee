import { useApiClient } from '@opsdeck/api-client/react';
import { searchSavedViews, viewsKeys, type SavedView } from '@opsdeck/api-client/views';
import { EmptyState, SkeletonText } from '@opsdeck/ui';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import styled from 'styled-components';
import { testIds } from '../testIds.ts';
import { hrefOfView } from './model.ts';

const Page = styled.div`
  padding: ${({ theme }) => theme.space.lg};

  ul {
    padding-left: ${({ theme }) => theme.space.lg};
  }
`;

/** Every view I may open (mine and my teams'), by page: the palette's "Saved views" as a page. */
export function SavedViewsPage() {
  const client = useApiClient();
  const views = useQuery({
    queryKey: [...viewsKeys.all(), 'every'],
    queryFn: ({ signal }) => searchSavedViews(client, '', { signal, limit: 500 }),
  });
  if (views.isPending) return <SkeletonText lines={4} label="Loading saved views" />;
  const byPage = new Map<string, SavedView[]>();
  for (const view of views.data ?? [])
    byPage.set(view.page, [...(byPage.get(view.page) ?? []), view]);
  return (
    <Page data-testid={testIds.savedViews.page}>
      {byPage.size === 0 ? (
        <EmptyState title="No saved views yet" />
      ) : (
        [...byPage].map(([page, list]) => (
          <section key={page}>
            <h2>{page}</h2>
            <ul>
              {list.map((view) => (
                <li key={view.id}>
                  <Link to={hrefOfView(view)}>{view.name}</Link>
                  {view.teamId ? ' (shared)' : ''}
                </li>
              ))}
            </ul>
          </section>
        ))
      )}
    </Page>
  );
}
