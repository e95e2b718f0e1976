import { isRouteErrorResponse, useRouteError } from 'react-router';
import { MessagePage, NotFoundPage } from './routes/not-found.tsx';

/** Last resort for a render error, so a bug shows a way home instead of a blank page. */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  console.error(error);
  return (
    <MessagePage
      code="Error"
      title="Something went wrong"
      body="Please reload the page. If it keeps happening, contact support."
    />
  );
}
