import { redirect } from 'react-router';

// SPEC section 2: the root path redirects to /pl (the query, e.g. redirectFrom, is kept).
export function loader({ request }: { request: Request }) {
  const url = new URL(request.url);
  return redirect(`/pl${url.search}`, 302);
}

export default function RootRedirect() {
  return null;
}
