import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './app/ConsoleApp.tsx';
import { authModeFrom } from './app/authMode.ts';
import { createConsole, type Console } from './app/createConsole.ts';
import { consoleRoutes } from './app/routes.tsx';
import { consoleBindings, consoleFeatures } from './features/index.ts';

const root = createRoot(document.getElementById('root')!);
const render = (app: Console) =>
  root.render(
    <StrictMode>
      <ConsoleApp console={app} />
    </StrictMode>,
  );

const auth = authModeFrom(import.meta.env);
// The literal comparison lets a Kratos build drop the hosted branch, and the hosted SDK with it.
if (import.meta.env.VITE_OPSDECK_AUTH === 'hosted' && auth.mode === 'hosted') {
  void import('./hosted/createHostedConsole.ts').then(({ createHostedConsole }) =>
    render(
      createHostedConsole({
        features: consoleFeatures,
        bindings: consoleBindings,
        publishableKey: auth.publishableKey,
      }),
    ),
  );
} else {
  render(
    createConsole({ features: consoleFeatures, bindings: consoleBindings, routes: consoleRoutes }),
  );
}
