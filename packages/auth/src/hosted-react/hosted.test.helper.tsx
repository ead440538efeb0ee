import { OpsdeckThemeProvider, ToastProvider } from '@opsdeck/ui';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { OrganizationService } from '../hosted/organizations.ts';
import type { IdentityCheck } from '../hosted/resolve.ts';
import { HostedGate } from './HostedGate.tsx';
import { HostedSessionRoot } from './HostedSession.tsx';
import { OrganizationsSwitchedPage } from './OrganizationsSwitchedPage.tsx';

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export interface RenderHostedOptions {
  entry?: string;
  checkIdentity?: IdentityCheck;
  retryMs?: number;
  onSwitched?: () => void | Promise<void>;
}

/** The console as it will compose the hosted pieces: provider, login route, switched page, gate. */
export function renderHosted(
  service: OrganizationService,
  console: ReactNode,
  options: RenderHostedOptions = {},
) {
  return render(
    <OpsdeckThemeProvider>
      <ToastProvider>
        <MemoryRouter initialEntries={[options.entry ?? '/']}>
          <HostedSessionRoot
            service={service}
            checkIdentity={options.checkIdentity ?? (async () => 200)}
            retryMs={options.retryMs}
          >
            <Routes>
              <Route path="/login" element={<p>hosted sign-in</p>} />
              <Route
                path="/organizations/orgs-switched"
                element={<OrganizationsSwitchedPage onSwitched={options.onSwitched} />}
              />
              <Route path="*" element={<HostedGate>{console}</HostedGate>} />
            </Routes>
            <LocationProbe />
          </HostedSessionRoot>
        </MemoryRouter>
      </ToastProvider>
    </OpsdeckThemeProvider>,
  );
}
