import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Relative asset addresses: the test serves each React variant's build from its own folder.
export default defineConfig({ base: './', plugins: [react()] });
