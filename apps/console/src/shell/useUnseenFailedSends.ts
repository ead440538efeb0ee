import { failedSendsSinceQuery } from '@opsdeck/api-client/notifications';
import { useApiClient } from '@opsdeck/api-client/react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { isNotificationsPath, readLastLooked, writeLastLooked } from '../navigation/lastLooked.ts';
import type { ReadyShellSession } from '../session/ShellSessionContext.tsx';

/**
 * The bell's count (console §2): failed sends since this user last opened /notifications; opening
 * it marks them seen. Undefined for a user who may not read notifications (no request is made).
 */
export function useUnseenFailedSends(session: ReadyShellSession | undefined): number | undefined {
  const client = useApiClient();
  const { pathname } = useLocation();
  const userId = session?.user.id;
  const canRead = session?.authorizer.can('notifications', 'read') ?? false;
  const [since, setSince] = useState<string | undefined>();
  const looking = isNotificationsPath(pathname);
  useEffect(() => {
    if (!userId) return;
    if (!looking) {
      setSince(readLastLooked(userId));
      return;
    }
    setSince(writeLastLooked(userId));
    // What failed while the user was on the page was seen too: leaving marks it again.
    return () => void writeLastLooked(userId);
  }, [userId, looking]);
  const count = useQuery({
    ...failedSendsSinceQuery(client, since ?? ''),
    enabled: canRead && since !== undefined,
    // The bell is a hint: a failed count is not worth an error toast.
    meta: { toast: false },
  });
  if (!canRead) return undefined;
  return looking ? 0 : count.data;
}
