import { useApiClient } from '@opsdeck/api-client/react';
import {
  createSavedView,
  defaultViewQuery,
  deleteSavedView,
  myTeamsQuery,
  savedViewLimits,
  savedViewsQuery,
  setDefaultView,
  updateSavedView,
  viewsKeys,
  type SavedView,
} from '@opsdeck/api-client/views';
import { Button, ChevronDown, ConfirmDialog, Modal, Popover } from '@opsdeck/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import { testIds } from '../testIds.ts';
import { currentSearch, defaultToApply, hrefOfView, type SavedViewPage } from './model.ts';

const ids = testIds.savedViews;

const Panel = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  width: min(360px, calc(100vw - 16px));
  padding: ${({ theme }) => theme.space.sm};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Row = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  padding-bottom: ${({ theme }) => theme.space.xs};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSize.sm};
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.md};

  input[type='text'],
  select {
    min-height: 36px;
    padding: 0 ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Alert = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.danger};
`;

export interface SavedViewsControlProps {
  /** The page the header is on, as a feature registered it in `savedViewProviders`. */
  page: SavedViewPage;
  /** The signed-in person: their own views are theirs to change. */
  userId: string;
}

type Form = { mode: 'save' } | { mode: 'rename'; view: SavedView };

const messageOf = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Saving the view failed';

/**
 * The page header's "Views" control (issue 38): my views and my teams' shared views of this page,
 * opened by a push; save the current URL under a name; rename, update, delete and the default for
 * my own. A visit with no search opens with my default view (a replace, once per visit).
 */
export function SavedViewsControl({ page, userId }: SavedViewsControlProps) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const anchor = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<Form | null>(null);
  const [confirm, setConfirm] = useState<SavedView | null>(null);
  const views = useQuery(savedViewsQuery(client, page.path));
  const defaultId = useQuery(defaultViewQuery(client, page.path));
  const defaultView = views.data?.find((view) => view.id === defaultId.data);

  // Once per visit (this control is mounted per page): a bare URL opens with the default view.
  const decided = useRef(false);
  useEffect(() => {
    if (decided.current) return;
    if (location.search && currentSearch(location.search)) {
      decided.current = true;
      return;
    }
    if (!views.isSuccess || !defaultId.isSuccess) return;
    decided.current = true;
    const href = defaultToApply(location.search, false, defaultView);
    if (href) void navigate(href, { replace: true });
  }, [location.search, views.isSuccess, defaultId.isSuccess, defaultView, navigate]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: viewsKeys.all() });
  const change = useMutation({
    mutationFn: (action: () => Promise<unknown>) => action(),
    onSettled: refresh,
  });

  const openView = (view: SavedView) => {
    setOpen(false);
    void navigate(hrefOfView(view));
  };
  const mine = (view: SavedView) => view.createdBy === userId;

  return (
    <>
      <Button
        ref={anchor}
        variant="secondary"
        size="small"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
        data-testid={ids.trigger}
      >
        Views
        <ChevronDown size={14} aria-hidden="true" />
      </Button>
      <Popover
        open={open}
        anchor={anchor}
        placement="bottom-end"
        matchAnchorWidth={false}
        maxHeight={480}
        onDismiss={() => {
          setOpen(false);
          anchor.current?.focus();
        }}
      >
        <Panel
          id={panelId}
          role="dialog"
          aria-label={`Saved views of ${page.title}`}
          data-testid={ids.panel}
        >
          {views.data?.length ? (
            <List>
              {views.data.map((view) => (
                <Row key={view.id} data-testid={ids.item}>
                  <Button
                    variant="link"
                    onClick={() => openView(view)}
                    data-testid={ids.open}
                    autoFocus={view === views.data[0]}
                  >
                    {view.name}
                  </Button>
                  {view.id === defaultId.data && <Muted>(default)</Muted>}
                  {view.teamId && <Muted>{mine(view) ? '(shared)' : '(shared with you)'}</Muted>}
                  {mine(view) && (
                    <>
                      <Button
                        size="small"
                        variant="ghost"
                        aria-label={`Rename ${view.name}`}
                        onClick={() => setForm({ mode: 'rename', view })}
                        data-testid={ids.rename}
                      >
                        Rename
                      </Button>
                      <Button
                        size="small"
                        variant="ghost"
                        aria-label={`Update ${view.name} to the current view`}
                        onClick={() =>
                          change.mutate(() =>
                            updateSavedView(client, view.id, {
                              search: currentSearch(location.search),
                            }),
                          )
                        }
                        data-testid={ids.update}
                      >
                        Update
                      </Button>
                      <Button
                        size="small"
                        variant="ghost"
                        aria-label={`Delete ${view.name}`}
                        onClick={() => setConfirm(view)}
                        data-testid={ids.remove}
                      >
                        Delete
                      </Button>
                    </>
                  )}
                  <Button
                    size="small"
                    variant="ghost"
                    aria-label={`${view.id === defaultId.data ? 'Clear default' : 'Set default'}: ${view.name}`}
                    onClick={() =>
                      change.mutate(() =>
                        setDefaultView(
                          client,
                          page.path,
                          view.id === defaultId.data ? null : view.id,
                        ),
                      )
                    }
                    data-testid={ids.toggleDefault}
                  >
                    {view.id === defaultId.data ? 'Clear default' : 'Set default'}
                  </Button>
                </Row>
              ))}
            </List>
          ) : (
            <Muted>{views.isPending ? 'Loading views…' : 'No saved views of this page yet.'}</Muted>
          )}
          <Button
            variant="primary"
            size="small"
            onClick={() => setForm({ mode: 'save' })}
            data-testid={ids.save}
          >
            Save current view…
          </Button>
        </Panel>
      </Popover>
      {form && (
        <SavedViewForm
          key={form.mode === 'rename' ? form.view.id : 'save'}
          form={form}
          page={page}
          userId={userId}
          onDone={() => {
            setForm(null);
            void refresh();
          }}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={`Delete the view "${confirm?.name ?? ''}"?`}
        description="It is gone for everyone it is shared with."
        loading={change.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const view = confirm;
          setConfirm(null);
          if (view) change.mutate(() => deleteSavedView(client, view.id));
        }}
      />
    </>
  );
}

/** Saving the current view (name, sharing, default) or renaming one; typed values survive a failure. */
function SavedViewForm({
  form,
  page,
  userId,
  onDone,
}: {
  form: Form;
  page: SavedViewPage;
  userId: string;
  onDone: () => void;
}) {
  const client = useApiClient();
  const location = useLocation();
  const saving = form.mode === 'save';
  const teams = useQuery({ ...myTeamsQuery(client, userId), enabled: saving });
  const [name, setName] = useState(form.mode === 'rename' ? form.view.name : '');
  const [teamId, setTeamId] = useState('');
  const [makeDefault, setMakeDefault] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const teamFieldId = useId();
  const defaultFieldId = useId();
  const submit = useMutation({
    mutationFn: async () => {
      if (form.mode === 'rename') return updateSavedView(client, form.view.id, { name });
      const view = await createSavedView(client, {
        name,
        page: page.path,
        search: currentSearch(location.search),
        teamId: teamId || null,
      });
      if (makeDefault) await setDefaultView(client, page.path, view.id);
    },
    onSuccess: onDone,
    onError: (failure) => setError(messageOf(failure)),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError('A view needs a name.');
    if (trimmed.length > savedViewLimits.name)
      return setError(`A view's name is at most ${savedViewLimits.name} characters.`);
    setError(null);
    submit.mutate();
  };

  return (
    <Modal.Root open onClose={onDone} size="small" data-testid={ids.form}>
      <Modal.Header>{saving ? `Save a view of ${page.title}` : 'Rename view'}</Modal.Header>
      <form onSubmit={onSubmit} noValidate>
        <Modal.Body>
          {error && (
            <Alert role="alert" data-testid={ids.error}>
              {error}
            </Alert>
          )}
          <Field>
            <label htmlFor={nameId}>Name</label>
            <input
              id={nameId}
              type="text"
              value={name}
              autoFocus
              onChange={(event) => setName(event.target.value)}
              data-testid={ids.name}
            />
          </Field>
          {saving && (
            <>
              <Field>
                <label htmlFor={teamFieldId}>Shared with</label>
                <select
                  id={teamFieldId}
                  value={teamId}
                  onChange={(event) => setTeamId(event.target.value)}
                  data-testid={ids.team}
                >
                  <option value="">Only me</option>
                  {teams.data?.map((team) => (
                    <option key={team.id} value={team.id}>
                      {`Team ${team.name}`}
                    </option>
                  ))}
                </select>
              </Field>
              <Field>
                <label htmlFor={defaultFieldId}>
                  <input
                    id={defaultFieldId}
                    type="checkbox"
                    checked={makeDefault}
                    onChange={(event) => setMakeDefault(event.target.checked)}
                    data-testid={ids.makeDefault}
                  />{' '}
                  Open {page.title} with this view
                </label>
              </Field>
            </>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button type="button" variant="secondary" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" loading={submit.isPending} data-testid={ids.submit}>
            {saving ? 'Save view' : 'Rename'}
          </Button>
        </Modal.Footer>
      </form>
    </Modal.Root>
  );
}
