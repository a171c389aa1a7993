// The router's page for an address no route matches (the server answers it with 404): see not-found.tsx.
import { NotFound } from "./not-found";

export default function NotFoundPage() {
  return <NotFound />;
}
