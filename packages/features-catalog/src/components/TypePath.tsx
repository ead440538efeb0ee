import styled from 'styled-components';
import { formatTypePath } from '../model/typePath.ts';

const Path = styled.span`
  white-space: nowrap;
`;

/** A config type as a readable path (`AWS › EC2 › Instance`); the raw type in its title. */
export function TypePath({ type }: { type: string | null | undefined }) {
  if (!type) return null;
  return <Path title={type}>{formatTypePath(type)}</Path>;
}
