import { useEffect, useRef, useState } from 'react';

/** Spec §9: a typed search applies 400 ms after the last keystroke. */
export const DRAFT_COMMIT_DELAY_MS = 400;

export interface DebouncedDraftOptions {
  /** How long typing must pause before the draft is committed. */
  delayMs?: number;
  /** What is committed for a draft (e.g. trimmed); a draft that normalizes to `value` commits nothing. */
  normalize?: (draft: string) => string;
}

const asTyped = (draft: string) => draft;

/**
 * A text box over a value that lives elsewhere (the URL): what is typed is kept as a draft and
 * committed once typing pauses. When `value` changes from outside (Back, a link, a "clear filters"),
 * the draft becomes that value; our own commit coming back does not replace the draft, since more
 * may have been typed since. Unmounting cancels a pending commit.
 */
export function useDebouncedDraft(
  value: string,
  onCommit: (value: string) => void,
  { delayMs = DRAFT_COMMIT_DELAY_MS, normalize = asTyped }: DebouncedDraftOptions = {},
): readonly [draft: string, setDraft: (draft: string) => void] {
  const [draft, setDraft] = useState(value);
  const [seen, setSeen] = useState(value);
  // What we committed and have not yet seen come back as `value`, oldest first (a router may apply
  // a write a moment later, after the next one was made).
  const [pending, setPending] = useState<readonly string[]>([]);
  if (value !== seen) {
    setSeen(value);
    const ours = pending.indexOf(value);
    setPending(ours === -1 ? [] : pending.slice(ours + 1));
    if (ours === -1) setDraft(value);
  }
  // The latest callbacks, so a caller's inline function does not restart the pause.
  const latest = useRef({ onCommit, normalize });
  useEffect(() => {
    latest.current = { onCommit, normalize };
  });
  useEffect(() => {
    const next = latest.current.normalize(draft);
    if (next === value) return;
    const timer = setTimeout(() => {
      setPending((earlier) => [...earlier, next]);
      latest.current.onCommit(next);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [draft, value, delayMs]);
  return [draft, setDraft] as const;
}
