// An <a> that navigates client-side for plain left clicks and behaves as a normal link otherwise.
import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { navigate } from "../lib/navigation";

export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    const modified = event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (event.defaultPrevented || modified || rest.target === "_blank" || !href.startsWith("/")) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}
