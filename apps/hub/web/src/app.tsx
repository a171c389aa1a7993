// The application root: picks the page for the current path and renders it inside the layout.
import { Suspense, useEffect } from "react";
import { ErrorBoundary } from "./components/error-boundary";
import { Layout } from "./components/layout";
import { useLocation } from "./lib/navigation";
import { matchRoute, NOT_FOUND_PAGE } from "./routes";

export function App() {
  const { pathname } = useLocation();
  const match = matchRoute(pathname);
  const Page = match ? match.route.page : NOT_FOUND_PAGE;
  const title = match ? match.route.title(match.params) : "Not found";
  useEffect(() => {
    document.title = title === "Hubkit" ? title : `${title} · Hubkit`;
  }, [title]);
  return (
    <Layout>
      <ErrorBoundary key={pathname}>
        <Suspense fallback={<p className="loading">Loading…</p>}>
          <Page params={match?.params ?? {}} />
        </Suspense>
      </ErrorBoundary>
    </Layout>
  );
}
