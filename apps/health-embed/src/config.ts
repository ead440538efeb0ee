/** Where the standalone page finds its backend, set at deploy time, not build time. */
export interface EmbedConfig {
  /** The backend's /api address, e.g. https://ops.example.com/api or /api behind the same host. */
  baseUrl: string;
  /** Roles to assume (no sign-in here): none by default, so Run Now stays hidden. */
  roles: string[];
}

declare global {
  interface Window {
    __OPSDECK_HEALTH__?: Partial<EmbedConfig>;
  }
}

export const defaultEmbedConfig: EmbedConfig = { baseUrl: '/api', roles: [] };

/** A config object from untrusted JSON: unknown fields ignored, wrong types fall back to defaults. */
export function readEmbedConfig(value: unknown): EmbedConfig {
  const input = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const baseUrl =
    typeof input.baseUrl === 'string' && input.baseUrl.trim()
      ? input.baseUrl.trim().replace(/\/+$/, '')
      : defaultEmbedConfig.baseUrl;
  const roles = Array.isArray(input.roles)
    ? input.roles.filter((role): role is string => typeof role === 'string')
    : defaultEmbedConfig.roles;
  return { baseUrl, roles };
}

/**
 * `window.__OPSDECK_HEALTH__` (set by a host page) wins; otherwise `config.json` next to
 * index.html; otherwise the defaults (same-host /api).
 */
export async function loadEmbedConfig(
  fetchConfig: typeof fetch = fetch,
  documentUrl = document.baseURI,
): Promise<EmbedConfig> {
  if (window.__OPSDECK_HEALTH__) return readEmbedConfig(window.__OPSDECK_HEALTH__);
  try {
    const response = await fetchConfig(new URL('config.json', documentUrl).toString(), {
      cache: 'no-store',
    });
    if (response.ok) return readEmbedConfig(await response.json());
  } catch {
    // no config.json: the defaults apply
  }
  return defaultEmbedConfig;
}
