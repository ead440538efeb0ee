import styled from 'styled-components';
import { SEARCH_MAX_LENGTH, searchLimitHint } from '../format/inputLimits.ts';
import { pageSearchProps } from '../pageSearch.ts';
import { useDebouncedDraft } from '../useDebouncedDraft/useDebouncedDraft.ts';

const trim = (draft: string) => draft.trim();

const Field = styled.label`
  display: inline-flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  flex: 1 1 14rem;
  min-width: 0;
  max-width: 24rem;
  font-size: ${({ theme }) => theme.fontSize.sm};
  font-weight: ${({ theme }) => theme.fontWeight.medium};

  input {
    min-height: 34px;
    padding: 0 ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.borderStrong};
    border-radius: ${({ theme }) => theme.radius.md};
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    font: inherit;
    font-weight: ${({ theme }) => theme.fontWeight.regular};
  }
`;

/**
 * A list page's name search box (the `/` shortcut finds it): what is typed is committed once the user
 * pauses; the URL wins when it changes from elsewhere (Back, a link).
 */
export function NameSearch({
  value,
  onCommit,
  testId,
}: {
  value: string;
  onCommit: (value: string) => void;
  testId?: string;
}) {
  const [draft, setDraft] = useDebouncedDraft(value, onCommit, { normalize: trim });
  return (
    <Field>
      Search
      <input
        type="search"
        {...pageSearchProps}
        value={draft}
        placeholder="Search by name"
        maxLength={SEARCH_MAX_LENGTH}
        title={searchLimitHint}
        data-testid={testId}
        onChange={(event) => setDraft(event.target.value)}
      />
    </Field>
  );
}
