import type { FakeBackend } from '@opsdeck/testing';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { startAdminBackend } from './adminBackend.test.helper.ts';

/**
 * The page tests' setup: each test gets a fresh stand-in backend; after it the page is unmounted
 * and the backend closed. Call at the top of a test file.
 */
export function withAdminBackend() {
  let current: FakeBackend | undefined;
  beforeEach(async () => {
    current = await startAdminBackend();
  });
  afterEach(async () => {
    cleanup();
    await current?.close();
    current = undefined;
  });
  const backend = (): FakeBackend => {
    if (!current) throw new Error('the admin backend runs only inside a test');
    return current;
  };
  return { backend, baseUrl: () => `${backend().url}/api` };
}
