import { Component, type ReactNode } from "react";

/**
 * Shows `fallback` instead of `children` when they fail to render, typically because their code could not
 * be fetched (a lazy chunk on a dropped connection, or an old chunk after a deploy). Without it the error
 * would reach the root's error page and take the whole page, header and all, with it.
 */
export class LoadFailureBoundary extends Component<
  { children: ReactNode; fallback: ReactNode; onFailure?: () => void },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch() {
    this.props.onFailure?.();
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
