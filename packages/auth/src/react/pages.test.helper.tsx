import { fixturePath, readJsonFixture } from '@opsdeck/testing';
import { OpsdeckThemeProvider } from '@opsdeck/ui';
import { render } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createKratosFlows } from '../kratos/client.ts';
import type { FlowKind } from '../kratos/decisions.ts';
import { KratosProvider } from './KratosContext.tsx';
import {
  ErrorPage,
  LoginPage,
  ProfileSettingsPage,
  RecoveryPage,
  RegistrationPage,
  VerificationPage,
} from './pages.tsx';

// The real Kratos recordings (shared/fixtures/kratos-flows), read in place, never copied into src.
const fixturesRoot = fixturePath('kratos-flows');

export interface FlowFixture {
  name: string;
  kind: FlowKind;
  body: {
    ui?: { messages?: { text: string }[]; nodes: { messages: { text: string }[] }[] };
    error?: { code: number; reason?: string; message?: string };
  };
}

const kindByFolder: Record<string, FlowKind> = {
  login: 'login',
  registration: 'registration',
  recovery: 'recovery',
  'recovery-v2': 'recovery',
  recovery_v2: 'recovery',
  verification: 'verification',
  settings: 'settings',
};

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

export function loadFixtures(): FlowFixture[] {
  return walk(fixturesRoot)
    .filter((file) => file.endsWith('.json'))
    .sort()
    .map((file) => {
      const name = relative(fixturesRoot, file);
      const kind = kindByFolder[name.split('/')[0] ?? ''];
      if (!kind) throw new Error('no page for fixture ' + name);
      return { name, kind, body: JSON.parse(readFileSync(file, 'utf8')) as FlowFixture['body'] };
    });
}

export function fixture(name: string): Record<string, unknown> & { id: string } {
  return readJsonFixture<Record<string, unknown> & { id: string }>(`kratos-flows/${name}`);
}

export const pagePaths: Record<FlowKind, string> = {
  login: '/login',
  registration: '/registration',
  recovery: '/recovery',
  verification: '/verification',
  settings: '/profile-settings',
};

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderAuthPage(
  basePath: string,
  entry: string,
  children?: ReactNode,
  settingsLifetimeMs?: number,
) {
  const flows = createKratosFlows({ basePath });
  return render(
    <OpsdeckThemeProvider>
      <KratosProvider flows={flows}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/login" element={<LoginPage />} />
            <Route path="/registration" element={<RegistrationPage />} />
            <Route path="/recovery" element={<RecoveryPage />} />
            <Route path="/verification" element={<VerificationPage />} />
            <Route
              path="/profile-settings"
              element={<ProfileSettingsPage messageLifetimeMs={settingsLifetimeMs} />}
            />
            <Route path="/error" element={<ErrorPage />} />
            <Route path="*" element={<p>elsewhere</p>} />
          </Routes>
          <LocationProbe />
          {children}
        </MemoryRouter>
      </KratosProvider>
    </OpsdeckThemeProvider>,
  );
}
