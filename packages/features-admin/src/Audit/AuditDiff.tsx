import type { AuditEntry } from '@opsdeck/api-client/admin';
import { Badge, Modal, Moment } from '@opsdeck/ui';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Muted } from '../components/PageLayout.ts';
import { auditDiff, formatAuditValue, type AuditField } from '../model/audit.ts';
import { adminTestIds } from '../testIds.ts';
import { useAuditResourceHref } from './useAuditResourceHref.ts';

const Rows = styled.div`
  display: grid;
  gap: 16px;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  table-layout: fixed;
  th,
  td {
    padding: 4px 8px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
    vertical-align: top;
  }
  th:first-child {
    width: 25%;
  }
`;

const Row = styled.tr<{ $changed: boolean }>`
  background: ${({ $changed, theme }) =>
    $changed ? theme.colors.statusSoft.yellow.background : 'transparent'};
  color: ${({ $changed, theme }) => ($changed ? theme.colors.statusSoft.yellow.text : 'inherit')};
  font-weight: ${({ $changed }) => ($changed ? 600 : 'inherit')};
`;

const Value = styled.pre`
  margin: 0;
  font: inherit;
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

const Caption = styled.caption`
  text-align: left;
  padding-bottom: 4px;
  font-weight: 600;
`;

function FieldRow({ field }: { field: AuditField }) {
  return (
    <Row
      $changed={field.changed}
      data-testid={field.changed ? adminTestIds.audit.changed : undefined}
    >
      <th scope="row">
        {field.key}
        {field.changed ? <span>{' (changed)'}</span> : null}
      </th>
      <td>
        <Value>{formatAuditValue(field.before)}</Value>
      </td>
      <td>
        <Value>{formatAuditValue(field.after)}</Value>
      </td>
    </Row>
  );
}

/** A write's rows before and after, changed columns marked, secrets as the server masked them. */
export function AuditDiff({
  entry,
  actor,
  onClose,
}: {
  entry: AuditEntry;
  actor: string;
  onClose: () => void;
}) {
  const rows = auditDiff(entry);
  const hrefOf = useAuditResourceHref();
  return (
    <Modal.Root open onClose={onClose} size="large" data-testid={adminTestIds.audit.diff}>
      <Modal.Header>{`${entry.action} on ${entry.table_name}`}</Modal.Header>
      <Modal.Body>
        <Rows>
          <Muted>
            {`${actor}, `}
            <Moment value={entry.at} />
            {`, ${entry.row_count ?? rows.length} row${(entry.row_count ?? rows.length) === 1 ? '' : 's'}`}
            {rows.length < (entry.row_count ?? 0) ? ` (the first ${rows.length} recorded)` : ''}
          </Muted>
          {rows.length === 0 ? <Muted>No row images were recorded for this write.</Muted> : null}
          {rows.map((row, index) => {
            const href = hrefOf(entry.table_name, row.id);
            const name = row.id ?? `Row ${index + 1}`;
            return (
              <Table key={`${row.id ?? ''}-${index}`}>
                <Caption>
                  {href ? <Link to={href}>{name}</Link> : name}{' '}
                  {row.fields.some((field) => field.changed) ? null : (
                    <Badge color="neutral">unchanged</Badge>
                  )}
                </Caption>
                <thead>
                  <tr>
                    <th scope="col">Column</th>
                    <th scope="col">Before</th>
                    <th scope="col">After</th>
                  </tr>
                </thead>
                <tbody>
                  {row.fields.map((field) => (
                    <FieldRow key={field.key} field={field} />
                  ))}
                </tbody>
              </Table>
            );
          })}
        </Rows>
      </Modal.Body>
    </Modal.Root>
  );
}
