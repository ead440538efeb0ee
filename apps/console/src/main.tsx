import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConsoleApp } from './app/ConsoleApp.tsx';
import { createConsole } from './app/createConsole.ts';
import { consoleFeatures } from './features/index.ts';

const app = createConsole({ features: consoleFeatures });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleApp console={app} />
  </StrictMode>,
);
