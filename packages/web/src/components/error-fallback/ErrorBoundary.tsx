import { Component, type ReactNode } from "react";

interface ErrorBoundaryProps {
  /** What shows instead of the children once one of them has thrown while rendering. */
  fallback: (error: unknown) => ReactNode;
  children?: ReactNode;
}

interface ErrorBoundaryState {
  caught: { error: unknown } | undefined;
}

/**
 * Catches what its children throw while rendering and shows `fallback` instead of them. React
 * offers this only as a class component. Give it a `key` that changes when it should try again
 * (the page's address, for the page-level boundary).
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { caught: undefined };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { caught: { error } };
  }

  override render(): ReactNode {
    return this.state.caught === undefined
      ? this.props.children
      : this.props.fallback(this.state.caught.error);
  }
}
