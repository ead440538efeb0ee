import { Ban } from '@opsdeck/ui';
import { Link } from 'react-router';
import { testIds } from '../testIds.ts';
import { MessagePage } from './MessagePage.tsx';

/** A feature switched off with its `{name}.disable` property: say so, rather than pretend it is missing. */
export function FeatureDisabledPage({ label, feature }: { label: string; feature: string }) {
  return (
    <MessagePage
      icon={<Ban size={40} aria-hidden="true" />}
      title={`${label} is turned off`}
      testId={testIds.pages.disabled}
    >
      <p>
        An administrator disabled this feature (property <code>{feature}.disable</code>).
      </p>
      <Link to="/">Go to the start page</Link>
    </MessagePage>
  );
}
