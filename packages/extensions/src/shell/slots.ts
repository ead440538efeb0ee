// The console shell's own slots. The shell is an app (apps/console, private, imported by no
// package), so a feature could not import slots declared there: they live here, under their own
// entry, as a feature's do in its `/slots` entry. Ids and types only (opsdeck/slots-entry).
import type { RouteModule, SidebarIcon } from '../feature.ts';
import type { LinkTarget } from '../routeRefs.ts';
import { createDataSlot } from '../slots.ts';
import type { ApiClient } from '@opsdeck/api-client';

/** An entry of the command palette: a named destination. */
export interface PaletteCommand {
  title: string;
  /** More words it is found by (`checks` for "Go to Health"). */
  keywords?: readonly string[];
  /** Where it goes (`linkTo(ref, params, search)`); left out when the user may not open it. */
  to: LinkTarget;
}

/**
 * A page action the palette offers (New incident, Add silence, Run playbook): where it goes, with
 * the page's dialog or form open. Give the contribution the `access` the action needs, so a user
 * who may not perform it never sees it.
 */
export interface PaletteLinkAction {
  title: string;
  /** More words it is found by. */
  keywords?: readonly string[];
  to: LinkTarget;
}

/** The page the palette was opened over, as a context-dependent action sees it. */
export interface PalettePage {
  /** The address's path (`/health`). */
  pathname: string;
  /** The address's query (`checkId` while a check's modal is open). */
  search: URLSearchParams;
  /** Whether the page is the one `target` leads to (its path; the query is not compared). */
  at(target: LinkTarget): boolean;
}

/** How an action the palette ran ended, when it may have ended badly (a check run that failed). */
export interface PaletteRunOutcome {
  message: string;
  /** `error` is told as an error toast (an alert), `success` as a success toast. */
  tone: 'success' | 'error';
}

/** What the palette runs in place, without leaving the page. */
export interface PaletteRun {
  title: string;
  /** More words it is found by. */
  keywords?: readonly string[];
  /** A second line: what it acts on. */
  description?: string;
  /**
   * Performs it. Resolves to the sentence a success toast says, or to an outcome with its tone; a
   * rejection's message is told as an error toast.
   */
  run(context: { apiClient: ApiClient }): Promise<string | PaletteRunOutcome>;
}

/**
 * A page action offered only in a state of the page (Run Now while a check's modal is open), which
 * runs where the user is. `offer` says what it is for this page, or undefined to stay out of the
 * list. Give the contribution the same `access` the page's own control needs; the server decides.
 */
export interface PaletteRunAction {
  offer(page: PalettePage): PaletteRun | undefined;
}

/** A page action of the palette: a link to a page's dialog or form, or one run in place. */
export type PaletteAction = PaletteLinkAction | PaletteRunAction;

/**
 * A keyboard shortcut a feature adds to the shell's map (the `?` dialog lists it): a chord of
 * plain keys, like `g l`, that opens `to`. The shell's own shortcuts win a clash.
 */
export interface ShortcutEntry {
  /** The keys pressed one after the other, separated by a space: `g l`. */
  keys: string;
  /** What it does, as the `?` dialog lists it: "Go to Logs". */
  title: string;
  to: LinkTarget;
}

/** One answer of a palette search provider. */
export interface PaletteSearchResult {
  id: string;
  title: string;
  /** A second line: the kind, a namespace, a status. */
  description?: string;
  to: LinkTarget;
}

/** Finds records of one kind as the user types in the palette (checks, configs, incidents…). */
export interface PaletteSearchProvider {
  /** The group heading of its results. */
  title: string;
  /** Called as the typed text settles; `signal` aborts when the text changes again. */
  search(
    text: string,
    context: { apiClient: ApiClient; signal: AbortSignal },
  ): Promise<readonly PaletteSearchResult[]>;
}

/** A page under Settings that a feature brings (its connections, its rules…). */
export interface SettingsSection {
  title: string;
  /** The path segment below `/settings`. */
  path: string;
  icon?: SidebarIcon;
  load: () => Promise<RouteModule>;
}

/** An event of the notification feed, as the server names it (`check.failed`, `incident.created`). */
export interface NotificationEvent {
  name: string;
  /** The event's properties (the check's or incident's id, its name, a status). */
  properties: Readonly<Record<string, string>>;
  createdAt: string;
}

/** How a feature's events read in the notification feed and where they lead. */
export interface NotificationEventRenderer {
  /** The event names it renders (`check.passed`, `check.failed`). */
  events: readonly string[];
  /** One line: "Check payments-api failed". */
  summary: (event: NotificationEvent) => string;
  /** Where clicking the event goes, if anywhere. */
  link?: (event: NotificationEvent) => LinkTarget | undefined;
}

/** A tab of the admin pages (users, agents, jobs…), loaded when opened. */
export interface AdminTab {
  title: string;
  /** The path segment below `/settings/admin`. */
  path: string;
  load: () => Promise<RouteModule>;
}

/** Lets a list page's current search be saved and reopened under a name. */
export interface SavedViewProvider {
  /** The page whose search is saved; its ref's schema reads a saved view back. */
  to: LinkTarget;
  title: string;
}

/** The slots the console shell hosts, all of them data: the shell draws them itself. */
export const shellSlots = {
  /** The command palette's commands. */
  paletteCommands: createDataSlot<PaletteCommand>('shell.paletteCommands'),
  /** The command palette's record searches. */
  paletteSearchProviders: createDataSlot<PaletteSearchProvider>('shell.paletteSearchProviders'),
  /** The command palette's page actions. */
  paletteActions: createDataSlot<PaletteAction>('shell.paletteActions'),
  /** Keyboard shortcuts features add to the shell's map. */
  shortcuts: createDataSlot<ShortcutEntry>('shell.shortcuts'),
  /** The sections of the Settings menu. */
  settingsSections: createDataSlot<SettingsSection>('shell.settingsSections'),
  /** How the notification feed reads each feature's events. */
  notificationEventRenderers: createDataSlot<NotificationEventRenderer>(
    'shell.notificationEventRenderers',
  ),
  /** The admin pages' tabs. */
  adminTabs: createDataSlot<AdminTab>('shell.adminTabs'),
  /** Pages whose filtered view a user may save. */
  savedViewProviders: createDataSlot<SavedViewProvider>('shell.savedViewProviders'),
};
