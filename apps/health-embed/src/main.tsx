import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';
import { loadEmbedConfig } from './config.ts';

const root = createRoot(document.getElementById('root')!);
void loadEmbedConfig().then((config) =>
  root.render(
    <StrictMode>
      <App config={config} />
    </StrictMode>,
  ),
);
