import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_COMMIT_DELAY_MS, useDebouncedDraft } from './useDebouncedDraft.ts';

const trim = (draft: string) => draft.trim();

/** The hook over a value held by the test, as a URL would hold it. */
function renderDraft(initial: string) {
  const onCommit = vi.fn<(value: string) => void>();
  const view = renderHook(
    ({ value }: { value: string }) => useDebouncedDraft(value, onCommit, { normalize: trim }),
    { initialProps: { value: initial } },
  );
  const type = (text: string) => act(() => view.result.current[1](text));
  const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  const draft = () => view.result.current[0];
  return { ...view, onCommit, type, wait, draft };
}

describe('useDebouncedDraft', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('commits what was typed once, after typing pauses', () => {
    const search = renderDraft('');
    search.type('d');
    search.wait(200);
    search.type('db');
    search.wait(DRAFT_COMMIT_DELAY_MS - 1);
    expect(search.onCommit).not.toHaveBeenCalled();
    search.type('db ');
    search.wait(DRAFT_COMMIT_DELAY_MS);
    expect(search.onCommit).toHaveBeenCalledTimes(1);
    expect(search.onCommit).toHaveBeenCalledWith('db');
    // The commit comes back as the value: the draft keeps the space being typed, nothing recommits.
    search.rerender({ value: 'db' });
    search.wait(DRAFT_COMMIT_DELAY_MS * 3);
    expect(search.draft()).toBe('db ');
    expect(search.onCommit).toHaveBeenCalledTimes(1);
  });

  it('keeps what was typed after a commit when that commit comes back late', () => {
    const search = renderDraft('');
    search.type('api');
    search.wait(DRAFT_COMMIT_DELAY_MS);
    search.type('api-gw');
    search.rerender({ value: 'api' });
    expect(search.draft()).toBe('api-gw');
    search.wait(DRAFT_COMMIT_DELAY_MS);
    expect(search.onCommit).toHaveBeenLastCalledWith('api-gw');
  });

  it('replaces the draft when the value changes from outside (Back, a link)', () => {
    const search = renderDraft('db');
    search.type('dbx');
    search.rerender({ value: 'web' });
    expect(search.draft()).toBe('web');
    // The pending commit of the replaced draft is dropped.
    search.wait(DRAFT_COMMIT_DELAY_MS * 2);
    expect(search.onCommit).not.toHaveBeenCalled();
  });

  it('follows the value back to an earlier commit (Forward after Back)', () => {
    const search = renderDraft('');
    search.type('db');
    search.wait(DRAFT_COMMIT_DELAY_MS);
    search.rerender({ value: 'db' });
    search.rerender({ value: '' });
    expect(search.draft()).toBe('');
    search.rerender({ value: 'db' });
    expect(search.draft()).toBe('db');
    expect(search.onCommit).toHaveBeenCalledTimes(1);
  });

  it('cancels a pending commit on unmount', () => {
    const search = renderDraft('');
    search.type('db');
    search.unmount();
    search.wait(DRAFT_COMMIT_DELAY_MS * 2);
    expect(search.onCommit).not.toHaveBeenCalled();
  });
});
