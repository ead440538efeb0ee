import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { ThemeProvider as StyledThemeProvider } from 'styled-components';
import { GlobalStyle } from './GlobalStyle.ts';
import { isThemeModePreference, resolveThemeMode, type ThemeModePreference } from './mode.ts';
import { themes, type ThemeMode } from './themes.ts';

const darkQuery = '(prefers-color-scheme: dark)';

function subscribeToSystemMode(onChange: () => void): () => void {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function')
    return () => undefined;
  const query = window.matchMedia(darkQuery);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function systemPrefersDark(): boolean {
  // jsdom and old browsers have no matchMedia: treat them as light.
  return (
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia(darkQuery).matches
  );
}

function readStoredPreference(storageKey: string | undefined): ThemeModePreference | undefined {
  if (!storageKey || typeof localStorage === 'undefined') return undefined;
  try {
    const stored = localStorage.getItem(storageKey);
    return isThemeModePreference(stored) ? stored : undefined;
  } catch {
    return undefined; // storage can be blocked (privacy mode); the default applies then
  }
}

export interface ThemeModeContextValue {
  /** The user's choice, 'system' follows the OS. */
  preference: ThemeModePreference;
  /** The mode actually shown. */
  mode: ThemeMode;
  setPreference: (preference: ThemeModePreference) => void;
}

const ThemeModeContext = createContext<ThemeModeContextValue | null>(null);

export interface OpsdeckThemeProviderProps {
  children?: ReactNode;
  /** Controlled preference; omit to let the provider keep it. */
  mode?: ThemeModePreference;
  /** Initial preference when uncontrolled. Defaults to following the OS. */
  defaultMode?: ThemeModePreference;
  onModeChange?: (preference: ThemeModePreference) => void;
  /** When set, an uncontrolled preference is remembered in localStorage under this key. */
  storageKey?: string;
  /** Render the global style (body colours, fonts, focus ring). On by default. */
  withGlobalStyle?: boolean;
}

export function OpsdeckThemeProvider({
  children,
  mode: controlledPreference,
  defaultMode = 'system',
  onModeChange,
  storageKey,
  withGlobalStyle = true,
}: OpsdeckThemeProviderProps) {
  const [ownPreference, setOwnPreference] = useState<ThemeModePreference>(
    () => readStoredPreference(storageKey) ?? defaultMode,
  );
  const preference = controlledPreference ?? ownPreference;
  const prefersDark = useSyncExternalStore(subscribeToSystemMode, systemPrefersDark, () => false);
  const mode = resolveThemeMode(preference, prefersDark);

  const setPreference = useCallback(
    (next: ThemeModePreference) => {
      if (controlledPreference === undefined) {
        setOwnPreference(next);
        if (storageKey) {
          try {
            localStorage.setItem(storageKey, next);
          } catch {
            // Not remembering the choice is acceptable; the switch itself still works.
          }
        }
      }
      onModeChange?.(next);
    },
    [controlledPreference, onModeChange, storageKey],
  );

  const value = useMemo(
    () => ({ preference, mode, setPreference }),
    [preference, mode, setPreference],
  );

  return (
    <ThemeModeContext.Provider value={value}>
      <StyledThemeProvider theme={themes[mode]}>
        {withGlobalStyle && <GlobalStyle />}
        {children}
      </StyledThemeProvider>
    </ThemeModeContext.Provider>
  );
}

export function useThemeMode(): ThemeModeContextValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside <OpsdeckThemeProvider>');
  return value;
}
