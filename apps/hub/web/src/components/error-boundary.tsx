// Shows a readable message instead of a blank page when a page throws while rendering.
import { Component, type ReactNode } from "react";

export class ErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section role="alert" className="error-panel">
        <h1>Something went wrong</h1>
        <p>{this.state.error.message}</p>
      </section>
    );
  }
}
