import { useApiClient } from '@opsdeck/api-client/react';
import { resolveLink, type ExtensionView } from '@opsdeck/extensions';
import { shellSlots, type PaletteSearchResult } from '@opsdeck/extensions/shell';
import { Modal, useToast } from '@opsdeck/ui';
import {
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent as ReactKeyboardEvent,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import type { SidebarEntry } from '../navigation/sidebarModel.ts';
import { VisuallyHidden } from '../shell/VisuallyHidden.ts';
import {
  actionItems,
  filterItems,
  pageItems,
  palettePage,
  readRecent,
  rememberRecent,
  STRONG_MATCH,
  type PaletteItem,
} from './paletteItems.ts';
import { paletteTestIds } from './testIds.ts';

/** How long the typed text must settle before the record searches run. */
const SEARCH_DEBOUNCE_MS = 150;

const Input = styled.input`
  width: 100%;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSize.md};
`;

const List = styled.div`
  margin-top: ${({ theme }) => theme.space.sm};
  max-height: min(60vh, 480px);
  overflow: auto;
`;

const GroupHeading = styled.div`
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.sm} ${theme.space.xs}`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.xs};
  font-weight: ${({ theme }) => theme.fontWeight.semibold};
  text-transform: uppercase;
`;

const Option = styled.div<{ $active: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radius.md};
  cursor: pointer;
  background: ${({ $active, theme }) => ($active ? theme.colors.surfaceHover : 'transparent')};
  outline: ${({ $active, theme }) => ($active ? `2px solid ${theme.colors.focusRing}` : 'none')};
  outline-offset: -2px;
`;

