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

/**
 * Where a change came from, spelt as types are (`AWS::CloudTrail` → `AWS › CloudTrail`,
 * `Kubernetes::Event`); the raw source in its title. Long ones wrap at the separators.
 */
export function ChangeSource({ source }: { source: string | null | undefined }) {
  if (!source) return null;
  return <span title={source}>{formatTypePath(source)}</span>;
}
