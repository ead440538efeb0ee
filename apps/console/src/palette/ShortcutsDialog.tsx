import { Modal } from '@opsdeck/ui';
import styled from 'styled-components';
import { isMac, keyCaps, type Shortcut } from './shortcuts.ts';
import { paletteTestIds } from './testIds.ts';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;

  th,
  td {
    padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: left;
  }
`;

const Key = styled.kbd`
  display: inline-block;
  min-width: 1.5em;
  margin-right: ${({ theme }) => theme.space.xs};
  padding: 0 ${({ theme }) => theme.space.xs};
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  border-radius: ${({ theme }) => theme.radius.sm};
  font-family: ${({ theme }) => theme.fontFamily.mono};
  text-align: center;
`;

export interface ShortcutsDialogProps {
  /** The user's shortcut map (shortcutList): what the keys do is what this lists. */
  shortcuts: readonly Shortcut[];
  onClose: () => void;
}

/** `?`: every keyboard shortcut the user has, generated from the map the listener uses. */
export default function ShortcutsDialog({ shortcuts, onClose }: ShortcutsDialogProps) {
  const mac = isMac();
  return (
    <Modal.Root open onClose={onClose} size="small" data-testid={paletteTestIds.shortcuts}>
      <Modal.Header>Keyboard shortcuts</Modal.Header>
      <Modal.Body>
        <Table aria-label="Keyboard shortcuts">
          <thead>
            <tr>
              <th scope="col">Keys</th>
              <th scope="col">Does</th>
            </tr>
          </thead>
          <tbody>
            {shortcuts.map((shortcut) => {
              const caps = keyCaps(shortcut.keys, mac);
              return (
                <tr key={shortcut.keys}>
                  <td aria-label={caps.join(' then ')}>
                    {caps.map((cap, index) => (
                      <Key key={index}>{cap}</Key>
                    ))}
                  </td>
                  <td>{shortcut.title}</td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      </Modal.Body>
    </Modal.Root>
  );
}
