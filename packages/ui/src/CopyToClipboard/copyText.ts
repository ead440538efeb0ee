/** The product's clipboard sentences (console spec §8). */
export const CLIPBOARD_MESSAGES = {
  copied: 'Copied to clipboard',
  unavailable: 'Clipboard not available',
  failed: 'Failed to copy to clipboard',
} as const;

export type CopyOutcome = keyof typeof CLIPBOARD_MESSAGES;

type ClipboardWriter = Pick<Clipboard, 'writeText'>;

function browserClipboard(): ClipboardWriter | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.clipboard;
}

/** Writes text to the clipboard (the browser's unless one is given) and says how it went; never throws. */
export async function copyText(
  text: string,
  clipboard: ClipboardWriter | null | undefined = browserClipboard(),
): Promise<CopyOutcome> {
  // Insecure origins (plain http) have no clipboard API at all.
  if (!clipboard || typeof clipboard.writeText !== 'function') return 'unavailable';
  try {
    await clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'failed';
  }
}
