// The chunk of what has nothing to show before the summary arrives: the rows and cards with the
// virtualizer behind them, the label filters, what shows when none match, and the page shown when
// the summary fails.
export { EmptyState, ErrorPage } from '@opsdeck/ui';
export { HealthCards } from './HealthCards.tsx';
export { HealthTable } from './HealthTable.tsx';
export { LabelFilters } from './LabelFilters.tsx';