const Description = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Empty = styled.p`
  margin: ${({ theme }) => theme.space.md} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

export interface PaletteProps {
  /** The shell's sidebar for this user: the pages they may open. */
  entries: readonly SidebarEntry[];
  /** The shell's view for this user: commands, actions and searches they may use. */
  extensions: ExtensionView;
  onClose: () => void;
}

/** Each provider's answers for the text they were asked. */
type Records = Readonly<Record<string, { title: string; results: readonly PaletteItem[] }>>;

/**
 * The command palette (issue 38): a combobox over a grouped listbox (WAI-ARIA combobox pattern,
 * aria-activedescendant): pages, page actions and records by name, recent destinations first
 * while nothing is typed. Arrows, Home/End and Enter work from the input; Escape closes and the
 * modal gives focus back; the number of results is announced.
 */
export default function Palette({ entries, extensions, onClose }: PaletteProps) {
  const apiClient = useApiClient();
  const navigate = useNavigate();
  const location = useLocation();
  const toast = useToast();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const [text, setText] = useState('');
  const [activeId, setActiveId] = useState<string>();
  const [records, setRecords] = useState<Records>({});
  const [searching, setSearching] = useState(false);

  const pages = useMemo(() => pageItems(entries, extensions), [entries, extensions]);
  // The page under the palette as it was opened: its actions run in place are offered for it.
  const [page] = useState(() => palettePage(extensions, location));
  const actions = useMemo(() => actionItems(extensions, page), [extensions, page]);
  const providers = useMemo(() => extensions.data(shellSlots.paletteSearchProviders), [extensions]);
  const recent = useMemo(() => readRecent(), []);
  const query = text.trim();

  // The record searches: after the text settles, each provider once; more typing aborts them.
  useEffect(() => {
    setRecords({});
    if (!query || providers.length === 0) {
      setSearching(false);
      return;
    }
    setSearching(true);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      let left = providers.length;
      for (const { id, value } of providers) {
        const toItem = (result: PaletteSearchResult): PaletteItem[] => {
          const href = resolveLink(extensions, result.to);
          return href === undefined
            ? []
            : [
                {
                  id: `record:${id}:${result.id}`,
                  group: value.title,
                  title: result.title,
                  href,
                  ...(result.description ? { description: result.description } : {}),
                },
              ];
        };
        value
          .search(query, { apiClient, signal: controller.signal })
          .then(
            (results) => results.flatMap(toItem),
            // One kind failing (a table the user may not read) leaves the others.
            () => [],
          )
          .then((results) => {
            if (controller.signal.aborted) return;
            setRecords((current) => ({ ...current, [id]: { title: value.title, results } }));
            left -= 1;
            if (left === 0) setSearching(false);
          });
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, providers, extensions, apiClient]);

  // Typed: pages and actions holding the text, then the records found, then pages and actions
  // that only hold its letters in order (a check's exact name beats a loose page match).
  const listed = useMemo(() => {
    const found = providers.flatMap(({ id }) => records[id]?.results ?? []);
    if (!query) return [...recent, ...pages, ...actions, ...found];
    const matched = [...filterItems(query, pages), ...filterItems(query, actions)];
    const strong = matched.filter(({ score }) => score >= STRONG_MATCH).map(({ item }) => item);
    const loose = matched.filter(({ score }) => score < STRONG_MATCH).map(({ item }) => item);
    return [...strong, ...found, ...loose];
  }, [query, pages, actions, recent, providers, records]);
  // Grouped in order of first appearance (Recent, Pages, Actions, each record kind); the arrows
  // walk the options in the order they are drawn.
  const groups = useMemo(() => {
    const list: { title: string; items: PaletteItem[] }[] = [];
    for (const item of listed) {
      const group = list.find((entry) => entry.title === item.group);
      if (group) group.items.push(item);
      else list.push({ title: item.group, items: [item] });
    }
    return list;
  }, [listed]);
  const items = useMemo(() => groups.flatMap((group) => group.items), [groups]);

  const active = items.find((item) => item.id === activeId) ?? items[0];
  const optionId = (item: PaletteItem) => `${listId}-${item.id.replace(/[^\w-]/g, '_')}`;

  useEffect(() => {
    if (!active) return;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const choose = (item: PaletteItem) => {
    onClose();
    const { run } = item;
    if (run) {
      // In place, on the page under the palette; the outcome is told as a toast.
      run({ apiClient }).then(
        (outcome) => {
          if (typeof outcome === 'string') toast.success(outcome);
          else if (outcome.tone === 'error') toast.error(outcome.message);
          else toast.success(outcome.message);
        },
        (error: unknown) =>
          toast.error(
            `${item.title} failed: ${error instanceof Error ? error.message : String(error)}`,
          ),
      );
      return;
    }
    rememberRecent(item);
    void navigate(item.href);
  };

  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (items.length === 0) return;
    const at = active ? items.indexOf(active) : -1;
    let next: number | undefined;
    if (event.key === 'ArrowDown') next = (at + 1) % items.length;
    else if (event.key === 'ArrowUp') next = (at - 1 + items.length) % items.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = items.length - 1;
    else if (event.key === 'Enter' && active) {
      event.preventDefault();
      choose(active);
      return;
    }
    if (next === undefined) return;
    event.preventDefault();
    setActiveId(items[next]!.id);
  };

  const status = searching
    ? `${items.length} ${items.length === 1 ? 'result' : 'results'}, searching…`
    : `${items.length} ${items.length === 1 ? 'result' : 'results'}`;

  return (
    <Modal.Root
      open
      onClose={onClose}
      size="medium"
      initialFocusRef={inputRef}
      data-testid={paletteTestIds.dialog}
    >
      <Modal.Header>Search and go</Modal.Header>
      <Modal.Body>
        <Input
          ref={inputRef}
          type="text"
          role="combobox"
          aria-label="Search pages, actions and records"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active ? optionId(active) : undefined}
          placeholder="Go to a page, run an action, find a check, config, incident…"
          autoComplete="off"
          spellCheck={false}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActiveId(undefined);
          }}
          onKeyDown={onKeyDown}
          data-testid={paletteTestIds.input}
        />
        <List id={listId} role="listbox" aria-label="Results" data-testid={paletteTestIds.list}>
          {groups.map((group) => {
            const headingId = `${listId}-group-${group.title.replace(/\W/g, '_')}`;
            return (
              <div key={group.title} role="group" aria-labelledby={headingId}>
                <GroupHeading id={headingId} role="presentation">
                  {group.title}
                </GroupHeading>
                {group.items.map((item) => (
                  <Option
                    key={item.id}
                    id={optionId(item)}
                    role="option"
                    aria-selected={item === active}
                    $active={item === active}
                    onMouseMove={() => setActiveId(item.id)}
                    onMouseDown={(event) => event.preventDefault()}
                    onClick={() => choose(item)}
                    data-testid={paletteTestIds.option}
                  >
                    <span>{item.title}</span>
                    {item.description ? <Description>{item.description}</Description> : null}
                  </Option>
                ))}
              </div>
            );
          })}
        </List>
        {items.length === 0 && !searching ? <Empty>Nothing matches “{query}”.</Empty> : null}
        <VisuallyHidden role="status" aria-live="polite" data-testid={paletteTestIds.status}>
          {status}
        </VisuallyHidden>
      </Modal.Body>
    </Modal.Root>
  );
}
