import { Funnel } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../Button/Button.tsx';

// On a phone a list's filters would fill the first screen; they fold behind a "Filters (n)" button
// so the rows stay in sight (issue 29), as the health page folds its label filters. On a wider
// screen the button is not shown and the filters always are.

const Toggle = styled(Button)`
  display: none;

  @media ${({ theme }) => theme.media.phone} {
    display: inline-flex;
  }
`;

const Region = styled.div`
  display: contents;

  @media ${({ theme }) => theme.media.phone} {
    &[data-folded] {
      display: none;
    }
  }
`;

export interface CollapsibleFiltersProps {
  /** Filters set now, said on the button so a folded filter is not a forgotten one. */
  activeCount: number;
  /** The button's word (default "Filters"). */
  label?: string;
  /** The filters (and any actions that fold with them). */
  children: ReactNode;
  'data-testid'?: string;
}

/** The filters, behind a "Filters (n)" toggle on a phone. Lay it out inside the filters' row. */
export function CollapsibleFilters({
  activeCount,
  label = 'Filters',
  children,
  'data-testid': testId,
}: CollapsibleFiltersProps) {
  const regionId = useId();
  const [unfolded, setUnfolded] = useState(false);
  return (
    <>
      <Toggle
        type="button"
        size="small"
        icon={<Funnel size={14} aria-hidden="true" />}
        aria-expanded={unfolded}
        aria-controls={regionId}
        data-slot="filters-toggle"
        onClick={() => setUnfolded(!unfolded)}
      >
        {activeCount > 0 ? `${label} (${activeCount})` : label}
      </Toggle>
      <Region
        id={regionId}
        data-slot="filters"
        data-folded={unfolded ? undefined : ''}
        data-testid={testId}
      >
        {children}
      </Region>
    </>
  );
}
