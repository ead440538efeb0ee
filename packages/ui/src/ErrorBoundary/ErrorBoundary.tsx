import { Component, type ErrorInfo, type ReactNode } from 'react';
import styled from 'styled-components';

export const ERROR_BOUNDARY_MESSAGE = 'Sorry.. there was an error';

export interface ErrorBoundaryProps {
  children?: ReactNode;
  /** What to show instead of the broken subtree; defaults to the product sentence. */
  fallback?: ReactNode | ((error: Error, reset: () => void) => ReactNode);
  onError?: (error: Error, info: ErrorInfo) => void;
}

interface ErrorBoundaryState {
  error: Error | null;
}

const Fallback = styled.div`
  padding: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.danger};
`;

// React still needs a class for error boundaries.
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(ERROR_BOUNDARY_MESSAGE, error, info.componentStack);
    this.props.onError?.(error, info);
  }

  reset = () => this.setState({ error: null });

  // Declared, not inferred: the inferred type spells out React 19's ReactNode in the published
  // declarations, which React 18's Component.render does not accept.
  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    const { fallback } = this.props;
    if (typeof fallback === 'function') return fallback(error, this.reset);
    if (fallback !== undefined) return fallback;
    return <Fallback role="alert">{ERROR_BOUNDARY_MESSAGE}</Fallback>;
  }
}
