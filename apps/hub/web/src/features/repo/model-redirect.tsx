// `/models/{namespace}/{name}` (the site's first model URLs) now lives at `/{namespace}/{name}`, as on the hub: the
// old address is replaced in the history, so Back does not bounce through it.
import { useEffect } from "react";
import { Loading } from "../../components/status";
import { useLocation } from "../../lib/navigation";
import type { RouteParams } from "../../routes";
import { repoPagePath } from "./repo-url";

export default function ModelRedirect({ params }: { params: RouteParams }) {
  const { search } = useLocation();
  const query = search.toString();
  const target = `${repoPagePath({ type: "model", id: `${params.namespace}/${params.name}` })}${query ? `?${query}` : ""}`;
  useEffect(() => {
    // Deferred to an effect: navigating while rendering would update the router during React's render.
    window.history.replaceState(null, "", target);
    window.dispatchEvent(new PopStateEvent("popstate"));
  }, [target]);
  return <Loading what="the model page" />;
}
