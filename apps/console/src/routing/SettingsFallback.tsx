import { UnauthorizedPage } from '@opsdeck/ui';
import { Link } from 'react-router';
import { settingsHiddenFor } from '../navigation/sidebarModel.ts';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { useReadyShellSession } from '../session/ShellSessionContext.tsx';
import { testIds } from '../testIds.ts';

/**
 * A settings address no registered page serves. Settings is closed to viewers whatever page exists,
 * so they get the unauthorized page; others learn the page is not in this build.
 */
export function SettingsFallback() {
  const { authorizer } = useReadyShellSession();
  if (settingsHiddenFor(authorizer)) {
    return (
      <div data-testid={testIds.pages.unauthorized}>
        <UnauthorizedPage actions={<Link to="/">Go to the start page</Link>} />
      </div>
    );
  }
  return <NotFoundPage />;
}
