import { errorMessage } from '../lib/api-client.ts';
import { Button } from './ui/button.tsx';

type PagedQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  error: unknown;
  fetchNextPage: () => Promise<unknown>;
};

/** The foot of a paged list: why the next page failed, "Load more", or that everything is shown. */
export function LoadMore({ query, failure, allShown }: { query: PagedQuery; failure: string; allShown: string }) {
  return (
    <>
      {query.isFetchNextPageError ? (
        <p role="alert" className="text-center text-sm text-red-700">
          {errorMessage(query.error, failure)}
        </p>
      ) : null}
      {query.hasNextPage ? (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => void query.fetchNextPage()} isLoading={query.isFetchingNextPage}>
            Load more
          </Button>
        </div>
      ) : (
        <p className="text-center text-xs text-slate-500">{allShown}</p>
      )}
    </>
  );
}
